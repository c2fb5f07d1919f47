import {
  bankAccountResource,
  bankResource,
  brandResource,
  currencyResource,
  entityResource,
  operatorResource,
  platformCurrencyResource,
  rateResource,
} from '@portal/contracts/reference/resources';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefSelect } from '../../../platform/fields/RefSelect';
import type { ResourceOverrides } from '../../../platform/resource/overrides';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { resourceScreens } from '../../../platform/resource/resource-screens';
import { RateImportButton } from './RateImport';

/** Currency codes are picked from the enabled ISO currencies (the field kind set has no currency). */
const currencyInput: ResourceOverrides = { inputs: { currencyCode: () => <RefSelect kind="currency" /> } };

const currencyPicker = (testId: string) => (
  <RefSelect kind="currency" allowClear style={{ width: 160 }} data-testid={testId} />
);

/** /setModule/financial/currency: ISO 4217 currencies; names, symbol and whether staff may pick them. */
export const CurrencyScreen = resourceScreens(currencyResource).List;
/** /setModule/uplatform/ucurrency: the currencies the messaging platform bills in, its code and price precision. */
export const PlatformCurrencyScreen = resourceScreens(platformCurrencyResource, {
  inputs: { code: () => <RefSelect kind="currency" data-testid="field-code" /> },
}).List;
/** /setModule/financial/xe-rate: effective-dated exchange rates, newest first; entry, correction, file import, export, history. */
export const RateScreen = resourceScreens(rateResource, {
  inputs: {
    from: () => <RefSelect kind="currency" data-testid="field-from" />,
    to: () => <RefSelect kind="currency" data-testid="field-to" />,
  },
  filters: { from: currencyPicker('rate-filter-from'), to: currencyPicker('rate-filter-to') },
  toolbar: <RateImportButton />,
}).List;

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
