/** Every table drizzle knows: platform tables, then each module's own. */
export * from '../access/schema.js';
export * from '../audit/schema.js';
export * from '../auth/schema.js';
export * from '../dict/schema.js';
export * from '../history/schema.js';
export * from '../idempotence/schema.js';
export * from '../ownership/schema.js';
export * from '../prefs/schema.js';
export * from '../sso/schema.js';
