import type { TextLoaders } from '../../../platform/i18n';

/**
 * The mail module's texts by language. Whatever enters the module from outside (its screens in
 * shell/router.tsx, components the shell lazy-loads) loads them with `withTexts`: the active
 * language with the module, the other on a language switch.
 */
export const mailTexts: TextLoaders = {
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
  en: async () => (await import('./en')).en,
};
