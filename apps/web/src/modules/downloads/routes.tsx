import type { ScreenMap } from '../../platform/screens';

/** The download center (shell link, named route GeneralDownload). */
export const downloadScreens: ScreenMap = {
  '/general/download': async () => ({ Component: (await import('./DownloadCenterScreen')).DownloadCenterScreen }),
};
