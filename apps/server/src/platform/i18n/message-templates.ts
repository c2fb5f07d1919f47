import type { Locale } from '@portal/contracts';
import { nameIn } from './names.js';

/** A template variable: plain, or a name with a Chinese and an English form. */
export type TextVar = string | number | { zh: string; en: string };
export type TextVars = Record<string, TextVar>;

/** A message's title and content per language, with `{name}` placeholders. */
export interface MessageTemplate {
  title: Record<Locale, string>;
  content: Record<Locale, string>;
}

/** What a stored message keeps to be rendered when it is read. */
export interface TemplateRef {
  key: string;
  vars: TextVars;
}

const templates = new Map<string, MessageTemplate>();

/**
 * Declares the message templates of an area, keyed `<area>.<name>`. Messages are stored as key
 * and variables and rendered in the reader's language each time they are read.
 */
export function defineMessageTemplates(area: string, defs: Record<string, MessageTemplate>): void {
  for (const [name, t] of Object.entries(defs)) templates.set(`${area}.${name}`, t);
}

const fill = (text: string, vars: TextVars, locale: Locale) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return typeof v === 'object' ? nameIn(locale, v.zh, v.en) : String(v);
  });

/** The message in a language; null for a key no area declared (the stored text is used then). */
export function renderMessage(
  ref: { key: string; vars: TextVars | null },
  locale: Locale,
): { title: string; content: string } | null {
  const t = templates.get(ref.key);
  if (!t) return null;
  const vars = ref.vars ?? {};
  return { title: fill(t.title[locale], vars, locale), content: fill(t.content[locale], vars, locale) };
}

/**
 * A notification's text from a template: the template reference for the message center, and the
 * Chinese rendering as the stored text (keyword search, channels that cannot render per reader).
 */
export function templated(key: string, vars: TextVars = {}): { title: string; content: string; template: TemplateRef } {
  const zh = renderMessage({ key, vars }, 'zh-CN');
  if (!zh) throw new Error(`message template ${key} is not defined`);
  return { ...zh, template: { key, vars } };
}

/**
 * The template keys whose fixed English text (title or content, placeholders left out) contains
 * the keyword: stored messages keep the Chinese rendering, so an English keyword search matches
 * the template by its key and the variables by their English forms (messages service).
 */
export function templateKeysWithEnglish(keyword: string): string[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [];
  const words = (text: string) => text.split(/\{\w+\}/).some((part) => part.toLowerCase().includes(needle));
  return [...templates].filter(([, t]) => words(t.title.en) || words(t.content.en)).map(([key]) => key);
}
