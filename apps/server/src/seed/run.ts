import { bootPlatform } from '../platform/boot.js';
import { loadConfig } from '../platform/config.js';
import { seedAll } from './index.js';

/** `npm run seed`: the demo seed as a separate, idempotent step. */
const p = await bootPlatform(loadConfig());
await seedAll(p.db, p.log, p.config.seed);
await p.shutdown();
