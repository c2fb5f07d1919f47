import { FileProtectOutlined, PlusOutlined } from '@ant-design/icons';
import { customerResource } from '@portal/contracts/crm';
import {
  contractArchiveResource,
  contractTypeOptions,
  counterpartKindOptions,
  MAX_SEAL_COPIES,
  SEAL_APPLY_API,
  SEAL_APPLY_PATH,
  SEAL_DETAIL_PATH,
  SEAL_OPTIONS_API,
  type SealApplicationDetail,
  type SealApplyResult,
  type SealOption,
  sealApplicationResource,
  sealApply,
  sealKindOptions,
  sealResource,
} from '@portal/contracts/finance';
import { supplierResource } from '@portal/contracts/srm';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AttachmentInput } from '../../platform/fields/AttachmentInput';
import { MoneyInput } from '../../platform/fields/MoneyInput';
import { RefSelect } from '../../platform/fields/RefSelect';
import { zodRule } from '../../platform/form';
import { formatTime } from '../../platform/format-time';
import { get, post } from '../../platform/http';
import { resourceApi } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';
import { useLabel } from '../../platform/resource/labels';
import { ResourceList } from '../../platform/resource/ResourceList';

/** The texts of the contract archive and seal screens (decision 0117). */
const S = {
  apply: { zh: '申请用印', en: 'Apply to seal a contract' },
  submit: { zh: '提交审批', en: 'Submit for approval' },
  counterpartKind: { zh: '合同相对方类型', en: 'Counterpart kind' },
  counterpart: { zh: '合同相对方', en: 'Counterpart' },
  title: { zh: '合同名称', en: 'Contract title' },
  type: { zh: '合同类型', en: 'Contract type' },
  amount: { zh: '合同金额', en: 'Amount' },
  currency: { zh: '币种', en: 'Currency' },
  term: { zh: '合同期限', en: 'Term' },
  noEnd: { zh: '不填到期日表示长期有效', en: 'Leave the end empty for a contract without expiry' },
  files: { zh: '合同文件（PDF 或图片）', en: 'Contract file (PDF or image)' },
  seals: { zh: '用印', en: 'Seals' },
  sealsHint: {
    zh: '所选印章须属于同一签约主体',
    en: 'The seals must belong to one contracting entity',
  },
  copies: { zh: '份数', en: 'Copies' },
  reason: { zh: '用印说明', en: 'Note' },
  approvers: {
    zh: '用印由“合同用印申请”审批流程审批（默认：法务/财务审核），审批人可在流程配置中调整。',
    en: 'Seal uses are decided by the “Contract seal application” process (by default a legal and finance review); change its approvers under the process settings.',
  },
  processes: { zh: '流程配置', en: 'Process settings' },
  application: { zh: '用印申请', en: 'Seal application' },
  trail: { zh: '审批进度', en: 'Approval' },
  noTrail: { zh: '暂无审批记录', en: 'No approval steps yet' },
  state: { zh: '状态', en: 'State' },
  archiveNo: { zh: '归档编号', en: 'Archive no.' },
  applicant: { zh: '申请人', en: 'Applicant' },
  applied: { zh: '申请时间', en: 'Applied' },
  decided: { zh: '审批完成', en: 'Decided' },
  request: { zh: '审批单号', en: 'Approval request' },
  open: { zh: '查看审批单', en: 'Open the request' },
  notFound: { zh: '未找到该用印申请', en: 'No such seal application' },
};
const STATE: Record<string, { zh: string; en: string; color: string }> = {
  pending: { zh: '审批中', en: 'Under review', color: 'processing' },
  approved: { zh: '已通过（已归档）', en: 'Approved (archived)', color: 'green' },
  rejected: { zh: '已驳回', en: 'Rejected', color: 'red' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn', color: 'default' },
};
const ACTION: Record<string, { zh: string; en: string; color?: string }> = {
  start: { zh: '提交', en: 'Submitted', color: 'blue' },
  agree: { zh: '同意', en: 'Agreed', color: 'green' },
  reject: { zh: '驳回', en: 'Rejected', color: 'red' },
  withdraw: { zh: '撤回', en: 'Withdrawn', color: 'gray' },
  cc: { zh: '抄送', en: 'Copied', color: 'gray' },
  approved: { zh: '审批通过', en: 'Approved', color: 'green' },
  rejected: { zh: '审批驳回', en: 'Rejected', color: 'red' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn', color: 'gray' },
};

/** `/setModule/financial/seal-config`: the company's seals, and where who approves their use is set. */
export function SealConfigScreen() {
  const label = useLabel();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={label(S.approvers)}
        action={<Link to="/setModule/process/configer">{label(S.processes)}</Link>}
      />
      <ResourceList def={sealResource} />
    </Space>
  );
}

/** `contract-archive/seal-apply`: my seal applications (finance and legal: all), and a new one. */
export function SealApplicationsScreen() {
  const label = useLabel();
  const navigate = useNavigate();
  return (
    <ResourceList
      def={sealApplicationResource}
      overrides={{
        toolbar: (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(SEAL_APPLY_PATH)}
            data-testid="seal-apply"
          >
            {label(S.apply)}
          </Button>
        ),
      }}
    />
  );
}

/** `contract-archive/archive-records`: the sealed contracts; the original's return is the row command. */
export const ArchiveRecordsScreen = () => <ResourceList def={contractArchiveResource} />;

/** The counterparts the caller may see: their customers, or their suppliers. */
function CounterpartSelect({
  kind,
  ...props
}: {
  kind: 'customer' | 'supplier';
  value?: number;
  onChange?: (v: number) => void;
  id?: string;
}) {
  const def = kind === 'customer' ? customerResource : supplierResource;
  const q = useQuery({
    queryKey: [...resourceKeys.all(def.key), 'seal-counterparts'],
    queryFn: ({ signal }) => resourceApi(def).page({ size: 200 }, signal),
  });
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      loading={q.isLoading}
      options={(q.data?.records ?? []).map((r) => ({ value: r.id, label: `${r.code} ${r.name}` }))}
      data-testid="seal-counterpart"
      {...props}
    />
  );
}

/** The active seals, grouped by nothing but labelled with their kind. */
function SealSelect(props: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const label = useLabel();
  const q = useQuery({
    queryKey: ['finance', 'seal-options'],
    queryFn: ({ signal }) => get<SealOption[]>(SEAL_OPTIONS_API, undefined, { signal }),
  });
  const kinds = new Map<string, { zh: string; en: string }>(sealKindOptions.map((o) => [o.value, o.label]));
  return (
    <Select
      mode="multiple"
      loading={q.isLoading}
      optionFilterProp="label"
      options={(q.data ?? []).map((s) => ({
        value: s.id,
        label: `${s.name} · ${label(kinds.get(s.kind)!)} #${s.entityId}`,
      }))}
      data-testid="seal-seals"
      {...props}
    />
  );
}

interface ApplyValues {
  counterpartKind: 'customer' | 'supplier';
  counterpartId: number;
  title: string;
  contractType: string;
  amount: number;
  currency: string;
  term: [Dayjs, Dayjs | null];
  files: string[];
  sealIds: number[];
  copies: number;
  reason?: string;
}
const a = sealApply.shape;

/** `/general/process/contract-seal/apply`: the application, submitted as its approval request. */
export function SealApplyPage() {
  const label = useLabel();
  const navigate = useNavigate();
  const [form] = Form.useForm<ApplyValues>();
  const kind = Form.useWatch('counterpartKind', form) ?? 'customer';
  const [busy, setBusy] = useState(false);
  const submit = async (v: ApplyValues) => {
    setBusy(true);
    try {
      const r = await post<SealApplyResult>(
        SEAL_APPLY_API,
        {
          counterpartKind: v.counterpartKind,
          counterpartId: v.counterpartId,
          title: v.title,
          contractType: v.contractType,
          amount: v.amount,
          currency: v.currency,
          startDay: v.term[0].format('YYYY-MM-DD'),
          endDay: v.term[1] ? v.term[1].format('YYYY-MM-DD') : null,
          files: v.files,
          sealIds: v.sealIds,
          copies: v.copies,
          reason: v.reason || undefined,
        },
        { checkRepeat: true },
      );
      navigate(`${SEAL_DETAIL_PATH}?id=${r.id}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={label(S.apply)} style={{ maxWidth: 820 }}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ counterpartKind: 'customer', contractType: 'service', currency: 'USD', copies: 2 }}
        data-testid="seal-form"
      >
        <Form.Item name="counterpartKind" label={label(S.counterpartKind)} rules={[{ required: true }]}>
          <Radio.Group
            options={counterpartKindOptions.map((o) => ({ value: o.value, label: label(o.label) }))}
            onChange={() => form.setFieldValue('counterpartId', undefined)}
          />
        </Form.Item>
        <Form.Item name="counterpartId" label={label(S.counterpart)} rules={[{ required: true }]}>
          <CounterpartSelect key={kind} kind={kind} />
        </Form.Item>
        <Form.Item name="title" label={label(S.title)} rules={[zodRule(a.title, label(S.title))]}>
          <Input maxLength={200} data-testid="seal-title" />
        </Form.Item>
        <Space wrap size="middle" style={{ display: 'flex' }}>
          <Form.Item name="contractType" label={label(S.type)} rules={[{ required: true }]}>
            <Select
              style={{ minWidth: 180 }}
              options={contractTypeOptions.map((o) => ({ value: o.value, label: label(o.label) }))}
            />
          </Form.Item>
          <Form.Item name="amount" label={label(S.amount)} rules={[{ required: true }]}>
            <MoneyInput data-testid="seal-amount" />
          </Form.Item>
          <Form.Item name="currency" label={label(S.currency)} rules={[{ required: true }]}>
            <RefSelect kind="currency" style={{ minWidth: 140 }} />
          </Form.Item>
          <Form.Item name="copies" label={label(S.copies)} rules={[{ required: true }]}>
            <InputNumber min={1} max={MAX_SEAL_COPIES} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item name="term" label={label(S.term)} extra={label(S.noEnd)} rules={[{ required: true }]}>
          <DatePicker.RangePicker allowEmpty={[false, true]} data-testid="seal-term" />
        </Form.Item>
        <Form.Item name="sealIds" label={label(S.seals)} extra={label(S.sealsHint)} rules={[{ required: true }]}>
          <SealSelect />
        </Form.Item>
        <Form.Item name="files" label={label(S.files)} rules={[{ required: true }]}>
          <AttachmentInput />
        </Form.Item>
        <Form.Item name="reason" label={label(S.reason)} rules={[zodRule(a.reason, label(S.reason))]}>
          <Input.TextArea rows={3} maxLength={1000} showCount />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={busy}
          icon={<FileProtectOutlined />}
          data-testid="seal-submit"
        >
          {label(S.submit)}
        </Button>
      </Form>
    </Card>
  );
}

const money = (minor: number, currency: string) =>
  `${(minor / 100).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** `/financial/contract-seal/detail?id=`: one application, its file, seals, approval steps. */
export function SealDetailScreen() {
  const label = useLabel();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const q = useQuery({
    queryKey: [...resourceKeys.all(sealApplicationResource.key), 'detail7', id],
    queryFn: ({ signal }) => get<SealApplicationDetail>(`${SEAL_APPLY_API}/${id}`, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (q.isPending && q.fetchStatus !== 'idle') return <Skeleton active />;
  const d = q.data;
  if (!d) return <Empty description={label(S.notFound)} />;
  const state = STATE[d.state]!;
  const type = contractTypeOptions.find((o) => o.value === d.contractType);
  const kinds = new Map<string, { zh: string; en: string }>(sealKindOptions.map((o) => [o.value, o.label]));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="seal-detail">
      <Card size="small">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {d.title}
        </Typography.Title>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={label(S.application)}>{d.code}</Descriptions.Item>
          <Descriptions.Item label={label(S.state)}>
            <Tag color={state.color} data-testid="seal-state">
              {label(state)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={label(S.counterpart)}>{d.counterpartName}</Descriptions.Item>
          <Descriptions.Item label={label(S.type)}>{type ? label(type.label) : d.contractType}</Descriptions.Item>
          <Descriptions.Item label={label(S.amount)}>{money(d.amount, d.currency)}</Descriptions.Item>
          <Descriptions.Item label={label(S.term)}>
            {d.startDay} ~ {d.endDay ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={label(S.seals)}>
            <Space size={4} wrap>
              {d.seals.map((s) => (
                <Tag key={s.id}>
                  {s.name} · {label(kinds.get(s.kind) ?? { zh: s.kind, en: s.kind })}
                </Tag>
              ))}
              × {d.copies}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={label(S.archiveNo)}>
            <span data-testid="seal-archive-no">{d.archiveNo ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label={label(S.files)} span={2}>
            <Space orientation="vertical" size={2}>
              {d.files.length
                ? d.files.map((f) => (
                    <a key={f.id} href={f.url} target="_blank" rel="noreferrer" data-testid="seal-file">
                      {f.name}
                    </a>
                  ))
                : '—'}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={label(S.reason)} span={2}>
            {d.reason ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={label(S.applicant)}>{d.applicantName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={label(S.applied)}>{formatTime(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={label(S.request)}>{d.instanceId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={label(S.decided)}>{formatTime(d.decidedAt, '—')}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={label(S.trail)} data-testid="seal-trail">
        {d.trail.length ? (
          <Timeline
            items={d.trail.map((s) => {
              const act = ACTION[s.action];
              return {
                key: s.id,
                color: act?.color,
                content: (
                  <>
                    <Typography.Text strong>{act ? label(act) : s.action}</Typography.Text>{' '}
                    {s.nodeName ? `· ${s.nodeName} ` : ''}
                    {s.userName ?? ''} <Typography.Text type="secondary">{formatTime(s.createdAt)}</Typography.Text>
                    {s.opinion ? <div>{s.opinion}</div> : null}
                  </>
                ),
              };
            })}
          />
        ) : (
          label(S.noTrail)
        )}
      </Card>
    </Space>
  );
}
