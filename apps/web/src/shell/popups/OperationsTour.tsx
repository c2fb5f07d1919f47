import { Button, Space, Tour, type TourProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_Z_INDEX } from '../../platform/feedback';

/** The three sections of the operations module's guide and the menu groups they point at. */
export const TOUR_SECTIONS = [
  { key: 'public', menu: 'businessOperations:group:public' },
  { key: 'sms', menu: 'businessOperations:group:smsTest' },
  { key: 'voice', menu: 'businessOperations:group:voice' },
] as const;

/** The side-menu group of a section; the step shows centred when the menu is not on screen (mobile). */
const target = (menuKey: string) =>
  (() =>
    (document
      .querySelector(`[data-testid="side-menu"] [data-menu="${menuKey}"]`)
      ?.closest('li') as HTMLElement | null) ?? null) as () => HTMLElement;

/**
 * Guided tour of the operations module (antd Tour): public, sms and voice, each with skip (跳过)
 * and next step (下一步); the last one closes with I know (我知道了). Loaded lazily.
 */
export default function OperationsTour({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const steps: NonNullable<TourProps['steps']> = TOUR_SECTIONS.map((s) => ({
    title: t(`tour.${s.key}.title`),
    description: t(`tour.${s.key}.text`),
    target: target(s.menu),
    placement: 'right',
  }));
  const last = current === steps.length - 1;
  return (
    <Tour
      open
      current={current}
      onChange={setCurrent}
      steps={steps}
      onClose={onDone}
      zIndex={POPUP_Z_INDEX}
      actionsRender={() => (
        <Space data-testid="tour-actions">
          {!last && (
            <Button size="small" onClick={onDone} data-testid="tour-skip">
              {t('tour.skip')}
            </Button>
          )}
          {last ? (
            <Button size="small" type="primary" onClick={onDone} data-testid="tour-done">
              {t('tour.done')}
            </Button>
          ) : (
            <Button size="small" type="primary" onClick={() => setCurrent(current + 1)} data-testid="tour-next">
              {t('tour.next')}
            </Button>
          )}
        </Space>
      )}
    />
  );
}
