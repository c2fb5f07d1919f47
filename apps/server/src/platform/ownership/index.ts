export {
  bindOwnership,
  type GuardContext,
  NO_RULES,
  type OwnerChangedContext,
  type OwnershipBinding,
  type OwnershipOptions,
  type OwnershipRules,
  type RelatedContext,
  type RulesContext,
} from './bind.js';
export { mountOwnership } from './routes.js';
export { returnDue, transferWithin } from './service.js';
