import {
  applicationResource,
  CrmPerm,
  customerOwnership,
  customerResource,
  type ShareRow,
} from '@portal/contracts/crm';
import { resourcePath } from '@portal/contracts/resource';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Space, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../platform/access';
import { formatTime } from '../../../platform/format-time';
import { OwnerLogList, useOwnershipActions } from '../../../platform/ownership';
import type { Row } from '../../../platform/resource/api';
import { resourceKeys } from '../../../platform/resource/keys';
import { ResourceList } from '../../../platform/resource/ResourceList';
import { resourceScreens } from '../../../platform/resource/resource-screens';
import { type ListColumn, SearchTable } from '../../../platform/ui/SearchTable';
import { useUser } from '../../../platform/user-store';
import { blacklistDef } from '../pool/state-defs';
import { ApplyCard } from './ApplyForm';
import { removeFromBlacklist, sharePage } from './api';

/** `/crm/wander/transfer`: my customers to pick and transfer, and the transfer list (owner log). */
export function TransferScreen() {
  const { t } = useTranslation();
  const actions = useOwnershipActions(customerOwnership);
  const transfer = actions.owned.filter((a) => a.key === 'transfer');
  return (
    <Tabs
      items={[
        {
          key: 'customers',
          label: t('crmFlows.pickCustomers'),
          children: (
            <>
              <ResourceList def={customerResource} overrides={{ bulk: transfer }} fixed={{ state: 'private' }} />
              {actions.dialogs}
            </>
          ),
        },
        { key: 'log', label: t('crmFlows.transferLog'), children: <OwnerLogList o={customerOwnership} /> },
      ]}
    />
  );
}

/** The share list: who holds which customer as a member. */
function ShareList() {
  const { t } = useTranslation();
  const columns = useMemo<ListColumn<ShareRow>[]>(
    () => [
      { key: 'customerCode', title: t('crmFlows.customerCode'), kind: 'code' },
      { key: 'customerName', title: t('crmFlows.customer'), kind: 'title' },
      { key: 'ownerName', title: t('crmFlows.owner'), kind: 'user', render: (_, r) => r.ownerName ?? '—' },
      { key: 'userName', title: t('crmFlows.member'), kind: 'user' },
      {
        key: 'access',
        title: t('ownership.access'),
        kind: 'enum',
        render: (_, r) => <Tag color={r.access === 'write' ? 'blue' : 'default'}>{t(`ownership.${r.access}`)}</Tag>,
      },
      { key: 'grantedByName', title: t('crmFlows.grantedBy'), kind: 'user', secondary: true },
      {
        key: 'grantedAt',
        title: t('crmFlows.grantedAt'),
        kind: 'datetime',
        render: (_, r) => formatTime(r.grantedAt),
      },
    ],
    [t],
  );
  return (
    <SearchTable<ShareRow, { keyword?: string }>
      queryKey={[...resourceKeys.all(customerResource.key), 'shares']}
      fetcher={(q, signal) => sharePage(q, signal)}
      columns={columns}
      rowKey={(r) => `${r.customerId}:${r.userId}`}
      prefKey="crm.customer.shares"
      live={customerResource.key}
      filters={
        <Form.Item name="keyword" label={t('crmFlows.customer')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      }
    />
  );
}

/** `/crm/wander/share`: share my customers with colleagues; the share list. */
export function ShareScreen() {
  const { t } = useTranslation();
  const actions = useOwnershipActions(customerOwnership);
  const share = actions.owned.filter((a) => a.key === 'share');
  return (
    <Tabs
      items={[
        { key: 'list', label: t('crmFlows.shareList'), children: <ShareList /> },
        {
          key: 'customers',
          label: t('crmFlows.pickCustomers'),
          children: (
            <>
              <ResourceList def={customerResource} overrides={{ bulk: share }} fixed={{ state: 'private' }} />
              {actions.dialogs}
            </>
          ),
        },
      ]}
    />
  );
}

const application = resourceScreens(applicationResource);
export const ApplicationDetailScreen = application.Detail;

/** `/crm/operate/alias-record`: alias change records; the 10050027 dialog opens it with `taskId`. */
export function AliasRecordScreen() {
  const [params] = useSearchParams();
  const taskId = Number(params.get('taskId'));
  const fixed = Number.isInteger(taskId) && taskId > 0 ? { kind: 'alias', taskId } : { kind: 'alias' };
  return <ResourceList key={JSON.stringify(fixed)} def={applicationResource} fixed={fixed} />;
}

/** `/crm/operate/approval-order`: the CRM applications I started. */
export function ApprovalOrderScreen() {
  const me = useUser((s) => s.user?.userId);
  if (!me) return null;
  return <ResourceList def={applicationResource} fixed={{ initiatorId: me }} />;
}

/** `/crm/operate/team-name-change`: apply for a team name change; the team name changes so far. */
export function TeamNameChangeScreen() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <ApplyCard kind="teamName" />
      <ResourceList def={applicationResource} fixed={{ kind: 'teamName' }} />
    </Space>
  );
}

/** `/crm/class-a/add`: a class-A application; my class-A applications below. */
export function ClassAAddScreen() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <ApplyCard kind="classA" />
      <ResourceList def={applicationResource} fixed={{ kind: 'classA' }} />
    </Space>
  );
}

/** `/general/process/modify-client-source/apply`: a customer source change through approval. */
export function SourceChangeApplyScreen() {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <ApplyCard kind="source" />
      <ResourceList def={applicationResource} fixed={{ kind: 'source' }} />
    </Space>
  );
}

/** Takes the selected customers off the blacklist with a reason (they go to the open sea). */
function useRemoveAction() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!rows || !reason.trim()) return;
    setBusy(true);
    try {
      await removeFromBlacklist(
        rows.map((r) => r.id),
        reason.trim(),
      );
      message.success(t('ownership.done'));
      setRows(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(customerResource.key) });
    } catch {
      // shown by the error path
    } finally {
      setBusy(false);
    }
  };
  return {
    action: { key: 'remove', label: t('crmFlows.removeFromBlacklist'), perm: CrmPerm.BLACKLIST_REMOVE, onRun: setRows },
    dialog: (
      <Modal
        open={!!rows}
        title={`${t('crmFlows.removeFromBlacklist')} · ${t('ownership.selected', { count: rows?.length ?? 0 })}`}
        onCancel={() => setRows(null)}
        onOk={run}
        okButtonProps={{ disabled: !reason.trim(), loading: busy }}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          placeholder={t('crmFlows.reason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="blacklist-remove-reason"
        />
      </Modal>
    ),
  };
}

/** `/crm/blacklist`: blacklisted customers (nobody's), with their reason and details; removal to the open sea. */
export function BlacklistScreen() {
  const remove = useRemoveAction();
  const canRemove = useCan(CrmPerm.BLACKLIST_REMOVE);
  return (
    <>
      <ResourceList
        def={blacklistDef}
        pagePath={resourcePath(blacklistDef, 'page')}
        overrides={{ bulk: canRemove ? [remove.action] : [] }}
      />
      {remove.dialog}
    </>
  );
}
