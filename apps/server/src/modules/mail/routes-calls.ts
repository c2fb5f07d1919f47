import { envelope } from '@portal/contracts';
import {
  batchTransmitBody,
  customerContactBody,
  customerContactHit,
  followSelectQuery,
  MAIL_API,
  mailDingBody,
  mailDingQuery,
  mailDingState,
  selectOption,
  senderHit,
  senderQueryBody,
} from '@portal/contracts/mail';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { mailCalls } from './calls.js';
import type { MailService } from './service.js';

const own = { access: 'authenticated' as const };
const ownQuiet = { access: 'authenticated' as const, audit: false };

/** sender/query, email/customer/contact, email/batch/transmit, select/email/{follow,mark}, dingNotice/{query,update}. */
export async function mailCallRoutes(app: FastifyInstance, p: Platform, mail: MailService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['mail'];
  const P = MAIL_API;
  const calls = mailCalls(p, mail, await filesOf(p));

  r.post(
    `${P}/sender/query`,
    {
      schema: {
        tags,
        summary: 'Who wrote to my inbox or spam (the sender filter), most mail first',
        body: senderQueryBody,
        response: { 200: envelope(z.array(senderHit)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await calls.senders(req.auth!.userId, req.body)),
  );
  r.post(
    `${P}/email/customer/contact`,
    {
      schema: {
        tags,
        summary: 'Contacts with an address of the customers I may see (write step), one customer with customerId',
        body: customerContactBody,
        response: { 200: envelope(z.array(customerContactHit)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await calls.customerContacts(req.auth!, req.body)),
  );
  r.post(
    `${P}/email/batch/transmit`,
    {
      schema: {
        tags,
        summary: 'Batch forward: one mail carrying each chosen mail as an .eml attachment',
        body: batchTransmitBody,
        response: { 200: envelope(z.object({ id: z.number().int(), messageId: z.string() })) },
      },
      config: own,
    },
    async (req) => ok(await calls.batchTransmit(req.auth!.userId, req.body)),
  );
  r.get(
    `${P}/select/email/follow`,
    {
      schema: {
        tags,
        summary: 'Follow-up types a mail can be recorded as (customer or supplier)',
        querystring: followSelectQuery,
        response: { 200: envelope(z.array(selectOption)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await calls.followOptions(req.query.counterpartKind, localeOf(req.headers))),
  );
  r.get(
    `${P}/select/email/mark`,
    {
      schema: {
        tags,
        summary: 'The marks receive/mark and junk/mark take',
        response: { 200: envelope(z.array(selectOption)) },
      },
      config: ownQuiet,
    },
    async (req) => ok(calls.markOptions(localeOf(req.headers))),
  );
  r.get(
    `${P}/dingNotice/query`,
    {
      schema: {
        tags,
        summary: "Whether a mailbox's new-mail notices also go to the workplace-chat robot",
        querystring: mailDingQuery,
        response: { 200: envelope(mailDingState) },
      },
      config: ownQuiet,
    },
    async (req) => ok(await calls.ding(req.auth!.userId, req.query.accountId)),
  );
  r.post(
    `${P}/dingNotice/update`,
    {
      schema: {
        tags,
        summary: "Turn a mailbox's robot notices on or off",
        body: mailDingBody,
        response: { 200: envelope(mailDingState) },
      },
      config: own,
    },
    async (req) => ok(await calls.setDing(req.auth!.userId, req.body)),
  );
}
