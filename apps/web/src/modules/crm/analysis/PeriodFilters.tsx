import type { AnalysisQuery } from '@portal/contracts/crm';
import { DatePicker, Flex, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepartmentSelect } from '../../../platform/fields/DepartmentSelect';
import { UserSelect } from '../../../platform/fields/UserSelect';
import { serverNow } from '../../../platform/server-clock';

/** today on the server's clock (decision 0069), not the browser's */
const today = () => dayjs(serverNow());

/** The default period: the last 90 days up to today. */
export const defaultQuery = (): AnalysisQuery => ({
  from: today().subtract(89, 'day').format('YYYY-MM-DD'),
  to: today().format('YYYY-MM-DD'),
});

/** Period, sales and department of an analysis; every change asks again (the server applies the data scope). */
export function PeriodFilters({ value, onChange }: { value: AnalysisQuery; onChange: (q: AnalysisQuery) => void }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs(value.from), dayjs(value.to)]);
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Flex wrap gap={8}>
        <Form.Item label={t('crmData.period')} style={{ marginInlineEnd: 0 }}>
          <DatePicker.RangePicker
            allowClear={false}
            // on a phone the picker keeps beside its label inside the card
            style={{ width: 'min(250px, calc(100vw - 150px))' }}
            value={range}
            data-testid="crm-analysis-period"
            presets={[
              { label: t('crmData.last30'), value: [today().subtract(29, 'day'), today()] },
              { label: t('crmData.last90'), value: [today().subtract(89, 'day'), today()] },
              { label: t('crmData.thisYear'), value: [today().startOf('year'), today()] },
            ]}
            onChange={(r) => {
              if (!r?.[0] || !r[1]) return;
              setRange([r[0], r[1]]);
              onChange({ ...value, from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') });
            }}
          />
        </Form.Item>
        <Form.Item label={t('crmData.sales')} style={{ marginInlineEnd: 0 }}>
          <UserSelect
            allowClear
            style={{ width: 180 }}
            value={value.ownerId}
            onChange={(id) => onChange({ ...value, ownerId: (id as number | undefined) ?? undefined })}
          />
        </Form.Item>
        <Form.Item label={t('crmData.department')} style={{ marginInlineEnd: 0 }}>
          <DepartmentSelect
            allowClear
            style={{ width: 200 }}
            value={value.departmentId}
            onChange={(id) => onChange({ ...value, departmentId: (id as number | undefined) ?? undefined })}
          />
        </Form.Item>
      </Flex>
    </Form>
  );
}
