import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SubApp } from '../../platform/registry';
import { useUser } from '../../platform/user-store';
import { type CloseResult, closeAll, closeOthers, closeTab, HOME_TAB, openTab, type Tab } from './tab-rules';

export interface TabsState {
  tabs: Tab[];
  /**
   * Per tab key, bumped to throw that tab's keep-alive cache (and its iframe) away: on close,
   * on one-bookmark replacement and on /refresh. Keys are tab keys, never route names, so
   * refreshing one detail tab leaves the other tabs of the same route alone.
   */
  generation: Record<string, number>;
  /** address of the embedded sub-application shown for a tab (the iframe layer) */
  frames: Record<string, string>;
  /** last tab opened per sub-application: the top navigation returns there */
  lastByApp: Partial<Record<SubApp, string>>;
  open: (tab: Tab) => void;
  close: (key: string) => Tab;
  closeOthers: (app: SubApp, key: string) => Tab;
  closeAll: (app: SubApp) => Tab;
  /** /refresh: drop exactly this tab's cache */
  drop: (key: string) => void;
  setFrame: (key: string, src: string | null) => void;
  reset: () => void;
}

const bump = (generation: Record<string, number>, keys: readonly string[]) => {
  const next = { ...generation };
  for (const k of keys) next[k] = (next[k] ?? 0) + 1;
  return next;
};

const without = <T>(record: Record<string, T>, keys: readonly string[]) => {
  const next = { ...record };
  for (const k of keys) delete next[k];
  return next;
};

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => {
      const applyClose = (r: CloseResult): Tab => {
        set((s) => ({
          tabs: r.tabs,
          generation: bump(s.generation, r.removed),
          frames: without(s.frames, r.removed),
        }));
        return r.next;
      };
      return {
        tabs: [HOME_TAB],
        generation: {},
        frames: {},
        lastByApp: {},
        open: (tab) =>
          set((s) => {
            const { tabs, replaced } = openTab(s.tabs, tab);
            const gone = replaced ? [replaced] : [];
            return {
              tabs,
              generation: bump(s.generation, gone),
              frames: without(s.frames, gone),
              lastByApp: { ...s.lastByApp, [tab.app]: tab.url },
            };
          }),
        close: (key) => applyClose(closeTab(get().tabs, key)),
        closeOthers: (app, key) => applyClose(closeOthers(get().tabs, app, key)),
        closeAll: (app) => applyClose(closeAll(get().tabs, app)),
        drop: (key) => set((s) => ({ generation: bump(s.generation, [key]), frames: without(s.frames, [key]) })),
        setFrame: (key, src) =>
          set((s) => {
            if ((s.frames[key] ?? null) === src) return s;
            return { frames: src ? { ...s.frames, [key]: src } : without(s.frames, [key]) };
          }),
        reset: () => set({ tabs: [HOME_TAB], generation: {}, frames: {}, lastByApp: {} }),
      };
    },
    {
      name: 'portal:tabs',
      storage: createJSONStorage(() => sessionStorage),
      // the pages themselves are not restorable; the tab list and where each group was are
      partialize: ({ tabs, lastByApp }) => ({ tabs, lastByApp }),
    },
  ),
);

// signing out (the user store is emptied) forgets every tab
useUser.subscribe((s, prev) => {
  if (prev.user && !s.user) useTabs.getState().reset();
});
