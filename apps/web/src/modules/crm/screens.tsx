import { contactResource, customerOwnership, customerResource, opportunityResource } from '@portal/contracts/crm';
import { useOwnershipActions } from '../../platform/ownership';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { resourceScreens } from '../../platform/resource/resource-screens';
import { RelatedTable } from '../../platform/ui/RelatedTable';
import { CustomerAccounts } from '../finance/CustomerAccounts';
import { MailsTab } from '../mail/MailsTab';
import { NameWithDuplicates } from './DuplicateHint';
import { CustomerPicker } from './flows/CustomerPicker';
import { ApprovalsTab, TeamTab } from './flows/CustomerTabs';
import { CustomerImportButton } from './import/CustomerImport';
import { DaysLeft } from './pool/cells';
import { StageSelect } from './StageSelect';

/** The customer screens' departures from the definition: the duplicate check and the related tabs. */
/** a customer's related lists leave out the column naming the customer */
const PARENT = ['customerName'];

const customerOverrides: ResourceOverrides = {
  toolbar: <CustomerImportButton />,
  inputs: { name: () => <NameWithDuplicates /> },
  cells: { returnAt: (v) => <DaysLeft at={v} /> },
  tabs: {
    contacts: (row) => <RelatedTable def={contactResource} filter={{ customerId: row.id }} hide={PARENT} />,
    opportunities: (row) => <RelatedTable def={opportunityResource} filter={{ customerId: row.id }} hide={PARENT} />,
    agents: (row) => <RelatedTable def={customerResource} filter={{ agentId: row.id }} />,
    accounts: (row) => <CustomerAccounts customerId={row.id as number} />,
    mails: (row) => <MailsTab kind="customer" id={row.id as number} />,
    approvals: (row) => <ApprovalsTab row={row} />,
    team: (row) => <TeamTab row={row} />,
  },
};

const customer = resourceScreens(customerResource, customerOverrides);
const opportunity = resourceScreens(opportunityResource, {
  inputs: { customerId: () => <CustomerPicker data-testid="opportunity-customer" />, stage: () => <StageSelect /> },
});

/**
 * My customers (`/crm/client-partner/my-client`): the caller's data scope decides whose; days left
 * before each returns to the open sea; return, transfer and share on the selected rows.
 */
export function CustomerListScreen() {
  const actions = useOwnershipActions(customerOwnership);
  return (
    <>
      <ResourceList def={customerResource} overrides={{ ...customerOverrides, bulk: actions.owned }} />
      {actions.dialogs}
    </>
  );
}
export const CustomerDetailScreen = customer.Detail;
/** `/crm/customer/add`: the list's add dialog as a page, duplicate check included */
export const CustomerAddScreen = customer.Create;
export const OpportunityDetailScreen = opportunity.Detail;
/** `/crm/opportunity/add` (`?customerId=` starts with that customer) */
export const OpportunityAddScreen = opportunity.Create;

/** Business partners (`/crm/business-partner`): R-end customers; their agent customers in a tab. */
export function PartnerListScreen() {
  return <ResourceList def={customerResource} overrides={customerOverrides} fixed={{ type: 'R' }} />;
}
