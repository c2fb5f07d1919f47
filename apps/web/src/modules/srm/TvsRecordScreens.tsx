import {
  TVS_REWRITE_PREVIEW_PATH,
  type TvsRewriteOutcome,
  type TvsRewritePreview,
  tvsNoticeResource,
  tvsRewritePreview,
  tvsRewriteResource,
  tvsWithdrawalResource,
} from '@portal/contracts/srm';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RecordSelect } from '../../platform/fields/RecordSelect';
import { RefSelect } from '../../platform/fields/RefSelect';
import { zodRule } from '../../platform/form';
import { post } from '../../platform/http';
import { ResourceList } from '../../platform/resource/ResourceList';
import { resourceScreens } from '../../platform/resource/resource-screens';

/** `tvs/withdrawal-record`: partners' withdrawal requests, decided and paid by their commands (decision 0083). */
export function TvsWithdrawalScreen() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon title={t('srm.tvs.withdrawalHint')} />
      <ResourceList def={tvsWithdrawalResource} />
    </Flex>
  );
}

/** `tvs/notice`: notices to the SIM-farm partners, drafted, published, withdrawn. */
export const TvsNoticeScreen = resourceScreens(tvsNoticeResource).List;

const shape = tvsRewritePreview.shape;

/** A sample text through the rules of a partner and a country: what would leave, and which rules changed it. */
function RewritePreview() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TvsRewritePreview>();
  const run = useMutation({
    mutationFn: (q: TvsRewritePreview) => post<TvsRewriteOutcome>(TVS_REWRITE_PREVIEW_PATH, q),
  });
  return (
    <Card size="small" title={t('srm.tvs.preview')}>
      <Form form={form} layout="vertical" onFinish={(v) => run.mutate(v)} data-testid="rewrite-preview">
        <Flex gap={8} wrap>
          <Form.Item
            name="supplierId"
            label={t('srm.tvs.partnerId')}
            style={{ minWidth: 160 }}
            rules={[zodRule(shape.supplierId, t('srm.tvs.partnerId'))]}
          >
            <RecordSelect kind="supplier" style={{ width: '100%' }} placeholder={t('srm.tvs.allPartners')} />
          </Form.Item>
          <Form.Item name="country" label={t('srm.tvs.country')} style={{ minWidth: 180 }}>
            <RefSelect kind="country" placeholder={t('srm.tvs.allCountries')} />
          </Form.Item>
        </Flex>
        <Form.Item name="text" label={t('srm.tvs.sample')} rules={[zodRule(shape.text, t('srm.tvs.sample'))]}>
          <Input.TextArea rows={2} maxLength={1600} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending}>
          {t('srm.tvs.runPreview')}
        </Button>
      </Form>
      {run.data && (
        <Flex vertical gap={4} style={{ marginTop: 12 }} data-testid="rewrite-outcome">
          <Typography.Text type="secondary">{t('srm.tvs.outcome')}</Typography.Text>
          <Typography.Paragraph copyable style={{ marginBottom: 0, overflowWrap: 'anywhere' }}>
            {run.data.text}
          </Typography.Paragraph>
          <Flex gap={4} wrap>
            {run.data.applied.length === 0 ? (
              <Typography.Text type="secondary">{t('srm.tvs.noneApplied')}</Typography.Text>
            ) : (
              run.data.applied.map((r, i) => (
                <Tag key={r.id} color="purple">
                  {i + 1}. {r.name}
                </Tag>
              ))
            )}
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

/** `tvs/content-rewrite`: the rules, and a try-out of what a text becomes. */
export function TvsRewriteScreen() {
  return (
    <Flex vertical gap={8}>
      <RewritePreview />
      <ResourceList def={tvsRewriteResource} />
    </Flex>
  );
}
