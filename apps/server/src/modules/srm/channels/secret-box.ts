import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sharedSecret } from '../../../platform/auth/secrets.js';
import type { Db } from '../../../platform/db/index.js';

const boxes = new WeakMap<Db, ChannelSecretBox>();

/**
 * Channel connection secrets at rest: AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>` in base64url, as the
 * mail room keeps mailbox passwords. The key is shared by the processes through the platform's
 * secrets table; opened only where a connection is made (the traffic room), never for an answer.
 */
export class ChannelSecretBox {
  private constructor(private readonly key: Buffer) {}

  /** the box of this database; loaded once per process (the first load reads the key outside any transaction) */
  static async of(db: Db): Promise<ChannelSecretBox> {
    let box = boxes.get(db);
    if (!box) {
      box = new ChannelSecretBox(
        createHash('sha256')
          .update(await sharedSecret(db, 'srm.channel-secret-key'))
          .digest(),
      );
      boxes.set(db, box);
    }
    return box;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), body].map((x) => (typeof x === 'string' ? x : x.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('channel secret: unknown format');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}
