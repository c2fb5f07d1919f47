import type { ScreenMap } from '../../shell/screens';

/** The download center (shell link, named route GeneralDownload). */
export const downloadScreens: ScreenMap = {
  '/general/download': async () => ({ Component: (await import('./DownloadCenterScreen')).DownloadCenterScreen }),
};
