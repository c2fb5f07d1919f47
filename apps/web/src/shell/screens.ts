import type { ComponentType } from 'react';

/** A screen's lazy loader (React Router `lazy`), keyed in a ScreenMap by its registry path. */
export type ScreenLoader = () => Promise<{ Component: ComponentType }>;
export type ScreenMap = Readonly<Record<string, ScreenLoader>>;
