import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { feedbackModule } from './feedback/index.js';
import { homeModule } from './home/index.js';
import { noticesModule } from './notices/index.js';
import { systemModule } from './system/index.js';

export interface Module {
  name: string;
  register(app: FastifyInstance, p: Platform): Promise<void>;
  /** declare jobs and schedules before the queue starts */
  jobs?(p: Platform): void;
}

/** Every business room, mounted in order. */
export const modules: Module[] = [homeModule, systemModule, noticesModule, feedbackModule];
