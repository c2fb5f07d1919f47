import { DownloadOutlined } from '@ant-design/icons';
import { CrmPerm, type ImportTemplateInfo } from '@portal/contracts/crm';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../platform/access';
import { download } from '../../../platform/download';
import { importApi } from '../import/api';

type Column = ImportTemplateInfo['columns'][number];

/**
 * `/setModule/crm/rules/template`: the CRM import templates, each with its columns (header keys,
 * the Chinese and English headers also accepted, required, allowed values) and its download.
 */
export function TemplateScreen() {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const templates = useQuery({ queryKey: ['crm', 'import', 'templates'], queryFn: importApi.templates });
  return (
    <Flex vertical gap={12} data-testid="crm-templates">
      <Alert type="info" showIcon title={t('crmData.templates.hint')} />
      {(templates.data ?? []).map((tpl) => (
        <Card
          key={tpl.key}
          size="small"
          title={en ? tpl.titleEn : tpl.title}
          extra={
            <Can
              perm={CrmPerm.CUSTOMER_IMPORT}
              fallback={<Typography.Text type="secondary">{t('crmData.templates.noImport')}</Typography.Text>}
            >
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void download(tpl.download, { kind: 'download', filename: `${tpl.key}.xlsx` })}
                data-testid={`crm-template-${tpl.key}`}
              >
                {t('import.template')}
              </Button>
            </Can>
          }
        >
          <Typography.Paragraph type="secondary">
            {t('crmData.templates.maxRows', { count: tpl.maxRows })}
          </Typography.Paragraph>
          <Table<Column>
            size="small"
            rowKey="key"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={tpl.columns}
            columns={[
              {
                title: t('crmData.templates.key'),
                dataIndex: 'key',
                render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
              },
              { title: t('crmData.templates.header'), render: (_, c) => (en ? c.labelEn : c.label) },
              {
                title: t('crmData.templates.required'),
                dataIndex: 'required',
                render: (v: boolean) =>
                  v ? <Tag color="red">{t('crmData.templates.yes')}</Tag> : t('crmData.templates.no'),
              },
              { title: t('crmData.templates.note'), dataIndex: 'note', render: (v: string | null) => v ?? '-' },
            ]}
          />
        </Card>
      ))}
    </Flex>
  );
}
