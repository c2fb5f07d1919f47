import { text } from './scalars.js';

export const RECIPIENT_FORMAT_ERROR = '输入邮箱格式有误，请更正';

export interface EmailAddress {
  email: string;
  name?: string | null;
}

const emailSchema = text().email();

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value.trim()).success;
}

/** Spec 5: any invalid address in a recipient list rejects the whole list with one message. */
export function validateRecipients(list: EmailAddress[]): string | null {
  return list.every((a) => isValidEmail(a.email)) ? null : RECIPIENT_FORMAT_ERROR;
}

const escapeAngles = (s: string) => s.replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Spec 5 display: 'name<email>'; else local part + '<email>' when valid; else '<email>'. Brackets inside values escaped. */
export function formatAddress(a: EmailAddress): string {
  const email = escapeAngles(a.email.trim());
  if (a.name?.trim()) return `${escapeAngles(a.name.trim())}<${email}>`;
  if (isValidEmail(a.email)) return `${escapeAngles(a.email.trim().split('@')[0] ?? '')}<${email}>`;
  return `<${email}>`;
}

/** Inline base64 images whose type is missing are treated as PNG. */
export function inlineImageMime(type: string | null | undefined): string {
  return type?.trim() ? type : 'image/png';
}
