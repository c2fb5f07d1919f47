import type { Module } from '../index.js';
import { feedbackRoutes } from './routes.js';

/** Feedback and rating of menu items. */
export const feedbackModule: Module = { name: 'feedback', register: feedbackRoutes };
