import type { FastifyInstance } from 'fastify';
import type { Platform } from './platform.js';
import type { PortFactories } from './ports.js';
import type { SeedContext } from './seed/context.js';

/** A business room as the platform mounts it (the list of rooms is modules/index.ts). */
export interface Module {
  name: string;
  register(app: FastifyInstance, p: Platform): Promise<void>;
  /** declare job kinds before the queue starts */
  jobs?(p: Platform): void;
  /** set recurring schedules once the queue runs */
  schedule?(p: Platform): Promise<void>;
  /**
   * the room's demo data at the context's scale, drawn from its own random stream (`ctx.rng`):
   * idempotent (a second run adds nothing), run after the platform's seed
   */
  seed?(ctx: SeedContext): Promise<void>;
  /** services this room offers the others (platform/ports.ts) */
  ports?: PortFactories;
}
