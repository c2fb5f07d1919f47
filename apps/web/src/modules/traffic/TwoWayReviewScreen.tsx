import { twoWayReviewResource } from '@portal/contracts/traffic';
import { resourceScreens } from '../../platform/resource/resource-screens';

/** /businessOperations/two-way-review (decision 0115): rule replies and forwards to approve or reject, on the kernel */
export const TwoWayReviewScreen = resourceScreens(twoWayReviewResource).List;
