export {
  ADMISSION_APPLY_PATH,
  ADMISSION_CHECKLIST,
  ADMISSION_CHECKLIST_KEYS,
  ADMISSION_SERVICE,
  ADMISSION_STATES,
  type AdmissionState,
  admissionResource,
} from './admission.js';
export { supplierContactResource } from './contact.js';
export { SrmPerm } from './perms.js';
export {
  type AdmissionApply,
  admissionApply,
  admissionWithdraw,
  type PaymentMethodUsage,
  paymentMethodUsage,
  type SourceChangeApply,
  SUPPLIER_DUPLICATE_REASONS,
  type SupplierDeptOption,
  type SupplierDuplicateMatch,
  type SupplierDuplicateQuery,
  type SupplierDuplicateReason,
  type SupplierDuplicateResult,
  sourceChangeApply,
  supplierDeptOption,
  supplierDuplicateMatch,
  supplierDuplicateQuery,
  supplierDuplicateResult,
} from './schemas.js';
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
  SOURCE_CHANGE_APPLY_PATH,
  SOURCE_CHANGE_SERVICE,
  SOURCE_CHANGE_STATES,
  sourceChangeResource,
} from './source-change.js';
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
