/** The reference-data resources (zod-free: the definitions are data). */
export { bankAccountResource, bankResource, brandResource, entityResource } from './finance.js';
export { operatorResource } from './operator.js';
