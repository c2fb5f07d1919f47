import type { Module } from '../../platform/module.js';
import { homeRoutes } from './routes.js';

/** Home overview: summary figures, quick entrances, personal settings, sign-in prompt. */
export const homeModule: Module = { name: 'home', register: homeRoutes };
