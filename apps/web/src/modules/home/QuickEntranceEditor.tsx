import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Transfer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPUP_Z_INDEX } from '../../platform/feedback';
import { searchEntries } from '../../platform/path-search';
import { useSession } from '../../platform/session';
import { useUser } from '../../platform/user-store';
import { type HomeSummary, homeApi, homeKeys } from './api';

/** Choose the quick entrances (at most 12) from the user's accessible menu pages. Loaded lazily. */
export default function QuickEntranceEditor({
  current,
  max,
  onClose,
}: {
  current: string[];
  max: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const locale = useSession((s) => s.locale);
  const menus = useUser((s) => s.menus);
  const [chosen, setChosen] = useState<string[]>(current);
  const data = useMemo(
    () =>
      searchEntries(menus, locale).map((e) => ({
        key: e.path,
        title: e.title,
        description: `${e.module} · ${e.path}`,
        alt: e.alt,
      })),
    [menus, locale],
  );
  const save = useMutation({
    mutationFn: () => homeApi.saveQuickEntrances(chosen),
    onSuccess: (saved) => {
      queryClient.setQueryData<HomeSummary>(homeKeys.summary, (s) => (s ? { ...s, quickAccess: saved } : s));
      message.success(t('home.quick.saved'));
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('home.quick.editTitle', { max })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={onClose}
      width={760}
      zIndex={POPUP_Z_INDEX}
      data-testid="quick-editor"
    >
      <Transfer
        dataSource={data}
        targetKeys={chosen}
        onChange={(keys) => {
          const next = keys.map(String);
          if (next.length > max) {
            message.warning(t('home.quick.tooMany', { max }));
            return;
          }
          setChosen(next);
        }}
        render={(item) => item.title}
        showSearch
        filterOption={(input, item) =>
          `${item.title} ${item.alt} ${item.key}`.toLowerCase().includes(input.trim().toLowerCase())
        }
        titles={[t('home.quick.available'), `${t('home.quick.chosen')} ${chosen.length}/${max}`]}
        styles={{ section: { width: 330, height: 380 } }}
        oneWay={false}
        locale={{ searchPlaceholder: t('search.placeholder') }}
      />
    </Modal>
  );
}
