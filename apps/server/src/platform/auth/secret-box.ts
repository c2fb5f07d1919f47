import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/index.js';
import { sharedSecret } from './secrets.js';

const boxes = new WeakMap<Db, Map<string, SecretBox>>();

/**
 * Secrets at rest (mailbox passwords, channel connection secrets): AES-256-GCM (node:crypto),
 * `v1.<iv>.<tag>.<ciphertext>` in base64url. Each box is named (`mail.password-key`,
 * `srm.channel-secret-key`); its key is the configured one when the room has it (production: kept
 * outside the database), else a random key of that name shared by the processes through the
 * platform's secrets table (demo and tests). Opened only where a connection is made, never for an
 * answer.
 */
export class SecretBox {
  private constructor(
    private readonly key: Buffer,
    private readonly name: string,
  ) {}

  /**
   * The box `name` of this database, loaded once per process (the first load reads the shared key
   * outside any transaction: call it at start or before one, not inside).
   */
  static async of(db: Db, name: string, configuredKey?: string): Promise<SecretBox> {
    let named = boxes.get(db);
    if (!named) {
      named = new Map();
      boxes.set(db, named);
    }
    const slot = configuredKey === undefined ? name : `${name}\u0000${configuredKey}`;
    let box = named.get(slot);
    if (!box) {
      const raw = configuredKey ?? (await sharedSecret(db, name));
      box = new SecretBox(createHash('sha256').update(raw).digest(), name);
      named.set(slot, box);
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
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error(`${this.name}: unknown sealed format`);
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}
