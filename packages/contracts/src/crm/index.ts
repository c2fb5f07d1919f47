export {
  type AccountTrack,
  ANALYSIS_MAX_DAYS,
  type AnalysisQuery,
  accountTrack,
  analysisQuery,
  CRM_ANALYSIS_PATHS,
  currencyAmount,
  funnelStage,
  type SalesFunnel,
  salesFunnel,
} from './analysis.js';
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
export { CrmTopics } from './events.js';
export {
  CRM_IMPORT_PATHS,
  CUSTOMER_IMPORT_CHUNK,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerImportOutcome,
  type CustomerImportResult,
  type CustomerImportRow,
  customerImportCommitBody,
  customerImportOutcome,
  customerImportResult,
  customerImportRow,
  type FollowUpImportRow,
  followUpImportCommitBody,
  followUpImportRow,
  type ImportTemplateInfo,
  importTemplateInfo,
  templateColumn,
} from './import.js';
export { OPPORTUNITY_STATUSES, type OpportunityStatus, opportunityResource } from './opportunity.js';
export { CrmPerm } from './perms.js';
export {
  BLACKLIST_API,
  BLACKLIST_DETAIL_PATH,
  customerOwnership,
  DEFAULT_NOTICE_DAYS,
  poolButtons,
  poolManagerKeys,
  SEA_DETAIL_PATH,
} from './pool.js';
export {
  PROMOTION_PAGE,
  type PromotionSignUp,
  type PromotionStats,
  promotionSignUp,
  promotionStats,
  SIGNUP_STATES,
  type SignUpState,
  signUpResource,
} from './promotion.js';
export {
  bukaAllowResource,
  churnRuleResource,
  freeMailDomainResource,
  LEVEL_RULE_SUBJECTS,
  type LevelRuleSubject,
  levelRuleResource,
  retentionRuleResource,
} from './rules.js';
export { type CustomerStatistics, customerStatistics } from './statistics.js';
