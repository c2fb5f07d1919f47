export { supplierContactResource } from './contact.js';
export { SrmPerm } from './perms.js';
export {
  DEFAULT_DUPLICATE_CHECK,
  DEFAULT_SEA_RULES,
  DUPLICATE_MODES,
  type DuplicateCheckSettings,
  type DuplicateMode,
  duplicateCheckSettings,
  type SeaRules,
  SRM_SETTING_KEYS,
  seaRules,
} from './settings.js';
export {
  SUPPLIER_ALIAS_PATTERN,
  SUPPLIER_DOMAIN_PATTERN,
  SUPPLIER_PRODUCTS,
  SUPPLIER_STATES,
  SUPPLIER_TYPES,
  type SupplierProduct,
  type SupplierState,
  type SupplierType,
  supplierOwnership,
  supplierResource,
} from './supplier.js';
