import { feedbackResource, myFeedbackResource } from '../feedback/resources.js';
import { userResource } from '../system/user.js';
import type { ResourceDef } from './define.js';

/** Every area's resource definitions: the seed creates their button keys from this list. */
export const allResources: readonly ResourceDef[] = [userResource, feedbackResource, myFeedbackResource];
