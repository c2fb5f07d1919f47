import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** API prefixes served by apps/server. A RegExp so that the SPA route /authorize is not caught by /auth. */
const API_PATHS = '^/(auth|dcode|v2|kunlun|healthz|sso-idp|api)(/|\\?|$)';
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

const inPackage = (id: string, names: string[]) =>
  names.some((n) => id.includes(`/node_modules/${n}/`) || id.includes(`\\node_modules\\${n}\\`));

/** Icons stay out of the named groups: most are loaded lazily by name (see shell/layout/MenuIcon.tsx). */
const isIcons = (id: string) => inPackage(id, ['@ant-design/icons', '@ant-design/icons-svg']);

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
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Rolldown's successor of Rollup's manualChunks (which it keeps only as a deprecated alias).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 30,
              test: (id) => inPackage(id, ['react', 'react-dom', 'scheduler', 'react-router']),
            },
            {
              name: 'antd',
              priority: 20,
              test: (id) =>
                !isIcons(id) &&
                (inPackage(id, ['antd', '@rc-component']) || /[\\/]node_modules[\\/]@ant-design[\\/]/.test(id)),
            },
            { name: 'vendor', priority: 10, test: (id) => !isIcons(id) && /[\\/]node_modules[\\/]/.test(id) },
          ],
        },
      },
    },
  },
});
