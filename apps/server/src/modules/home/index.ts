import type { Module } from '../../platform/module.js';
import { homeRoutes } from './routes.js';

export { announceHomeFigures } from './figures.js';

/** Home overview: summary figures, quick entrances, personal settings, sign-in prompt. */
export const homeModule: Module = { name: 'home', register: homeRoutes };
