/**
 * Ownership and pool (open sea) of a resource: owner, owner time, pool, claim with limits and
 * cool-down, distribute, return, transfer with related records, share as read / write members,
 * the owner log. One platform piece for customers, suppliers and clues (docs/architecture.md,
 * "Ownership and pool"; decision 0031).
 */
export * from './define.js';
export * from './party.js';
export * from './schemas.js';
