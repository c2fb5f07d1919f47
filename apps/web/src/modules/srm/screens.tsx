import { ownershipPath } from '@portal/contracts/ownership/define';
import {
  admissionResource,
  supplierContactResource,
  supplierOwnership,
  supplierRequestResource,
  supplierResource,
} from '@portal/contracts/srm';
import { ChannelPerm, channelResource } from '@portal/contracts/srm/channels';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../platform/access';
import { OwnerLogList, TeamPanel, useOwnershipActions } from '../../platform/ownership';
import { useLabel } from '../../platform/resource/labels';
import type { ResourceOverrides } from '../../platform/resource/overrides';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceList } from '../../platform/resource/ResourceList';
import { serverNow } from '../../platform/server-clock';
import { RelatedTable } from '../../platform/ui/RelatedTable';
import { MailsTab } from '../mail/MailsTab';
import { srmApi, srmKeys } from './api';
import { NameWithDuplicates } from './DuplicateHint';
import { SupplierImportButton } from './SupplierImport';

/** a supplier's related lists leave out the columns naming the supplier */
const PARENT = ['supplierName', 'supplierCode'];

const POOL_PAGE = ownershipPath(supplierOwnership, 'poolPage');

/** The supplier's channels, for holders of the channel list; others are told where channels are kept. */
function ChannelsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const canSee = useCan(ChannelPerm.CHANNELS);
  if (!canSee) return <Alert type="info" showIcon title={t('srm.channelsTab')} />;
  return <RelatedTable def={channelResource} filter={{ supplierId: id }} hide={['supplierName', 'supplierId']} />;
}

/**
 * A sea supplier's contacts (nobody owns them now): shown to the sea when the lead viewing rules
 * say so, phone and e-mail with the details key; otherwise the rule's refusal.
 */
function SeaContactsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: srmKeys.seaContacts(id), queryFn: ({ signal }) => srmApi.seaContacts(id, signal) });
  const role = (v: string | null) => supplierContactResource.fields.role.options!.find((o) => o.value === v)?.label;
  const label = useLabel();
  if (q.error) return <Alert type="info" showIcon title={q.error.message} />;
  return (
    <Table
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      pagination={false}
      data-testid="sea-contacts"
      columns={[
        { key: 'name', dataIndex: 'name', title: t('srm.seaContacts.name') },
        { key: 'role', title: t('srm.seaContacts.role'), render: (_, r) => (role(r.role) ? label(role(r.role)!) : '') },
        { key: 'phone', dataIndex: 'phone', title: t('srm.seaContacts.phone'), render: (v) => v ?? '—' },
        { key: 'email', dataIndex: 'email', title: t('srm.seaContacts.email'), render: (v) => v ?? '—' },
        { key: 'im', dataIndex: 'im', title: t('srm.seaContacts.im') },
      ]}
    />
  );
}

function OwnersTab({ id }: { id: number }) {
  const canShare = useCan(supplierOwnership.perms.share);
  return <TeamPanel o={supplierOwnership} id={id} canShare={canShare} />;
}

/** The supplier screens' departures from the definition: the duplicate check and the related tabs. */
const supplierOverrides: ResourceOverrides = {
  inputs: { name: () => <NameWithDuplicates /> },
  tabs: {
    contacts: (row) =>
      row.state === 'sea' ? (
        <SeaContactsTab id={row.id as number} />
      ) : (
        <RelatedTable def={supplierContactResource} filter={{ supplierId: row.id }} hide={PARENT} />
      ),
    admissions: (row) => <RelatedTable def={admissionResource} filter={{ supplierId: row.id }} hide={PARENT} />,
    requests: (row) => <RelatedTable def={supplierRequestResource} filter={{ supplierId: row.id }} hide={PARENT} />,
    channels: (row) => <ChannelsTab id={row.id} />,
    owners: (row) => <OwnersTab id={row.id} />,
    mails: (row) => <MailsTab kind="supplier" id={row.id as number} />,
  },
};

/** A supplier list with some ownership actions in its bulk bar (which ones: the screen's purpose). */
function OwnedList({
  fixed,
  pool,
  only,
  toolbar,
}: {
  fixed?: Record<string, unknown>;
  pool?: boolean;
  only?: readonly string[];
  toolbar?: ReactNode;
}) {
  const actions = useOwnershipActions(supplierOwnership);
  const all = pool ? actions.pool : actions.owned;
  const bulk = only ? all.filter((a) => only.includes(a.key)) : all;
  return (
    <>
      <ResourceList
        def={supplierResource}
        overrides={{ ...supplierOverrides, bulk, ...(toolbar ? { toolbar } : {}) }}
        fixed={fixed}
        pagePath={pool ? POOL_PAGE : undefined}
      />
      {actions.dialogs}
    </>
  );
}

/** `supplier/my-supplier`: the caller's data scope decides whose; return, hand over and share from here. */
export const MySupplierScreen = () => <OwnedList toolbar={<SupplierImportButton />} />;
/** `supplierManagement`: the whole supplier book in the caller's scope (all states but the sea). */
export const SupplierManagementScreen = () => <OwnedList only={['transfer']} />;
/** `supplierManagementBuka`: the admitted suppliers, the book the Buka self-service platform may route over. */
export const BukaScreen = () => <OwnedList fixed={{ admitted: true }} only={[]} />;
/** `supplier/sea-supplier`: the open sea; claim and distribute. */
export const SeaSupplierScreen = () => <OwnedList pool />;
/** `wander/distribute`: the sea, for the managers who hand suppliers to buyers. */
export const DistributeScreen = () => <OwnedList pool only={['distribute']} />;
/** `wander/transfer`: hand suppliers over (a leaver's book) with their contacts. */
export const HandoverScreen = () => <OwnedList only={['transfer']} />;
/** `wander/share`: share suppliers with colleagues (read or write). */
export const ShareScreen = () => <OwnedList only={['share']} />;
/** `supplier/equipment-supplier`: equipment vendors (SIM boxes, gateways). */
export const EquipmentSupplierScreen = () => <OwnedList fixed={{ type: 'equipment_vendor' }} />;
/** `clue/followed`: supplier leads being worked: followed up, not yet admitted. */
export function FollowedCluesScreen() {
  const { data } = useQuery({ queryKey: srmKeys.clueSettings, queryFn: ({ signal }) => srmApi.clueSettings(signal) });
  if (!data) return <Skeleton active />;
  // the lead settings say how recent the last follow-up must be (0: any)
  const days = data.followedWithinDays;
  const from = days ? new Date(serverNow() - days * 86_400_000).toISOString() : '2000-01-01T00:00:00.000Z';
  return <OwnedList fixed={{ admitted: false, lastContactAt: [from, '2999-12-31T00:00:00.000Z'] }} />;
}
/** `clue/invalid`: leads found invalid: the blacklisted suppliers with their reason. */
export const InvalidCluesScreen = () => <OwnedList fixed={{ state: 'blacklist' }} only={[]} />;
/** `operate/supplier/transfer`: every owner change of suppliers in the caller's scope. */
export const TransferLogScreen = () => <OwnerLogList o={supplierOwnership} />;

/** A supplier's page (`?id=`), from my suppliers, the sea or the equipment list. */
export function SupplierDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <ResourceDetail def={supplierResource} id={Number.isInteger(id) && id > 0 ? id : 0} overrides={supplierOverrides} />
  );
}

/** `/srm/submittedDetail`: one admission application. */
export function AdmissionDetailScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return <ResourceDetail def={admissionResource} id={Number.isInteger(id) && id > 0 ? id : 0} />;
}

/** `operate/supplier/check`: applications waiting for a decision; approvers decide in their to-dos. */
export function AdmissionReviewScreen() {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('srm.admission.reviewHint')} />
      <ResourceList def={admissionResource} fixed={{ state: 'pending' }} />
    </Space>
  );
}
