/**
 * The send pages' paths under /offerManage/send/, apart from their settings (send-pages.ts): the
 * route map is in the shell's first load and needs the paths only.
 */
export const SEND_PAGE_KEYS = [
  'sms',
  'otp-sms',
  'voice',
  'ai-voice',
  'otp-voice',
  'number',
  'whatsapp',
  'group',
  'otp-group',
  'az-sms',
  'supplier-sms',
  'supplier-voice',
  'supplier-ai-voice',
  'upload-file',
] as const;
export type SendPageKey = (typeof SEND_PAGE_KEYS)[number];
