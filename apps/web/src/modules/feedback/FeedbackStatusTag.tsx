import type { FeedbackRow } from '@portal/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { pending: 'warning', replied: 'processing', closed: 'default' } as const;

export function FeedbackStatusTag({ status }: { status: FeedbackRow['status'] }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`feedback.status.${status}`)}</Tag>;
}
