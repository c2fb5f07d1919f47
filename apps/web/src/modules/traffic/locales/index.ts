import type { TextLoaders } from '../../../platform/i18n';

/** The traffic screens' texts by language, loaded with its screens. */
export const trafficTexts: TextLoaders = {
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
  en: async () => (await import('./en')).en,
};
