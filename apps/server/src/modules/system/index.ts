import type { Module } from '../index.js';
import { userRoutes } from './users.routes.js';

/** System settings room: staff users, roles, menus, system log. */
export const systemModule: Module = {
  name: 'system',
  register: userRoutes,
};
