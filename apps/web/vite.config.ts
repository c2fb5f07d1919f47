import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** API prefixes served by apps/server. A RegExp so that the SPA route /authorize is not caught by /auth. */
const API_PATHS = '^/(auth|dcode|v2|kunlun|healthz|sso-idp|api)(/|\\?|$)';
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

const inPackage = (id: string, names: string[]) =>
  names.some((n) => id.includes(`/node_modules/${n}/`) || id.includes(`\\node_modules\\${n}\\`));

/**
 * The files the entry loads statically (decision 0110): always in memory before any lazy import runs,
 * so no lazy import needs to preload them. Filled when the bundle is written, before Vite renders the
 * preload lists (a `pre` plugin's generateBundle runs ahead of Vite's import analysis).
 */
const shellFiles = new Set<string>();
const shellClosure: Plugin = {
  name: 'portal:shell-closure',
  enforce: 'pre',
  apply: 'build',
  generateBundle(_, bundle) {
    shellFiles.clear();
    const add = (file: string) => {
      const chunk = bundle[file];
      if (shellFiles.has(file) || chunk?.type !== 'chunk') return;
      shellFiles.add(file);
      for (const f of chunk.imports) add(f);
    };
    for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) add(chunk.fileName);
  },
};

export default defineConfig({
  plugins: [react(), shellClosure],
  server: {
    port: 5173,
    proxy: { [API_PATHS]: { target: API_TARGET, xfwd: true } },
  },
  preview: {
    proxy: { [API_PATHS]: { target: API_TARGET, xfwd: true } },
  },
  build: {
    outDir: 'dist',
    // scripts/bundle-size.mjs reads it to report what each entry page loads
    manifest: true,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    modulePreload: {
      resolveDependencies(_file, deps) {
        if (!shellFiles.size) throw new Error('portal:shell-closure did not run before the preload lists');
        return deps.filter((d) => !shellFiles.has(d));
      },
    },
    rolldownOptions: {
      treeshake: {
        // The shared contracts declare zod schemas at module level. Building a schema has no side
        // effect, so pages that use none of them need not carry zod: calls on `z` and on the base
        // schemas the contracts extend are marked pure (an unused one is dropped, a used one kept).
        manualPureFunctions: [
          'z',
          'tokenResponse',
          'userSetting',
          'pageQuery',
          // the shared scalar schemas (validation/scalars.ts) build zod schemas too
          'text',
          'int32',
          'int32Id',
          'coerceInt32',
          'int53',
          'decimal',
        ],
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]/, sideEffects: false }],
      },
      output: {
        // Rolldown's successor of Rollup's manualChunks (which it keeps only as a deprecated alias).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 30,
              test: (id) => inPackage(id, ['react', 'react-dom', 'scheduler', 'react-router']),
            },
          ],
        },
      },
    },
  },
});
