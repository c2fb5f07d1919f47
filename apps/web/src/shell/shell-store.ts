import { create } from 'zustand';
import type { SubApp } from '../platform/registry';
import type { Platform } from '../platform/session-record';
import { type Device, defaultCollapsed, deviceFor } from './layout/layout-mode';

/** Spec 3 "Layout state" (device, collapsed, width, height, loading) plus the current sub-application. */
export interface ShellState {
  width: number;
  height: number;
  device: Device;
  collapsed: boolean;
  loading: boolean;
  /**
   * The sub-application whose side menu and tab group are shown. Opening a route of a sub-app
   * switches to it; the home overview opened from the top navigation switches to 'home' (the
   * home layout), the home tab of a group keeps the group's layout.
   */
  layoutApp: SubApp;
  drawerOpen: boolean;
  searchOpen: boolean;
  resize: (width: number, height: number, platform: Platform) => void;
  toggleCollapsed: () => void;
  setLayoutApp: (app: SubApp) => void;
  setDrawerOpen: (open: boolean) => void;
  setSearchOpen: (open: boolean) => void;
}

const initialWidth = typeof window === 'undefined' ? 1280 : window.innerWidth;
const initialHeight = typeof window === 'undefined' ? 800 : window.innerHeight;
const initialDevice = deviceFor(initialWidth);

export const useShell = create<ShellState>()((set) => ({
  width: initialWidth,
  height: initialHeight,
  device: initialDevice,
  collapsed: defaultCollapsed(initialDevice),
  loading: false,
  layoutApp: 'home',
  drawerOpen: false,
  searchOpen: false,
  resize: (width, height, platform) =>
    set((s) => {
      const device = deviceFor(width, platform);
      return device === s.device
        ? { width, height }
        : { width, height, device, collapsed: defaultCollapsed(device), drawerOpen: false };
    }),
  toggleCollapsed: () => set((s) => ({ collapsed: !s.collapsed })),
  setLayoutApp: (layoutApp) => set({ layoutApp }),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  setSearchOpen: (searchOpen) => set({ searchOpen }),
}));
