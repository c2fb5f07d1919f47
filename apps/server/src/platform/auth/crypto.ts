import { createHash, randomBytes } from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const opaqueToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
