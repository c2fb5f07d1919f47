import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface DownloadFlagState {
  /** an async export was created since the user last opened the download center */
  created: boolean;
  mark: () => void;
  clear: () => void;
}

/** Spec 4: the download-center entry shows a dot after an async export is created. */
export const useDownloadFlag = create<DownloadFlagState>()(
  persist(
    (set) => ({
      created: false,
      mark: () => set({ created: true }),
      clear: () => set({ created: false }),
    }),
    { name: 'portal:download-created', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/** Call when the server accepted an async export (the file will appear in the download center). */
export const markDownloadCreated = (): void => useDownloadFlag.getState().mark();
