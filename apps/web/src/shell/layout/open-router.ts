import { isExternalRouter } from '../../platform/resources';

/** Spec 2: external entries (IMFS, MONITOR, NWP, BIBOARD) open in a new tab; others navigate. */
export function openRouter(router: string, navigate: (to: string) => void): void {
  if (isExternalRouter(router)) window.open(router, '_blank', 'noopener,noreferrer');
  else navigate(router);
}
