import { create } from 'zustand';

interface FeedbackDialogState {
  open: boolean;
  /** the menu item of the current page (its rating tab), or null */
  resourceId: number | null;
  show(resourceId: number | null): void;
  hide(): void;
}

/** The user menu's "rating and feedback" dialog. */
export const useFeedbackDialog = create<FeedbackDialogState>()((set) => ({
  open: false,
  resourceId: null,
  show: (resourceId) => set({ open: true, resourceId }),
  hide: () => set({ open: false }),
}));
