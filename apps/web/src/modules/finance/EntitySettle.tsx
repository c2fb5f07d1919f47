import { CalculatorOutlined, UnorderedListOutlined } from '@ant-design/icons';
import {
  ENTITY_ACCOUNT_DETAIL,
  ENTITY_SETTLE_GENERATE_PATH,
  type EntitySettleGenerated,
  EntitySettlePerm,
  entityAccountResource,
  entityProofreadDataResource,
  entityProofreadingResource,
  entityReportResource,
  VOS_BALANCE_DETAIL,
  vosBalanceResource,
} from '@portal/contracts/finance';
import { Alert, Button, DatePicker, Form, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Can } from '../../platform/access';
import { post } from '../../platform/http';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceDetail } from '../../platform/resource/ResourceDetail';
import { ResourceList } from '../../platform/resource/ResourceList';
import { serverNow } from '../../platform/server-clock';
import { FormModal } from '../../platform/ui/FormModal';

/** The texts of the entity settlement screens (decision 0119). */
const E = {
  generate: { zh: '生成报表', en: 'Generate' },
  generateTitle: { zh: '生成主体结算报表', en: 'Generate the entity settlement report' },
  period: { zh: '结算月份', en: 'Period' },
  periodHint: {
    zh: '按话务汇总重新计算该月的跨主体结算；已双方确认的结算单保持不变。',
    en: 'Recomputes the month’s cross-entity settlement from the traffic rollups; settlements both sides confirmed stay as they are.',
  },
  generated: { zh: '已生成', en: 'Generated' },
  result: {
    zh: '{period}：写入 {written} 条结算单、{lines} 行明细，保留已确认 {kept} 条，移除 {dropped} 条。',
    en: '{period}: {written} settlements with {lines} lines written, {kept} confirmed kept, {dropped} removed.',
  },
  unsettled: {
    zh: '以下主体之间有跨主体话务但没有启用的结算账户，未计入：',
    en: 'Cross-entity traffic with no enabled settlement account, left out:',
  },
  lines: { zh: '明细', en: 'Lines' },
  days: { zh: '每日余额', en: 'Daily balances' },
  movements: { zh: '按日明细', en: 'By day' },
  oneSettlement: { zh: '结算单 #{id} 的明细', en: 'The lines of settlement #{id}' },
  allLines: { zh: '查看全部', en: 'Show all' },
};

const numberParam = (params: URLSearchParams, name: string) => {
  const v = Number(params.get(name));
  return Number.isInteger(v) && v > 0 ? v : undefined;
};

/** `entitySettle/account`: settlement accounts between two of our entities and their transfer-price rule. */
export function EntityAccountsScreen() {
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={entityAccountResource}
      overrides={{
        rowActions: (row) => [
          {
            key: 'movements',
            label: label(E.movements),
            icon: <UnorderedListOutlined />,
            testId: 'entity-account-movements',
            onClick: () => navigate(`${ENTITY_ACCOUNT_DETAIL}?id=${row.id as number}`),
          },
        ],
      }}
    />
  );
}

/** `entitySettle/account/details`: one account, its periods and the lines behind them by day. */
export function EntityAccountDetailScreen() {
  const [params] = useSearchParams();
  const id = numberParam(params, 'id') ?? 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <ResourceDetail def={entityAccountResource} id={id} />
      <ResourceList def={entityReportResource} fixed={{ accountId: id }} />
      <ResourceList def={entityProofreadDataResource} fixed={{ accountId: id }} />
    </Space>
  );
}

/** What the last generation did, with the entity pairs it could not settle. */
function GenerateResult({ result, onClose }: { result: EntitySettleGenerated; onClose: () => void }) {
  const label = useLabel();
  const text = label(E.result).replace(/\{(\w+)\}/g, (_, k: string) =>
    String(result[k as keyof EntitySettleGenerated]),
  );
  return (
    <Alert
      type={result.unsettled.length ? 'warning' : 'success'}
      showIcon
      closable
      onClose={onClose}
      style={{ marginBottom: 12 }}
      data-testid="entity-generate-result"
      title={text}
      description={
        result.unsettled.length ? (
          <>
            <Typography.Text>{label(E.unsettled)}</Typography.Text>
            <ul style={{ margin: 0 }}>
              {result.unsettled.map((u) => (
                <li key={`${u.sellerEntityId}-${u.buyerEntityId}-${u.currency}`}>
                  #{u.sellerEntityId} → #{u.buyerEntityId} · {u.currency}
                </li>
              ))}
            </ul>
          </>
        ) : undefined
      }
    />
  );
}

/** `entitySettle/report`: per month and account the cross-entity traffic; generated for an ended month. */
export function EntityReportScreen() {
  const label = useLabel();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<EntitySettleGenerated | null>(null);
  const lastMonth = dayjs(serverNow()).subtract(1, 'month').startOf('month');
  return (
    <>
      {result && <GenerateResult result={result} onClose={() => setResult(null)} />}
      <ResourceList
        def={entityReportResource}
        overrides={{
          toolbar: (
            <Can perm={EntitySettlePerm.GENERATE}>
              <Button icon={<CalculatorOutlined />} onClick={() => setOpen(true)} data-testid="entity-generate">
                {label(E.generate)}
              </Button>
            </Can>
          ),
          rowActions: (row) => [
            {
              key: 'lines',
              label: label(E.lines),
              icon: <UnorderedListOutlined />,
              testId: 'entity-report-lines',
              onClick: () => navigate(`/financial/proofreadData?settlementId=${row.id as number}`),
            },
          ],
        }}
      />
      <FormModal<{ period: Dayjs }>
        open={open}
        title={label(E.generateTitle)}
        onClose={() => setOpen(false)}
        onSubmit={async (v) => {
          const r = await post<EntitySettleGenerated>(ENTITY_SETTLE_GENERATE_PATH, {
            period: v.period.format('YYYY-MM'),
          });
          setResult(r);
          return r;
        }}
        successMessage={label(E.generated)}
        invalidate={resourceKeys.all(entityReportResource.key)}
        initialValues={{ period: lastMonth }}
        width={480}
      >
        <Form.Item name="period" label={label(E.period)} extra={label(E.periodHint)} rules={[{ required: true }]}>
          <DatePicker
            picker="month"
            style={{ width: '100%' }}
            disabledDate={(d) => !d.isBefore(dayjs(serverNow()).startOf('month'))}
            data-testid="entity-period"
          />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** `entitySettle/proofreading`: each side confirms its amount or disputes with a note. */
export function EntityProofreadingScreen() {
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={entityProofreadingResource}
      overrides={{
        commandDialogs: { confirm: { values: (row) => ({ amount: row.amount }) } },
        rowActions: (row) => [
          {
            key: 'lines',
            label: label(E.lines),
            icon: <UnorderedListOutlined />,
            onClick: () => navigate(`/financial/proofreadData?settlementId=${row.id as number}`),
          },
        ],
      }}
    />
  );
}

/** `proofreadData`: the day × destination lines; one settlement's when opened from it. */
export function ProofreadDataScreen() {
  const label = useLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const settlementId = numberParam(params, 'settlementId');
  if (!settlementId) return <ResourceList def={entityProofreadDataResource} />;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="proofread-one-settlement"
        title={label(E.oneSettlement).replace('{id}', String(settlementId))}
        action={
          <Button size="small" onClick={() => navigate(entityProofreadDataResource.routes.list!)}>
            {label(E.allLines)}
          </Button>
        }
      />
      <ResourceList def={entityProofreadDataResource} fixed={{ settlementId }} />
    </>
  );
}

/** `balanceReport/vos`: the voice accounts' balances per day. */
export function VosBalanceScreen() {
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={vosBalanceResource}
      overrides={{
        rowActions: (row) => [
          {
            key: 'days',
            label: label(E.days),
            icon: <UnorderedListOutlined />,
            testId: 'vos-days',
            onClick: () => navigate(`${VOS_BALANCE_DETAIL}?accountId=${row.accountId as number}`),
          },
        ],
      }}
    />
  );
}

/** `balanceReport/vos/detail`: one voice account's days. */
export function VosBalanceDetailScreen() {
  const [params] = useSearchParams();
  const accountId = numberParam(params, 'accountId') ?? 0;
  return <ResourceList def={vosBalanceResource} fixed={{ accountId }} />;
}
