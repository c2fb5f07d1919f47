import {
  supplierBadDebtResource,
  supplierControlResource,
  supplierControlSetResource,
  supplierOverdueResource,
} from '@portal/contracts/finance';
import { ResourceList } from '../../platform/resource/ResourceList';

/**
 * `/financial/supplier-control/{blacklist, exempt, whitelist}` (decision 0114): finance's lists of
 * suppliers not to route to or pay, spared by the overdue rules for a while, or always allowed.
 */
const blacklist = supplierControlResource('blacklist');
const exempt = supplierControlResource('exempt');
const whitelist = supplierControlResource('whitelist');

export const SupplierBlacklistScreen = () => <ResourceList def={blacklist} />;
export const SupplierExemptScreen = () => <ResourceList def={exempt} />;
export const SupplierWhitelistScreen = () => <ResourceList def={whitelist} />;
/** `/setModule/financial/supplier-control-set`: the supplier-overdue thresholds per currency from a day. */
export const SupplierControlSetScreen = () => <ResourceList def={supplierControlSetResource} />;
/**
 * `/financial/supplier-control/overdue` (decision 0120): confirmed supplier bills falling due or overdue
 * and not paid in full, as the daily run found them (read only; paid from the bill check).
 */
export const SupplierOverdueScreen = () => <ResourceList def={supplierOverdueResource} />;
/**
 * `/financial/supplier-control/bad-debt` (decision 0125): supplier balances handed to bad debt, each an
 * application through finance's approval (applied for from a supplier account's row), with its history.
 */
export const SupplierBadDebtScreen = () => <ResourceList def={supplierBadDebtResource} />;
