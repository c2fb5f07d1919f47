export { USER_STATUSES, userResource } from './user.js';
