import type { Locale } from '@portal/contracts';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';

// the session store persists to localStorage (absent in Node): an in-memory one, before any import runs
vi.hoisted(() => {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, String(v)),
      removeItem: (k: string) => void items.delete(k),
    },
  });
});

import { addTexts, antdLocale, changeLocale, currentLocale, i18n, i18nReady, type Texts } from './i18n';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';

/** A part whose loaders count their calls and can be held back or made to fail. */
function part(block: string) {
  const calls: Locale[] = [];
  let failNext = false;
  const texts = (locale: Locale): Texts => ({ [block]: { hello: `${block} ${locale}` } });
  const load = (locale: Locale) => async () => {
    calls.push(locale);
    if (failNext) {
      failNext = false;
      throw new Error('chunk failed');
    }
    return texts(locale);
  };
  return {
    calls,
    failOnce: () => {
      failNext = true;
    },
    loaders: { 'zh-CN': load('zh-CN'), en: load('en') },
  };
}

const other = (l: Locale): Locale => (l === 'en' ? 'zh-CN' : 'en');

describe('UI texts by language and by part', () => {
  it('start with the platform pack of the session language only', async () => {
    await i18nReady;
    const locale = currentLocale();
    expect(i18n.language).toBe(locale);
    expect(i18n.t('app.name')).toBe(locale === 'en' ? en.app.name : zhCN.app.name);
    expect(i18n.hasResourceBundle(other(locale), 'translation')).toBe(false);
    expect(antdLocale(locale)?.locale).toBe(locale === 'en' ? 'en' : 'zh-cn');
    expect(antdLocale(other(locale))).toBeUndefined();
  });

  it('add a module part in the active language, then its other language on a switch', async () => {
    await i18nReady;
    const start = currentLocale();
    const m = part('modA');
    await addTexts(m.loaders);
    await addTexts(m.loaders);
    expect(m.calls).toEqual([start]);
    expect(i18n.t('modA.hello' as never)).toBe(`modA ${start}`);

    await changeLocale(other(start));
    expect(currentLocale()).toBe(other(start));
    expect(m.calls).toEqual([start, other(start)]);
    expect(i18n.t('modA.hello' as never)).toBe(`modA ${other(start)}`);
    expect(i18n.t('app.name')).toBe(other(start) === 'en' ? en.app.name : zhCN.app.name);
    expect(antdLocale(other(start))).toBeDefined();

    await changeLocale(start);
    expect(m.calls).toHaveLength(2);
    expect(i18n.t('modA.hello' as never)).toBe(`modA ${start}`);
  });

  it('load a part that arrives during a switch in the new language too', async () => {
    await i18nReady;
    const from = currentLocale();
    const late = part('modLate');
    const switching = changeLocale(other(from));
    // a module chunk loads while the switch is under way (still the old language)
    await addTexts(late.loaders);
    await switching;
    expect(late.calls).toEqual([from, other(from)]);
    expect(i18n.t('modLate.hello' as never)).toBe(`modLate ${other(from)}`);
    await changeLocale(from);
  });

  it('keep the language when a text chunk fails, and try that chunk again next time', async () => {
    await i18nReady;
    const from = currentLocale();
    const m = part('modFail');
    await addTexts(m.loaders);
    m.failOnce();
    await expect(changeLocale(other(from))).rejects.toThrow('chunk failed');
    expect(currentLocale()).toBe(from);
    expect(i18n.language).toBe(from);
    await changeLocale(other(from));
    expect(currentLocale()).toBe(other(from));
    expect(i18n.t('modFail.hello' as never)).toBe(`modFail ${other(from)}`);
    await changeLocale(from);
  });

  it('start calendar weeks on Monday in both languages (spec 9)', async () => {
    await i18nReady;
    const from = currentLocale();
    for (const locale of [from, other(from)]) {
      await changeLocale(locale);
      // 2026-11-21 is a Saturday
      expect(dayjs('2026-11-21').startOf('week').format('YYYY-MM-DD'), locale).toBe('2026-11-16');
    }
    await changeLocale(from);
  });

  it('let the last of two quick switches win', async () => {
    await i18nReady;
    const from = currentLocale();
    const first = changeLocale(other(from));
    const second = changeLocale(from);
    await Promise.all([first, second]);
    expect(currentLocale()).toBe(from);
    expect(i18n.language).toBe(from);
  });
});
