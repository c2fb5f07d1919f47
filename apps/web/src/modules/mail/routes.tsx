import type { ScreenMap } from '../../platform/screens';

const lists = () => import('./MailListScreen');

/** The mail client's screens and its mailbox settings. */
export const mailScreens: ScreenMap = {
  '/message/email/inbox': async () => ({ Component: (await lists()).InboxScreen }),
  '/message/email/star': async () => ({ Component: (await lists()).StarScreen }),
  '/message/email/spam': async () => ({ Component: (await lists()).SpamScreen }),
  '/message/email/sent': async () => ({ Component: (await lists()).SentScreen }),
  '/message/email/drafts': async () => ({ Component: (await lists()).DraftsScreen }),
  '/message/email/write': async () => ({ Component: (await import('./WriteScreen')).WriteScreen }),
  '/message/email/details': async () => ({ Component: (await import('./MailDetailScreen')).MailDetailScreen }),
  '/message/email/none': async () => ({ Component: (await import('./NoMailboxScreen')).NoMailboxScreen }),
  '/message/email/adb': async () => ({ Component: (await import('./AddressBookScreen')).AddressBookScreen }),
  '/message/email/logs': async () => ({ Component: (await import('./MailLogsScreen')).MailLogsScreen }),
  '/message/email/vce': async () => ({ Component: (await import('./CorrespondenceScreen')).CorrespondenceScreen }),
  '/message/email/set': async () => ({ Component: (await import('./MailboxSettingsScreen')).MailboxSettingsScreen }),
  '/message/email/um': async () => ({ Component: (await import('./ManualScreen')).ManualScreen }),
  '/setModule/email/signature': async () => ({
    Component: (await import('./SettingsScreens')).SharedSignaturesScreen,
  }),
  '/setModule/email/inbox': async () => ({ Component: (await import('./SettingsScreens')).InboxSettingsScreen }),
  '/setModule/email/account': async () => ({ Component: (await import('./MailAccountsScreen')).MailAccountsScreen }),
};
