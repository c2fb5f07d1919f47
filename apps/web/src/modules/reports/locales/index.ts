import type { TextLoaders } from '../../../platform/i18n';

/** The report screens' texts by language, loaded with its screens. */
export const reportsTexts: TextLoaders = {
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
  en: async () => (await import('./en')).en,
};
