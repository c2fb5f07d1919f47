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
import { CostPanel } from './CostPanel';
import { OnlineScreen } from './OnlineScreen';
import { QualityPanel } from './QualityPanel';
import { RoutePanel } from './RoutePanel';

type Text = 'srmChannel.waitsQuotation' | 'srmChannel.qualityCost';

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

/** A channel's coverage, sender ids and quality (traffic rollups) in tabs. */
const channelOverrides: ResourceOverrides = {
  tabs: {
    coverage: (row) => <RelatedTable def={coverageResource} filter={{ channelId: row.id }} />,
    senderIds: (row) => <RelatedTable def={senderIdResource} filter={{ channelId: row.id }} />,
    quality: (row) => (
      <Flex vertical gap={12}>
        <QualityPanel channelId={Number(row.id)} />
        <CostPanel channelId={Number(row.id)} />
        <Waits texts={['srmChannel.waitsQuotation']} />
      </Flex>
    ),
  },
};

const channel = resourceScreens(channelResource, channelOverrides);

/** `channelManage`: every channel; its quality figures are on its page (one look-up per channel, not per list row). */
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

/** `vos/online/*`: the enabled gateways, online or not and their load (traffic's call records). */
export const OnlineLandingScreen = () => <OnlineScreen side="landing" />;
export const OnlineDockingScreen = () => <OnlineScreen side="docking" />;
