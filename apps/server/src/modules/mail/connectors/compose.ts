import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { OutgoingMail } from './types.js';

const addr = (a: { email: string; name?: string | null }) => (a.name ? { name: a.name, address: a.email } : a.email);

/** Builds the MIME message once: the same bytes go to SMTP and to the Sent folder. */
export async function composeMime(mail: OutgoingMail, domain: string): Promise<{ raw: Buffer; messageId: string }> {
  const composer = new MailComposer({
    from: addr(mail.from),
    to: mail.to.map(addr),
    cc: mail.cc.map(addr),
    bcc: mail.bcc.map(addr),
    subject: mail.subject,
    html: mail.html,
    attachments: mail.attachments,
    messageId: `<${crypto.randomUUID()}@${domain}>`,
    // the Sent copy keeps Bcc; the SMTP envelope decides who receives
    keepBcc: true,
  } as ConstructorParameters<typeof MailComposer>[0] & { keepBcc: boolean });
  const node = composer.compile();
  node.keepBcc = true;
  const raw = await node.build();
  return { raw, messageId: node.messageId() };
}

/** The SMTP envelope: every recipient, Bcc included. */
export const envelopeOf = (mail: OutgoingMail) => ({
  from: mail.from.email,
  to: [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.email),
});
