import type { TextLoaders } from '../../../../platform/i18n';

/** The channel screens' texts by language, loaded with its screens. */
export const channelTexts: TextLoaders = {
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
  en: async () => (await import('./en')).en,
};
