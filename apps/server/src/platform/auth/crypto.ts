import { createHash, createHmac, randomBytes } from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const opaqueToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const hmacSha256 = (key: string, s: string) => createHmac('sha256', key).update(s).digest('hex');
