import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** API prefixes served by apps/server. A RegExp so that the SPA route /authorize is not caught by /auth. */
const API_PATHS = '^/(auth|dcode|v2|kunlun|healthz|sso-idp|api)(/|\\?|$)';
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

const inPackage = (id: string, names: string[]) =>
  names.some((n) => id.includes(`/node_modules/${n}/`) || id.includes(`\\node_modules\\${n}\\`));

export default defineConfig({
  plugins: [react()],
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
