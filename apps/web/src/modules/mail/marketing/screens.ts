/** CRM's mail pages in one chunk (one loader in the shell's route map instead of one per page). */
export { BindingEditScreen } from './BindingEditScreen';
export { DraftDetails, InboxDetails, OutboxDetails, SendDetails, TrashDetails } from './CrmMailDetail';
export { MarketingDetailScreen } from './MarketingDetailScreen';
export { MarketingListScreen } from './MarketingListScreen';
export { TrackingDetailScreen } from './TrackingDetailScreen';
