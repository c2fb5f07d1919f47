import { MINX_PLAN_STATES, type MinxQuery, minxPlanResource, TrafficPerm } from '@portal/contracts/traffic';
import { App, Button, Drawer, Form, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../platform/access';
import { FieldView } from '../../platform/fields/FieldView';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { RecordTimeline } from '../../platform/history/RecordTimeline';
import { queryClient } from '../../platform/query-client';
import { useFieldDescs, useLabel } from '../../platform/resource/labels';
import { SearchTable } from '../../platform/ui/SearchTable';
import { MinxPlanModal } from './MinxPlanModal';
import { MINX_BASE, type MinxPlanRow, minxApi, minxKeys } from './minx-api';
import { accountColumn, lastDays, num, type RangeFilters, RangeItem, rangedSearch, timeColumn } from './shared';

type Filters = RangeFilters & Partial<Pick<MinxQuery, 'accountId' | 'state'>>;
type Result = MinxPlanRow['results'][number];

/** one line per step in a cell: the steps' figures read across the row */
const lines = (r: MinxPlanRow, cell: (x: Result) => ReactNode) => (
  <Space orientation="vertical" size={0}>
    {r.results.map((x) => (
      <span key={x.step}>{cell(x)}</span>
    ))}
  </Space>
);
const perStep = (key: string, title: string, cell: (x: Result) => ReactNode, width = 90) => ({
  key,
  title,
  width,
  align: 'right' as const,
  render: (_: unknown, r: MinxPlanRow) => lines(r, cell),
});
const stepText = (t: TFunction, x: { step: number; kind: Result['kind']; waitMinutes: number }) =>
  `${x.step}. ${t(`traffic.minx.kinds.${x.kind}`)} · ${t('traffic.minx.wait', { n: x.waitMinutes })}`;

/** /businessInquiry/minxSolution: accounts' fallback plans (SMS → voice / WhatsApp) with their results per step. */
export function MinxScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<MinxPlanRow | 'new' | null>(null);
  const [history, setHistory] = useState<MinxPlanRow | null>(null);
  // the history speaks the definition's labels, as a resource's detail does
  const descs = useFieldDescs(minxPlanResource);
  const label = useLabel();
  const fieldLabels = useMemo(() => Object.fromEntries(Object.entries(descs).map(([k, d]) => [k, d.label])), [descs]);
  const columns = useMemo<TableColumnsType<MinxPlanRow>>(
    () => [
      accountColumn(t),
      { key: 'name', dataIndex: 'name', title: t('traffic.minx.name'), width: 150, ellipsis: true },
      {
        key: 'state',
        title: t('traffic.minx.state'),
        width: 90,
        render: (_, r) => (
          <Tag color={r.state === 'active' ? 'success' : 'default'}>{t(`traffic.minx.states.${r.state}`)}</Tag>
        ),
      },
      { key: 'steps', title: t('traffic.minx.steps'), width: 190, render: (_, r) => lines(r, (x) => stepText(t, x)) },
      perStep('fellBack', t('traffic.minx.fellBack'), (x) => num(x.fellBack)),
      perStep('sent', t('traffic.minx.sent'), (x) => num(x.sent)),
      perStep('delivered', t('traffic.minx.delivered'), (x) => num(x.delivered), 120),
      perStep('rate', t('traffic.minx.rate'), (x) => (x.rate === null ? '-' : `${num(x.rate)}%`)),
      {
        ...perStep('cost', t('traffic.minx.cost'), (x) => num(x.cost), 150),
        render: (_: unknown, r: MinxPlanRow) => lines(r, (x) => `${num(x.cost)} ${r.currency}`),
      },
      timeColumn('updatedAt', t('traffic.minx.updatedAt'), { responsive: ['lg'] }),
      {
        key: 'actions',
        title: '',
        width: 170,
        fixed: 'right',
        render: (_, r) => {
          const next = r.state === 'active' ? 'paused' : 'active';
          const verb = r.state === 'active' ? 'pause' : 'resume';
          return (
            <Space size={8}>
              <Can perm={TrafficPerm.MINX_EDIT}>
                <Space size={8}>
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEditing(r)}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm
                    title={t(`traffic.minx.${verb}Confirm`)}
                    onConfirm={async () => {
                      await minxApi.setState({ id: r.id, state: next });
                      message.success(t(next === 'paused' ? 'traffic.minx.paused' : 'traffic.minx.resumed'));
                      await queryClient.invalidateQueries({ queryKey: minxKeys.plans });
                    }}
                  >
                    <Button type="link" size="small" style={{ padding: 0 }}>
                      {t(`traffic.minx.${verb}`)}
                    </Button>
                  </Popconfirm>
                </Space>
              </Can>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setHistory(r)}>
                {t('traffic.minx.history')}
              </Button>
            </Space>
          );
        },
      },
    ],
    [t, message],
  );
  return (
    <>
      <SearchTable<MinxPlanRow, Filters>
        queryKey={minxKeys.plans}
        {...rangedSearch((q, signal) => minxApi.plans(q, signal), lastDays(7))}
        columns={columns}
        rowKey="id"
        size="small"
        scrollX={1400}
        exportPath={`${MINX_BASE}/results/export`}
        toolbar={
          <Can perm={TrafficPerm.MINX_EDIT}>
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('traffic.minx.newPlan')}
            </Button>
          </Can>
        }
        filters={
          <>
            <RangeItem />
            <Form.Item name="accountId" label={t('traffic.account')}>
              <RecordSelect kind="account" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="state" label={t('traffic.minx.state')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={MINX_PLAN_STATES.map((s) => ({ value: s, label: t(`traffic.minx.states.${s}`) }))}
              />
            </Form.Item>
          </>
        }
      />
      <MinxPlanModal
        open={editing !== null}
        plan={editing === 'new' || editing === null ? undefined : editing}
        onClose={() => setEditing(null)}
      />
      <Drawer
        open={history !== null}
        onClose={() => setHistory(null)}
        size="large"
        title={history ? `${history.name} · ${t('traffic.minx.history')}` : ''}
        destroyOnHidden
        data-testid="minx-history"
      >
        {history && (
          <RecordTimeline
            record={{ base: MINX_BASE, id: history.id }}
            live={minxPlanResource.key}
            title={false}
            fieldLabels={fieldLabels}
            formatValue={(f, v, names) =>
              descs[f] ? <FieldView field={descs[f]} value={v} names={names} /> : String(v ?? '-')
            }
            renderers={{
              command: (e) => {
                const cmd = minxPlanResource.commands[String(e.data?.command) as 'pause' | 'resume'];
                return cmd ? { what: label(cmd.label) } : {};
              },
            }}
          />
        )}
      </Drawer>
    </>
  );
}
