import type { Module } from '../index.js';
import { noticeRoutes } from './routes.js';

/** Version (release) notices and their start-up popup. */
export const noticesModule: Module = { name: 'notices', register: noticeRoutes };
