import { mailBookResource, mailSenderRuleResource, mailTemplateResource } from '@portal/contracts/mail';
import { bindResource } from '../../platform/resource/index.js';
import { mailBook, mailSenderRules, mailTemplates } from './schema.js';

/** The address book, template and white / blacklist lists and exports; writes stay the room's spec calls. */
export const mailBookList = bindResource(mailBookResource, {
  table: mailBook,
  search: { keyword: mailBook.search },
  columns: {
    userId: mailBook.userId,
    email: mailBook.email,
    name: mailBook.name,
    company: mailBook.company,
    phone: mailBook.phone,
    remark: mailBook.remark,
    updatedAt: mailBook.updatedAt,
  },
});

export const mailTemplateList = bindResource(mailTemplateResource, {
  table: mailTemplates,
  search: { keyword: mailTemplates.search },
  columns: {
    userId: mailTemplates.userId,
    name: mailTemplates.name,
    subject: mailTemplates.subject,
    content: mailTemplates.content,
    shared: mailTemplates.shared,
    updatedAt: mailTemplates.updatedAt,
  },
});

export const mailSenderRuleList = bindResource(mailSenderRuleResource, {
  table: mailSenderRules,
  search: { keyword: mailSenderRules.search },
  columns: {
    userId: mailSenderRules.userId,
    kind: mailSenderRules.kind,
    value: mailSenderRules.value,
    source: mailSenderRules.source,
    remark: mailSenderRules.remark,
    updatedAt: mailSenderRules.updatedAt,
  },
});
