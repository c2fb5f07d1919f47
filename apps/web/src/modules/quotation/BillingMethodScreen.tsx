import { billingMethodResource } from '@portal/contracts/quotation';
import { ResourceList } from '../../platform/resource/ResourceList';

/** `/setModule/financial/billing-method`: how each product is billed (submit or delivery, increments), with history. */
export const BillingMethodScreen = () => <ResourceList def={billingMethodResource} />;
