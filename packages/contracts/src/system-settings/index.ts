/** The system settings screens: menus, roles, departments and the system log (`@portal/contracts/system-settings`). */
export * from './audit-log.js';
export * from './departments.js';
export * from './menu.js';
export * from './pickers.js';
export * from './roles.js';
export * from './tree.js';
