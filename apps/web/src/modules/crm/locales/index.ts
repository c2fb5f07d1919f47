import type { TextLoaders } from '../../../platform/i18n';

/** The CRM module's texts by language, loaded with its screens. */
export const crmTexts: TextLoaders = {
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
  en: async () => (await import('./en')).en,
};
