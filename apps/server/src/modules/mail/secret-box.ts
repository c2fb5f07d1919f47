import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { sharedSecret } from '../../platform/auth/secrets.js';
import type { Platform } from '../../platform/platform.js';

/**
 * Mailbox passwords at rest: AES-256-GCM (node:crypto), `v1.<iv>.<tag>.<ciphertext>` in base64url.
 * The key is MAIL_SECRET_KEY when configured (production: kept outside the database), else a
 * random key shared by the processes through the platform's secrets table (demo and tests).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static async of(p: Pick<Platform, 'db' | 'config'>): Promise<SecretBox> {
    const raw = p.config.mail.secretKey ?? (await sharedSecret(p.db, 'mail.password-key'));
    return new SecretBox(createHash('sha256').update(raw).digest());
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), body].map((x) => (typeof x === 'string' ? x : x.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('mail secret: unknown format');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
  }
}
