import {
  bankAccountResource,
  bankResource,
  brandResource,
  entityResource,
  operatorResource,
} from '@portal/contracts/reference/resources';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import type { ResourceOverrides } from '../../../platform/resource/overrides';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { resourceScreens } from '../../../platform/resource/resource-screens';

/** Currency codes are picked from the enabled ISO currencies (the field kind set has no currency). */
const currencyInput: ResourceOverrides = { inputs: { currencyCode: () => <RefSelect kind="currency" /> } };

/** /setModule/financial/main-body: our signing entities. */
export const EntityScreen = resourceScreens(entityResource, currencyInput).List;
/** /setModule/financial/brand: trading brands, each signed by one of our entities. */
export const BrandScreen = resourceScreens(brandResource).List;
/** /setModule/financial/mcc-mnc: mobile networks (filters, edit, add, merge, history). */
export const OperatorScreen = resourceScreens(operatorResource).List;

/** /setModule/financial/bank: our entities' bank accounts, and the banks they are held at. */
export function BankScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        {
          key: 'accounts',
          label: t('ref.bankAccounts'),
          children: <ResourceList def={bankAccountResource} overrides={currencyInput} />,
        },
        { key: 'banks', label: t('ref.banks'), children: <ResourceList def={bankResource} /> },
      ]}
    />
  );
}
