import { twoWayRuleResource } from '@portal/contracts/traffic';
import { resourceScreens } from '../../platform/resource/resource-screens';

/** /setModule/operate-set/two-way: the keyword rules for MO messages, on the resource kernel */
export const TwoWayRulesScreen = resourceScreens(twoWayRuleResource).List;
