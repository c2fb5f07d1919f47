import { Decimal } from 'decimal.js';
import { defineMessageTemplates, templated } from '../../platform/i18n/message-templates.js';
import type { Platform } from '../../platform/platform.js';
import { portOf } from '../../platform/ports.js';
import { escapeHtml } from '../../platform/sso/pages.js';
import { customerMailContacts } from '../crm/customer-refs.js';

defineMessageTemplates('finance', {
  warnFailed: {
    title: {
      'zh-CN': '账户 {account} 的逾期提醒未能发给客户',
      en: 'The overdue warning to the customer of {account} was not sent',
    },
    content: {
      'zh-CN': '客户 {customer} 的账户 {account} 逾期，提醒邮件未发出：{reason}。请联系客户。',
      en: 'Account {account} of {customer} is overdue; the warning mail was not sent: {reason}. Please contact the customer.',
    },
  },
});

const NO_CONTACT = { zh: '客户没有带邮箱的联系人', en: 'the customer has no contact with a mail address' };
const NO_OWNER = { zh: '客户没有负责人（无发件邮箱）', en: 'the customer has no owner to send from' };
const NO_MAIL = { zh: '邮件模块未启用', en: 'the mail room is not running' };

export interface Overdue {
  accountId: number;
  code: string;
  customerId: number;
  customer: string | null;
  ownerId: number | null;
  currency: string;
  days: number;
  unpaid: string;
  bills: number;
}

/** The warning itself, in both languages (the customer's language is not recorded). */
function warningMail(o: Overdue) {
  const amount = `${new Decimal(o.unpaid).toFixed(2)} ${o.currency}`;
  const who = escapeHtml(o.customer ?? '');
  return {
    subject: `账户 ${o.code} 逾期付款提醒 / Overdue payment reminder for account ${o.code}`,
    html: [
      `<p>尊敬的 ${who}：</p>`,
      `<p>您的账户 ${escapeHtml(o.code)} 有 ${o.bills} 张账单未付，共 ${amount}，最早一张已逾期 ${o.days} 天。请尽快付款，以免服务暂停。</p>`,
      '<hr>',
      `<p>Dear ${who},</p>`,
      `<p>Your account ${escapeHtml(o.code)} has ${o.bills} unpaid bills, ${amount} in total; the oldest is ${o.days} days past due. Please pay soon to keep the service running.</p>`,
    ].join('\n'),
  };
}

/**
 * The ladder's warn-customer step (decision 0080): a mail to the customer's contacts with a mail
 * address, sent from the owner's own mailbox through the mail room (kept in its sent folder, logged
 * like a written mail). When it cannot go (no contact, no owner, no mailbox bound, the server refused),
 * the people `notify` names for the step are told why, so someone contacts the customer.
 */
export async function warnCustomer(p: Platform, o: Overdue, tell: number[]): Promise<boolean> {
  const contacts = await customerMailContacts(p.db, o.customerId);
  const mail = portOf(p.db, 'mail');
  let reason: { zh: string; en: string } | string | null = null;
  if (!contacts.length) reason = NO_CONTACT;
  else if (!o.ownerId) reason = NO_OWNER;
  else if (!mail) reason = NO_MAIL;
  else
    try {
      await mail.send(o.ownerId, {
        to: contacts.map((c) => ({ email: c.email, name: c.name })),
        ...warningMail(o),
        fileIds: [],
      });
    } catch (err) {
      reason = err instanceof Error ? err.message : String(err);
    }
  if (reason === null) return true;
  await p.notifier.send({
    userIds: tell,
    type: 'alarm',
    ...templated('finance.warnFailed', { account: o.code, customer: o.customer ?? '-', reason }),
    link: `/businessInquiry/creditModifyRecord/consumer?id=${o.accountId}`,
    source: { kind: 'finance.warnFailed', id: String(o.accountId) },
  });
  return false;
}
