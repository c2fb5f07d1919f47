import {
  channelResource,
  coverageResource,
  dockingGatewayResource,
  gatewayIpResource,
  landingGatewayResource,
  routeBindResource,
  senderIdResource,
} from '@portal/contracts/srm/channels';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceOverrides } from '../../../platform/resource/overrides';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { resourceScreens } from '../../../platform/resource/resource-screens';
import { RelatedTable } from '../../../platform/ui/RelatedTable';
import { RoutePanel } from './RoutePanel';

type Text =
  | 'srmChannel.waitsTraffic'
  | 'srmChannel.waitsQuotation'
  | 'srmChannel.qualityCost'
  | 'srmChannel.onlineWaits';

function Waits({ texts }: { texts: Text[] }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      {texts.map((k) => (
        <Alert key={k} type="info" showIcon title={t(k)} />
      ))}
    </Flex>
  );
}

/** A channel's coverage and sender ids in tabs; quality and cost wait for traffic and quotation. */
const channelOverrides: ResourceOverrides = {
  tabs: {
    coverage: (row) => <RelatedTable def={coverageResource} filter={{ channelId: row.id }} />,
    senderIds: (row) => <RelatedTable def={senderIdResource} filter={{ channelId: row.id }} />,
    quality: () => <Waits texts={['srmChannel.waitsTraffic', 'srmChannel.waitsQuotation']} />,
  },
};

const channel = resourceScreens(channelResource, channelOverrides);

/** `channelManage`: every channel; quality and cost columns are not invented before traffic exists. */
export function ChannelListScreen() {
  return (
    <Flex vertical gap={8}>
      <Waits texts={['srmChannel.qualityCost']} />
      <channel.List />
    </Flex>
  );
}
export const CoverageListScreen = resourceScreens(coverageResource).List;
export const SenderIdListScreen = resourceScreens(senderIdResource).List;
export const LandingGatewayScreen = resourceScreens(landingGatewayResource).List;
export const DockingGatewayScreen = resourceScreens(dockingGatewayResource).List;
export const GatewayIpScreen = resourceScreens(gatewayIpResource).List;

/** `route-bind`: the route in force asked above the bindings. */
export function RouteBindScreen() {
  return (
    <Flex vertical gap={12}>
      <RoutePanel />
      <ResourceList def={routeBindResource} />
    </Flex>
  );
}

/** `vos/online/*`: the live state needs traffic; the configured, enabled gateways meanwhile. */
export function OnlineLandingScreen() {
  return (
    <Flex vertical gap={8}>
      <Waits texts={['srmChannel.onlineWaits']} />
      <ResourceList def={landingGatewayResource} fixed={{ enabled: true }} />
    </Flex>
  );
}
export function OnlineDockingScreen() {
  return (
    <Flex vertical gap={8}>
      <Waits texts={['srmChannel.onlineWaits']} />
      <ResourceList def={dockingGatewayResource} fixed={{ enabled: true }} />
    </Flex>
  );
}
