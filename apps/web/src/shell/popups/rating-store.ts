import { create } from 'zustand';

export interface RatingRequest {
  resourceId: number;
  /** the question the server asks, in Chinese and in English (null: the default wording) */
  question: string | null;
  questionEn: string | null;
  /** the page it was asked on: it belongs to that page and closes when the user leaves it */
  pathname: string;
}

interface RatingState {
  request: RatingRequest | null;
  show: (request: RatingRequest) => void;
  hide: () => void;
}

/** The rating dialog, opened by the route-change trigger. */
export const useRating = create<RatingState>()((set) => ({
  request: null,
  show: (request) => set({ request }),
  hide: () => set({ request: null }),
}));
