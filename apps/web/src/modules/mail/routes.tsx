import type { ScreenMap } from '../../platform/screens';

const lists = () => import('./MailListScreen');
const crm = (name: keyof typeof import('./marketing/screens')) => async () => ({
  Component: (await import('./marketing/screens'))[name],
});

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
  // CRM's mail pages (decision 0082): the mail room's screens under my customers and account tracking
  '/crm/email/send-details': crm('SendDetails'),
  '/crm/email/inbox-details': crm('InboxDetails'),
  '/crm/email/draft-details': crm('DraftDetails'),
  '/crm/email/outbox-details': crm('OutboxDetails'),
  '/crm/email/trash-details': crm('TrashDetails'),
  '/crm/email-binding/edit': crm('BindingEditScreen'),
  '/crm/marketing-email': crm('MarketingListScreen'),
  '/crm/marketing-email/details': crm('MarketingDetailScreen'),
  '/crm/email-tracking/details': crm('TrackingDetailScreen'),
  '/crm/marketing-email/edit': async () => ({
    Component: (await import('./marketing/MarketingEditScreen')).MarketingEditScreen,
  }),
};
