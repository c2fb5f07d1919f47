import type { ScreenMap } from '../../platform/screens';

const lists = () => import('./MyListScreen');
const profile = async () => ({ Component: (await import('./ProfileScreen')).ProfileScreen });

/** General approval: start a request, the four personal lists with their profiles, workflow settings. */
export const approvalScreens: ScreenMap = {
  '/general/process/sponsor': async () => ({ Component: (await import('./SponsorScreen')).SponsorScreen }),
  '/general/sponsor/submit': async () => ({ Component: (await import('./SubmitScreen')).SubmitScreen }),
  '/general/my-agent': async () => ({ Component: (await lists()).MyAgentScreen }),
  '/general/my-initiate': async () => ({ Component: (await lists()).MyInitiateScreen }),
  '/general/my-handle': async () => ({ Component: (await lists()).MyHandleScreen }),
  '/general/my-deliver': async () => ({ Component: (await lists()).MyDeliverScreen }),
  '/general/my-agent/profile': profile,
  '/general/my-initiate/profile': profile,
  '/general/my-handle/profile': profile,
  '/general/my-deliver/profile': profile,
  '/setModule/process/configer': async () => ({
    Component: (await import('./ProcessConfigScreen')).ProcessConfigScreen,
  }),
  '/setModule/process/roles': async () => ({ Component: (await import('./RolesScreen')).RolesScreen }),
  '/setModule/process/notify': async () => ({ Component: (await import('./NotifyScreen')).NotifyScreen }),
  '/setModule/process/formword': async () => ({ Component: (await import('./FormsScreen')).FormsScreen }),
};
