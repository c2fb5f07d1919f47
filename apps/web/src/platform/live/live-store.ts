import { create } from 'zustand';
import type { LiveState } from './live-client';

interface LiveStore {
  state: LiveState;
  /** a new-mail notice arrived while the inbox was not open (spec 4) */
  pendingNewMail: boolean;
  setState(state: LiveState): void;
  setPendingNewMail(v: boolean): void;
}

/** The live connection as this tab sees it (the leader tab's state, shared). */
export const useLive = create<LiveStore>()((set) => ({
  state: 'disconnected',
  pendingNewMail: false,
  setState: (state) => set({ state }),
  setPendingNewMail: (pendingNewMail) => set({ pendingNewMail }),
}));
