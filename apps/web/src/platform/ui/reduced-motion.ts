import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const media = () => (typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(QUERY));

/** Whether the user asked the system for less motion (WCAG 2.3.3): dialogs, menus and charts then appear at once. */
export const prefersReducedMotion = (): boolean => media()?.matches ?? false;

function subscribe(onChange: () => void) {
  const m = media();
  m?.addEventListener('change', onChange);
  return () => m?.removeEventListener('change', onChange);
}

/** `prefersReducedMotion`, following a change of the system setting while the page is open. */
export const useReducedMotion = (): boolean => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
