import { applicationResource } from '../crm/application.js';
import { contactResource } from '../crm/contact.js';
import { customerResource } from '../crm/customer.js';
import { opportunityResource } from '../crm/opportunity.js';
import { feedbackResource, myFeedbackResource } from '../feedback/resources.js';
import {
  bankAccountResource,
  bankResource,
  brandResource,
  entityResource,
  operatorResource,
} from '../reference/resources.js';
import { userResource } from '../system/user.js';
import type { ResourceDef } from './define.js';

/** Every area's resource definitions: the seed creates their button keys from this list. */
export const allResources: readonly ResourceDef[] = [
  userResource,
  operatorResource,
  entityResource,
  bankResource,
  bankAccountResource,
  brandResource,
  customerResource,
  contactResource,
  opportunityResource,
  applicationResource,
  feedbackResource,
  myFeedbackResource,
];
