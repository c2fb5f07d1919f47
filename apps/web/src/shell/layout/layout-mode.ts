import type { Platform } from '../../platform/session-record';

/** Spec 3 "Layout state": the device class the shell lays itself out for. */
export type Device = 'pc' | 'tablet' | 'mobile';

/** Spec 4/9 breakpoints: 1080 or more is PC, above 768 tablet, 768 or less mobile. */
export const PC_MIN_WIDTH = 1080;
export const MOBILE_MAX_WIDTH = 768;

/** Spec 9: header 52 px; side menu 221 px, 65 collapsed, 0 on mobile. */
export const HEADER_HEIGHT = 52;
export const SIDER_WIDTH = 221;
export const SIDER_COLLAPSED_WIDTH = 65;

/**
 * The device class for a window width. 'Switch to mobile' (platform H5) lays the shell out as
 * mobile whatever the width, so a desktop user can use the mobile layout on purpose.
 */
export function deviceFor(width: number, platform: Platform = 'PC'): Device {
  if (platform === 'H5') return 'mobile';
  if (width >= PC_MIN_WIDTH) return 'pc';
  if (width > MOBILE_MAX_WIDTH) return 'tablet';
  return 'mobile';
}

/** PC starts with the menu expanded; tablet and mobile collapsed (spec 4). */
export const defaultCollapsed = (device: Device): boolean => device !== 'pc';

/** Width the side menu takes in the layout: 0 on mobile (it opens as a drawer there). */
export function siderWidth(device: Device, collapsed: boolean): number {
  if (device === 'mobile') return 0;
  return collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
}

/**
 * What the navigation highlights: the current module in the top bar and the current page in the
 * side menu. On the no-permission page neither is the layout the user stays in: the top bar
 * highlights the module of the refused route (if any) and the side menu nothing.
 */
export function highlightFor(o: { allowed: boolean; app: string; refusedApp: string | null; active: string }): {
  current: string;
  active: string;
} {
  if (o.allowed) return { current: o.app, active: o.active };
  return { current: o.refusedApp ?? '', active: '' };
}
