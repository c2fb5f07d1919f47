import { DICT_COLORS, DICT_MODULES, type DictItem, type DictModule, dictSaveBody } from '@portal/contracts/dict';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Input,
  InputNumber,
  Menu,
  Row,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dictApi, dictKeys } from '../../platform/dict/api';
import { ExportButton } from '../../platform/export/ExportButton';
import { RecordHistory } from './RecordHistory';

interface ItemRow extends DictItem {
  /** added on this screen and not saved yet: its value may still be typed */
  isNew?: boolean;
}

/** The item list of one dictionary, edited in place and saved as a whole. */
function DictItemsEditor({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const en = i18n.language.startsWith('en');
  const { data, isFetching } = useQuery({
    queryKey: dictKeys.items(code),
    queryFn: ({ signal }) => dictApi.items(code, signal),
  });
  const [rows, setRows] = useState<ItemRow[]>([]);
  useEffect(() => setRows(data?.items ?? []), [data]);
  const patch = (index: number, change: Partial<ItemRow>) =>
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const save = useMutation({
    mutationFn: () => {
      const body = dictSaveBody.safeParse({ code, items: rows.map(({ isNew: _, ...r }) => r) });
      if (!body.success) {
        const issue = body.error.issues[0];
        throw new Error(`${t('systemDict.invalid')}: ${issue?.path.join('.')} ${issue?.message ?? ''}`);
      }
      return dictApi.save(body.data);
    },
    onSuccess: async () => {
      message.success(t('common.saved'));
      await queryClient.invalidateQueries({ queryKey: dictKeys.all });
    },
    onError: (err) => {
      if (!('code' in err)) message.error(err.message);
    },
  });

  const columns: TableColumnsType<ItemRow> = [
    {
      key: 'value',
      title: t('systemDict.value'),
      width: 140,
      render: (_, r, i) =>
        r.isNew ? (
          <Input size="small" value={r.value} onChange={(e) => patch(i, { value: e.target.value })} />
        ) : (
          <Typography.Text code>{r.value}</Typography.Text>
        ),
    },
    {
      key: 'label',
      title: t('systemDict.label'),
      render: (_, r, i) => <Input size="small" value={r.label} onChange={(e) => patch(i, { label: e.target.value })} />,
    },
    {
      key: 'labelEn',
      title: t('systemDict.labelEn'),
      render: (_, r, i) => (
        <Input size="small" value={r.labelEn} onChange={(e) => patch(i, { labelEn: e.target.value })} />
      ),
    },
    {
      key: 'sort',
      title: t('systemDict.sort'),
      width: 90,
      render: (_, r, i) => (
        <InputNumber size="small" min={0} max={9999} value={r.sort} onChange={(v) => patch(i, { sort: v ?? 0 })} />
      ),
    },
    {
      key: 'color',
      title: t('systemDict.color'),
      width: 130,
      render: (_, r, i) => (
        <Select
          size="small"
          value={r.color}
          style={{ width: '100%' }}
          onChange={(color) => patch(i, { color })}
          options={DICT_COLORS.map((c) => ({
            value: c,
            label: <Tag color={c === 'default' ? undefined : c}>{en ? r.labelEn || c : r.label || c}</Tag>,
          }))}
        />
      ),
    },
    {
      key: 'enabled',
      title: t('systemDict.enabled'),
      width: 80,
      render: (_, r, i) => <Switch size="small" checked={r.enabled} onChange={(enabled) => patch(i, { enabled })} />,
    },
  ];

  return (
    <Card
      size="small"
      title={data ? `${en ? data.type.nameEn : data.type.name} · ${code}` : code}
      extra={
        <Space>
          <Button
            onClick={() =>
              setRows((all) => [
                ...all,
                {
                  value: '',
                  label: '',
                  labelEn: '',
                  sort: (Math.max(0, ...all.map((r) => r.sort)) || 0) + 10,
                  color: 'default',
                  enabled: true,
                  isNew: true,
                },
              ])
            }
          >
            {t('systemDict.addItem')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="dict-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('systemDict.hint')}
      </Typography.Paragraph>
      <Table<ItemRow>
        size="small"
        rowKey={(r) => (r.isNew ? `new-${rows.indexOf(r)}` : r.value)}
        loading={isFetching}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 720 }}
      />
    </Card>
  );
}

/** The module of `/setModule/<module>/dictionary`. */
const moduleOf = (path: string): DictModule =>
  DICT_MODULES.find((m) => path.startsWith(`/setModule/${m}/`)) ?? DICT_MODULES[0];

/**
 * /setModule/{crm,csc,purchase}/dictionary: one screen for every module's dictionaries — the
 * module's dictionaries on the left, the chosen one's items (labels in both languages, order,
 * colour, enabled) on the right.
 */
export function DictionaryScreen() {
  const { t, i18n } = useTranslation();
  const module = moduleOf(useLocation().pathname);
  const en = i18n.language.startsWith('en');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string>();
  const { data } = useQuery({
    queryKey: [...dictKeys.page(module), keyword],
    queryFn: ({ signal }) => dictApi.page({ module, keyword: keyword || undefined, page: 1, size: 200 }, signal),
  });
  const types = data?.records ?? [];
  const code = types.some((d) => d.code === selected) ? selected : types[0]?.code;
  const items = useMemo(
    () =>
      types.map((d) => ({
        key: d.code,
        label: (
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <span title={d.code}>{en ? d.nameEn : d.name}</span>
            <Typography.Text type="secondary">{d.enabledCount}</Typography.Text>
          </Space>
        ),
      })),
    [types, en],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8} lg={6}>
        <Card
          size="small"
          data-testid="dict-types"
          title={t('systemDict.types')}
          extra={
            <ExportButton
              path="/v2/sys/staff/sysDict/export"
              filters={() => ({ module, keyword: keyword || undefined })}
              size="small"
            />
          }
        >
          <Input.Search
            allowClear
            placeholder={t('systemDict.search')}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ marginBottom: 8 }}
          />
          {types.length ? (
            <Menu
              mode="inline"
              selectedKeys={code ? [code] : []}
              items={items}
              onClick={(e) => setSelected(e.key)}
              style={{ borderInlineEnd: 'none' }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        {code ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <DictItemsEditor key={code} code={code} />
            <Card size="small" title={t('systemSettings.history')}>
              {/* under the items' key: a save refreshes the history with them */}
              <RecordHistory subject={`dict:${code}`} under={dictKeys.items(code)} />
            </Card>
          </Space>
        ) : (
          <Card size="small" />
        )}
      </Col>
    </Row>
  );
}
