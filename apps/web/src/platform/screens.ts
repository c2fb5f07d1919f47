import type { ComponentType } from 'react';
import { type TextLoaders, withTexts } from './i18n';

/** A screen's lazy loader (React Router `lazy`), keyed in a ScreenMap by its registry path. */
export type ScreenLoader = () => Promise<{ Component: ComponentType }>;
export type ScreenMap = Readonly<Record<string, ScreenLoader>>;

/** A module's screens, each loading together with the module's texts (see platform/i18n.ts). */
export const screensWithTexts = (texts: TextLoaders, screens: ScreenMap): ScreenMap =>
  Object.fromEntries(Object.entries(screens).map(([path, load]) => [path, withTexts(texts, load)]));
