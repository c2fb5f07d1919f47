import { reportSubscriptionResource } from '@portal/contracts/reports';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceList } from '../../platform/resource/ResourceList';
import { DrillInput, DrillSteps } from './DrillSteps';

/** the drill-down reads as the report's breadcrumb, never as its stored JSON */
export const subscriptionOverrides: ResourceOverrides = {
  cells: { filters: (v) => <DrillSteps value={v} /> },
  inputs: { filters: () => <DrillInput /> },
};

/** `/reportAnalysis/subscriptions`: my reports sent by mail after each day, week or month (decisions 0066, 0072). */
export const SubscriptionsScreen = () => (
  <ResourceList def={reportSubscriptionResource} overrides={subscriptionOverrides} />
);
