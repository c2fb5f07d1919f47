import type { DetailsType } from '@portal/contracts/mail';
import { MailDetailScreen } from '../MailDetailScreen';

/**
 * The CRM e-mail detail pages (`/crm/email/*-details?id`): a mail exchanged with a customer, its
 * details type fixed by the page. The store keeps no deleted mail: trash shows spam, the mail set aside.
 */
const fixed = (type: DetailsType) => () => <MailDetailScreen detailsType={type} />;
export const SendDetails = fixed('sent');
export const InboxDetails = fixed('inbox');
export const DraftDetails = fixed('editAgain');
export const OutboxDetails = fixed('editAgain');
export const TrashDetails = fixed('spam');
