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
export { mountResource } from './mount.js';
export { resourcePage } from './page.js';
