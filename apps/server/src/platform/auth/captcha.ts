import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Clock } from '../clock.js';
import type { Db } from '../db/index.js';
import { sha256 } from './crypto.js';
import { captchas } from './schema.js';

const TTL_MS = 5 * 60 * 1000;

export async function createCaptcha(db: Db, clock: Clock): Promise<{ uuid: string; img: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f5f7fa' });
  const uuid = randomUUID();
  await db.insert(captchas).values({
    id: uuid,
    answerHash: sha256(c.text.toLowerCase()),
    expiresAt: new Date(clock.now().getTime() + TTL_MS),
  });
  return { uuid, img: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Single use: the captcha is consumed whether the answer is right or not. */
export async function consumeCaptcha(db: Db, clock: Clock, uuid: string, answer: string): Promise<boolean> {
  const now = clock.now();
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, uuid), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash });
  return !!row && row.answerHash === sha256(answer.trim().toLowerCase());
}
