export {
  type BindOptions,
  type BoundResource,
  bindResource,
  boundResources,
  type CommandHandler,
  type FieldSource,
  link,
  localized,
  type ResourceHooks,
  type WriteContext,
} from './bind.js';
export { mountResource, resourcePage } from './mount.js';
