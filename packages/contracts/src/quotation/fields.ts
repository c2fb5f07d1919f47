import { type EnumOption, label } from '../resource/define.js';

/** The products a price, a quote or a billing method is for, as enum options (PRODUCTS in ./index). */
export const productOptions: EnumOption[] = [
  { value: 'sms', label: label('短信', 'SMS') },
  { value: 'voice', label: label('语音', 'Voice') },
  { value: 'whatsapp', label: label('WhatsApp', 'WhatsApp') },
  { value: 'number', label: label('号码', 'Number') },
  { value: 'email', label: label('邮件', 'E-mail') },
];

/** Whom a customer price book quotes: an account, or a quote group. */
export const customerBookOptions: EnumOption[] = [
  { value: 'account', label: label('客户账户', 'Customer account') },
  { value: 'group', label: label('报价组', 'Quote group'), color: 'blue' },
];

/** whom a quote mail quoted: a customer's book, or a supplier channel's costs (decision 0102) */
export const quoteBookOptions: EnumOption[] = [
  ...customerBookOptions,
  { value: 'channel', label: label('供应商通道', 'Supplier channel'), color: 'purple' },
];

/** shown on every row and read-only: the fields of a record the room writes itself */
export const shown = { readOnly: true, required: true } as const;
