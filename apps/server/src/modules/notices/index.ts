import type { Module } from '../../platform/module.js';
import { defineDingWebhookJob } from './ding-webhook.js';
import { noticeRoutes } from './routes.js';
import { seedNoticesDemo } from './seed.js';

/** Version (release) notices with their start-up popup, and ding notices. */
export const noticesModule: Module = {
  name: 'notices',
  register: noticeRoutes,
  jobs: defineDingWebhookJob,
  seed: seedNoticesDemo,
};
