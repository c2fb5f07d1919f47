export {
  type AliasApply,
  APPLICATION_KINDS,
  APPLICATION_PREFIX,
  APPLICATION_SERVICES,
  APPLICATION_STATES,
  APPLY_PATHS,
  type ApplicationKind,
  type ApplicationState,
  type ApplyResult,
  aliasApply,
  applicationResource,
  applyResult,
  type BlacklistApply,
  blacklistApply,
  blacklistRemove,
  type ClassAApply,
  classAApply,
  type ShareRow,
  type SourceApply,
  sharePage,
  shareQuery,
  shareRow,
  sourceApply,
  type TeamNameApply,
  teamNameApply,
} from './application.js';
export { contactResource } from './contact.js';
export {
  ALIAS_PATTERN,
  CUSTOMER_STATES,
  CUSTOMER_TYPES,
  type CustomerState,
  customerResource,
  DOMAIN_PATTERN,
} from './customer.js';
export { type CrmDictCode, crmDicts } from './dicts.js';
export {
  blocksCreation,
  DUPLICATE_LIMIT,
  DUPLICATE_REASONS,
  type DuplicateMatch,
  type DuplicateQuery,
  type DuplicateReason,
  type DuplicateResult,
  duplicateMatch,
  duplicateQuery,
  duplicateResult,
  NAME_SIMILARITY,
} from './duplicates.js';
export { OPPORTUNITY_STATUSES, type OpportunityStatus, opportunityResource } from './opportunity.js';
export { customerOwnership } from './ownership.js';
export { CrmPerm } from './perms.js';
export { type CustomerStatistics, customerStatistics } from './statistics.js';
