import { bootPlatform } from '../platform/boot.js';
import { loadConfig } from '../platform/config.js';
import { seedDemo } from './demo.js';

/** `npm run seed`: the demo seed as a separate, idempotent step. */
const p = await bootPlatform(loadConfig());
await seedDemo(p.db, p.log);
await p.shutdown();
