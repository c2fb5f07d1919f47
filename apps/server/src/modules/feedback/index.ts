import type { Module } from '../../platform/module.js';
import { feedbackRoutes } from './routes.js';
import { seedFeedbackDemo } from './seed.js';

/** Feedback and rating of menu items. */
export const feedbackModule: Module = { name: 'feedback', register: feedbackRoutes, seed: seedFeedbackDemo };
