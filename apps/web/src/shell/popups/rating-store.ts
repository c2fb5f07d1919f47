import { create } from 'zustand';

export interface RatingRequest {
  resourceId: number;
  /** the question the server asks (null: the default wording) */
  question: string | null;
}

interface RatingState {
  request: RatingRequest | null;
  show: (request: RatingRequest) => void;
  hide: () => void;
}

/** The rating dialog: opened by the route-change trigger or from the user menu. */
export const useRating = create<RatingState>()((set) => ({
  request: null,
  show: (request) => set({ request }),
  hide: () => set({ request: null }),
}));
