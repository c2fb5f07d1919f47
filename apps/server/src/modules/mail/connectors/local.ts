import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { AppError } from '../../../platform/http/errors.js';
import { composeMime, envelopeOf } from './compose.js';
import type { MailConnector } from './types.js';

const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;

/**
 * The built-in mail server of the embedded default: an SMTP server (smtp-server) on 127.0.0.1
 * that takes mail for any address and hands each message with its recipients to `deliver`
 * (the store puts it in the inbox of every local mailbox among them; other addresses are the
 * demo world's outside and keep nothing). Any SMTP client on the machine can send to it.
 */
export class LocalMailServer {
  private server: SMTPServer;
  port = 0;

  constructor(
    deliver: (raw: Buffer, recipients: string[]) => Promise<void>,
    log: { warn(o: object, m: string): void },
  ) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      size: MAX_MESSAGE_BYTES,
      logger: false,
      banner: 'portal built-in mail server',
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
            return;
          }
          deliver(
            Buffer.concat(chunks),
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ).then(
            () => callback(),
            (err) => {
              log.warn({ err }, 'local mail delivery failed');
              callback(Object.assign(new Error('delivery failed, try later'), { responseCode: 451 }));
            },
          );
        });
      },
    });
    this.server.on('error', (err) => log.warn({ err }, 'local mail server error'));
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Mailboxes on the built-in server: sending is real SMTP to it; the store is the mailbox, so flags and moves stay here. */
export function localConnector(server: LocalMailServer): MailConnector {
  return {
    verify: async () => {},
    async send(box, mail) {
      const { raw, messageId } = await composeMime(mail, box.email.split('@')[1] ?? 'localhost');
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: server.port,
        secure: false,
        ignoreTLS: true,
      });
      try {
        await transport.sendMail({ envelope: envelopeOf(mail), raw });
      } catch (err) {
        const e = err as { responseCode?: number; code?: string };
        throw new AppError('MAIL_SEND_FAILED', {
          vars: { reason: e.responseCode ? String(e.responseCode) : (e.code ?? 'SMTP') },
        });
      } finally {
        transport.close();
      }
      return { messageId, raw, remote: null };
    },
    sync: async () => 0,
    setFlags: async () => {},
    move: async () => new Map(),
  };
}
