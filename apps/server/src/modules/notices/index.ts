import type { Module } from '../index.js';
import { defineDingWebhookJob } from './ding-webhook.js';
import { noticeRoutes } from './routes.js';

/** Version (release) notices with their start-up popup, and ding notices. */
export const noticesModule: Module = { name: 'notices', register: noticeRoutes, jobs: defineDingWebhookJob };
