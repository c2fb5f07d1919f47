import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountPicker } from './AccountPicker';
import { qmApi } from './api';
import { CURRENCIES } from './screens';

type Product = 'sms' | 'voice' | 'whatsapp';
const PRODUCTS: Product[] = ['sms', 'voice', 'whatsapp'];
const PRICE = /^\d{1,12}(\.\d{1,6})?$/;

interface ApplyForm {
  bookId?: number;
  product: Product;
  network?: string;
  country?: string;
  prefix?: string;
  unitPrice?: string;
  currency: string;
  effectiveFrom?: Dayjs;
  reason?: string;
}

/**
 * The special-price apply page (`quota-apply-approval/special/apply` and the application form
 * `/general/process/special-apply/special/apply`, decision 0102): a customer price below its limit
 * with a reason starts the special-price request the price save starts; then the request's detail
 * opens. The query prefills it: `accountId`, `product`, `country`, `network`, `prefix`, `price`, `currency`.
 */
export function SpecialApplyScreen() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ApplyForm>();
  const product = Form.useWatch('product', form) ?? 'sms';
  const q = (k: string) => params.get(k) ?? undefined;
  const asked = q('product') as Product | undefined;
  const apply = useMutation({
    mutationFn: (v: ApplyForm) =>
      qmApi.applySpecial({
        bookKind: 'account',
        bookId: v.bookId,
        product: v.product,
        ...(v.product === 'voice'
          ? { prefix: v.prefix?.trim() }
          : { network: v.network?.trim() || undefined, country: v.country?.trim().toUpperCase() || undefined }),
        unitPrice: v.unitPrice?.trim(),
        currency: v.currency,
        effectiveFrom: v.effectiveFrom ? v.effectiveFrom.toDate().toISOString() : undefined,
        reason: v.reason?.trim(),
      }),
    onSuccess: (r) => {
      message.success(t('qm.apply.started', { id: r.approvalId }));
      navigate(`/offerManage/quota-apply-approval/special/detail?id=${r.id}`);
    },
  });
  return (
    <Card size="small" title={t('qm.apply.title')}>
      <Alert type="info" showIcon title={t('qm.apply.hint')} style={{ maxWidth: 640, marginBottom: 12 }} />
      <Form<ApplyForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={{
          bookId: Number(q('accountId')) || undefined,
          product: asked && PRODUCTS.includes(asked) ? asked : 'sms',
          network: q('network'),
          country: q('country'),
          prefix: q('prefix'),
          unitPrice: q('price'),
          currency: q('currency') ?? 'USD',
        }}
        onFinish={(v) => apply.mutate(v)}
      >
        <Form.Item name="bookId" label={t('qm.accountId')} rules={[{ required: true }]}>
          <AccountPicker allowClear={false} data-testid="apply-account" />
        </Form.Item>
        <Form.Item name="product" label={t('qm.product')}>
          <Radio.Group
            optionType="button"
            options={PRODUCTS.map((p) => ({ value: p, label: t(`qm.productValue.${p}`) }))}
          />
        </Form.Item>
        {product === 'voice' ? (
          <Form.Item name="prefix" label={t('qm.prefix')} rules={[{ required: true, pattern: /^\d{1,15}$/ }]}>
            <Input data-testid="apply-prefix" />
          </Form.Item>
        ) : (
          <Space wrap>
            <Form.Item name="network" label={t('qm.network')} rules={[{ pattern: /^\d{5,6}$/ }]}>
              <Input data-testid="apply-network" />
            </Form.Item>
            <Form.Item name="country" label={t('qm.country')} rules={[{ pattern: /^[A-Za-z]{2}$/ }]}>
              <Input maxLength={2} data-testid="apply-country" />
            </Form.Item>
          </Space>
        )}
        <Space wrap>
          <Form.Item
            name="unitPrice"
            label={product === 'voice' ? t('qm.unitPriceVoice') : t('qm.unitPrice')}
            rules={[{ required: true, pattern: PRICE }]}
          >
            <Input data-testid="apply-price" />
          </Form.Item>
          <Form.Item name="currency" label={t('qm.currency')} rules={[{ required: true }]}>
            <Select options={CURRENCIES} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="effectiveFrom" label={t('qm.effectiveFrom')}>
            <DatePicker showTime />
          </Form.Item>
        </Space>
        <Form.Item name="reason" label={t('qm.reason')} rules={[{ required: true, whitespace: true, max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="apply-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="apply-submit">
          {t('qm.apply.submit')}
        </Button>
      </Form>
    </Card>
  );
}
