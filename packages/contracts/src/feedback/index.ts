export * from './resources.js';
