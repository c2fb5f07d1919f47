// The Node flags the server runs with: `npm start` (apps/server/package.json, kept equal by
// test/node-flags.test.ts), the browser tests' servers and the benches' server processes.
// `--max-semi-space-size=32`: an ingestion batch lives across its database round trips, and left to itself
// V8 kept the young generation small under that load (twice the scavenges); with the size named it grows it.
// Decision 0167 has the measurements (the server's CPU per ingested record −13 to −15 %).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
