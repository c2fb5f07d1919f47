// The Node flags the server runs with: `npm start` (apps/server/package.json, kept equal by
// test/node-flags.test.ts), the browser tests' servers and the benches' server processes.
// A young generation of up to 32 MB a half: an ingestion batch lives across its database round trips,
// so with V8's 16 MB it was copied out of the young generation and collected again in the old one;
// decision 0167 has the measurements (the server's CPU per ingested record −13 to −15 %).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
