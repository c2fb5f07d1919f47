import { srmChannels } from '../../src/modules/srm/channels/schema.js';
import { srmSuppliers } from '../../src/modules/srm/schema.js';
import type { TestApp } from '../harness.js';

let seq = 0;

/**
 * A supplier (owned by `ownerId` when given) with one channel per product (test data written to SRM's
 * tables); `prefix` keeps one file's codes apart from another's. Answers the supplier's and the channels' ids.
 */
export async function testSupplier(
  db: TestApp['p']['db'],
  opts: { prefix: string; ownerId?: number; products?: ('sms' | 'voice')[] },
) {
  const n = ++seq;
  const code = `${opts.prefix}${String(n).padStart(6, '0')}`;
  const [s] = await db
    .insert(srmSuppliers)
    .values({
      code: `S${code}`,
      name: `Carrier ${code}`,
      alias: `carrier${code.toLowerCase()}`,
      type: 'aggregator',
      country: 'SG',
      ownerId: opts.ownerId,
    })
    .returning({ id: srmSuppliers.id });
  const channels: number[] = [];
  for (const [i, product] of (opts.products ?? ['sms']).entries()) {
    const [c] = await db
      .insert(srmChannels)
      .values({
        code: `CH${code}${i}`,
        name: `${product} ${code}.${i}`,
        supplierId: s!.id,
        product,
        protocol: product === 'sms' ? 'smpp' : 'sip',
        host: 'carrier.example.net',
        port: 2775,
        capacity: 50,
      })
      .returning({ id: srmChannels.id });
    channels.push(c!.id);
  }
  return { id: s!.id, channels };
}
