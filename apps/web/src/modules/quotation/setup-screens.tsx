import {
  azGroupResource,
  quoteGroupResource,
  smsPriceLimitResource,
  tariffResource,
} from '@portal/contracts/quotation';
import { useTranslation } from 'react-i18next';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceCreatePage } from '../../platform/resource/ResourceCreatePage';
import { resourceScreens } from '../../platform/resource/resource-screens';
import { AccountPicker } from './AccountPicker';

function MemberCount({ ids }: { ids: unknown }) {
  const { t } = useTranslation();
  return <>{t('qm.memberCount', { count: Array.isArray(ids) ? ids.length : 0 })}</>;
}

/** a group's members: picked by account code, counted in the list */
const groupOverrides: ResourceOverrides = {
  inputs: { accountIds: () => <AccountPicker<number[]> mode="multiple" /> },
  cells: { accountIds: (v) => <MemberCount ids={v} /> },
};

const quoteGroups = resourceScreens(quoteGroupResource, groupOverrides);
/** `quote-group/quote` and its detail page (`quote-group/quote/detail?id=`) */
export const QuoteGroupsScreen = quoteGroups.List;
export const QuoteGroupDetailScreen = quoteGroups.Detail;
/** `send/add-group`: a new quote group, then its send page with the group picked */
export const AddQuoteGroupScreen = () => (
  <ResourceCreatePage
    def={quoteGroupResource}
    inputs={groupOverrides.inputs}
    next={(saved) => `/offerManage/send/group?groupId=${saved.id}`}
  />
);
export const AzGroupsScreen = resourceScreens(azGroupResource, groupOverrides).List;
export const SmsPriceLimitScreen = resourceScreens(smsPriceLimitResource).List;
export const TariffScreen = resourceScreens(tariffResource).List;

export { BillingMethodScreen } from './BillingMethodScreen';
