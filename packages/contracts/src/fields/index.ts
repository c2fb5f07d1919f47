export * from './kinds.js';
export * from './value.js';
