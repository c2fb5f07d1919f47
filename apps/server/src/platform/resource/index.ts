export {
  type BindOptions,
  type BoundResource,
  bindResource,
  boundResources,
  type CommandHandler,
  type FieldSource,
  link,
  localized,
  type ReadContext,
  type ResourceHooks,
  type Values,
  type WriteContext,
} from './bind.js';
export { mountResource, valueNamesOf } from './mount.js';
export { resourcePage } from './page.js';
export { createWithin } from './write.js';
