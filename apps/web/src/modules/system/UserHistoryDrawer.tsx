import type { PageResult } from '@portal/contracts';
import { userResource } from '@portal/contracts/system';
import { useQueryClient } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RecordTimeline } from '../../platform/history/RecordTimeline';
import type { Row } from '../../platform/resource/api';
import { resourceKeys } from '../../platform/resource/keys';

/**
 * Which user's history is open: set from a row, or from `?history=<user id>` on arrival (mention
 * messages link there). Opening from a row does not touch the address, so no new tab opens.
 */
export function useHistoryTarget() {
  const [params] = useSearchParams();
  return useState(() => Number(params.get('history')) || 0);
}

/** A staff user's history (comments with @mentions) in a drawer. */
export function UserHistoryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  // the user's name as the list shows it (a link from a message may open a user the list has not loaded)
  const name = useQueryClient()
    .getQueriesData<PageResult<Row>>({ queryKey: resourceKeys.list(userResource.key) })
    .flatMap(([, page]) => page?.records ?? [])
    .find((u) => u.id === id)?.name as string | undefined;
  return (
    <Drawer
      open={id > 0}
      onClose={onClose}
      size="large"
      title={name ? `${name} · ${t('history.title')}` : t('history.title')}
      destroyOnHidden
      data-testid="user-history"
    >
      {id > 0 && <RecordTimeline record={{ base: userResource.api, id }} live={userResource.key} title={false} />}
    </Drawer>
  );
}
