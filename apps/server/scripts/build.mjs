// Builds the server for `npm start`: our code (server + @portal/contracts) bundled by esbuild into
// one ES module under apps/server/dist; npm packages stay external and load from node_modules.
// Running the bundle instead of TypeScript through tsx saves ~80 MB of memory and the start-up
// transpile (docs/decisions/0015-server-build.md). Tests and `npm run dev` still run the sources.
//   node scripts/build.mjs                      → dist/main.mjs
//   buildServer(entry, outfile) from other scripts (the export bench bundles its runner the same way)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** every bare import is external except our own workspace packages */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(
  entry = path.join(serverRoot, 'src/main.ts'),
  outfile = path.join(serverRoot, 'dist/main.mjs'),
) {
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return outfile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer();
  process.stdout.write(`server built: ${path.relative(process.cwd(), out)}\n`);
}
