import {
  awsUserResource,
  clientResource,
  contractResource,
  uPlatformEntryResource,
  verificationResource,
  voiceEntryResource,
} from '@portal/contracts/finance';
import { ResourceList } from '../../platform/resource/ResourceList';
import { AccountSelect } from './AccountFields';

/**
 * The rest of `account/consumer/*` (decision 0121): each a resource list whose new-record form picks
 * the account from the open accounts the caller may see.
 */
const withAccount = { inputs: { accountId: () => <AccountSelect /> } };

/** `account/consumer/authcheck`: identity verifications, approved or rejected by a second person. */
export const VerificationsScreen = () => <ResourceList def={verificationResource} overrides={withAccount} />;
/** `account/consumer/contract`: the accounts' contracts and their terms. */
export const ContractsScreen = () => <ResourceList def={contractResource} overrides={withAccount} />;
/** `account/consumer/client`: client applications under the accounts, one product each. */
export const ClientsScreen = () => <ResourceList def={clientResource} overrides={withAccount} />;
/** `account/consumer/awsUser`: cloud sender users linked to the accounts. */
export const AwsUsersScreen = () => <ResourceList def={awsUserResource} overrides={withAccount} />;
/** `recharge-record/voice`: the top-ups of voice accounts. */
export const VoiceRecordsScreen = () => <ResourceList def={voiceEntryResource} />;
/** `recharge-record/u-platform`: what customers paid online on the self-service platform (decision 0128). */
export const UPlatformRecordsScreen = () => <ResourceList def={uPlatformEntryResource} />;
/** `account/consumer/auth`: each account's identity state (decision 0133). */
export { IdentityScreen } from './IdentityScreen';
