import type { CounterpartKind } from '@portal/contracts/mail';
import { lazy, Suspense } from 'react';
import { withTexts } from '../../platform/i18n';
import { mailTexts } from './locales';

const RecordMailsTab = lazy(
  withTexts(mailTexts, async () => ({ default: (await import('./CounterpartMails')).RecordMailsTab })),
);

/**
 * The mails tab other modules put on their records (customer, supplier): loaded with the mail
 * module's texts, only when the tab is opened.
 */
export function MailsTab(props: { kind: CounterpartKind; id: number }) {
  return (
    <Suspense fallback={null}>
      <RecordMailsTab {...props} />
    </Suspense>
  );
}
