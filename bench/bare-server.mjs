// The yardstick of the platform-cost suite: a bare Fastify process answering one fixed JSON body on
// GET /bare, with no hooks, no logger, no schema. Started by platform-cost.suite.mjs with the body
// the real route answered, so both send the same bytes. Prints its URL on stdout once listening.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BARE_BODY ?? '{}');
const app = Fastify({ logger: false });
app.get('/bare', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address();
process.stdout.write(`http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
