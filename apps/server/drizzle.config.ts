import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/*/schema.ts', './src/modules/*/schema.ts', './src/modules/*/*/schema.ts'],
  out: './migrations',
});
