import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/index.js';
import type { Platform } from '../platform/platform.js';
import { aiModule } from './ai/index.js';
import { approvalModule } from './approval/index.js';
import { downloadsModule } from './downloads/index.js';
import { feedbackModule } from './feedback/index.js';
import { homeModule } from './home/index.js';
import { messagesModule } from './messages/index.js';
import { noticesModule } from './notices/index.js';
import { systemModule } from './system/index.js';

export interface Module {
  name: string;
  register(app: FastifyInstance, p: Platform): Promise<void>;
  /** declare job kinds before the queue starts */
  jobs?(p: Platform): void;
  /** set recurring schedules once the queue runs */
  schedule?(p: Platform): Promise<void>;
  /** the room's demo data: idempotent, run after the platform's demo seed */
  seed?(db: Db, log: FastifyBaseLogger): Promise<void>;
}

/** Every business room, mounted in order. */
export const modules: Module[] = [
  homeModule,
  systemModule,
  noticesModule,
  feedbackModule,
  messagesModule,
  approvalModule,
  aiModule,
  downloadsModule,
];
