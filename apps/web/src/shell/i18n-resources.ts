import type { zhCN as ai } from '../modules/ai/locales/zh-CN';
import type { zhCN as approval } from '../modules/approval/locales/zh-CN';
import type { zhCN as crm } from '../modules/crm/locales/zh-CN';
import type { zhCN as downloads } from '../modules/downloads/locales/zh-CN';
import type { zhCN as feedback } from '../modules/feedback/locales/zh-CN';
import type { zhCN as home } from '../modules/home/locales/zh-CN';
import type { zhCN as mail } from '../modules/mail/locales/zh-CN';
import type { zhCN as messages } from '../modules/messages/locales/zh-CN';
import type { zhCN as notices } from '../modules/notices/locales/zh-CN';
import type { zhCN as quotation } from '../modules/quotation/locales/zh-CN';
import type { zhCN as reports } from '../modules/reports/locales/zh-CN';
import type { zhCN as channels } from '../modules/srm/channels/locales/zh-CN';
import type { zhCN as srm } from '../modules/srm/locales/zh-CN';
import type { zhCN as system } from '../modules/system/locales/zh-CN';
import type { zhCN as traffic } from '../modules/traffic/locales/zh-CN';
import type { zhCN as platform } from '../platform/locales/zh-CN';

/**
 * Every text key of the UI, for the compiler: the platform's (loaded with the first page) and each
 * module's (loaded with the module, see platform/i18n.ts). Type imports only: nothing here loads.
 * A new module's `locales/zh-CN.ts` is added here (locales.test.ts checks that none is missing).
 */
export type UiTexts = typeof platform &
  typeof ai &
  typeof approval &
  typeof crm &
  typeof downloads &
  typeof feedback &
  typeof home &
  typeof mail &
  typeof messages &
  typeof notices &
  typeof quotation &
  typeof reports &
  typeof srm &
  typeof channels &
  typeof system &
  typeof traffic;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: UiTexts };
  }
}
