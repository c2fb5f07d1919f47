import type { VersionRow } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Drawer, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../platform/format-time';
import { useLocalName } from '../../platform/local-name';
import { actionColumn } from '../../platform/ui/RowActions';
import { approvalApi, approvalKeys } from './api';
import { definitionFlow } from './flow-model';
import { LazyFlow } from './LazyFlow';

/** A process's published versions (running requests keep theirs), each viewable as its drawn flow. */
export function VersionHistory({ processId, onClose }: { processId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const [viewing, setViewing] = useState<number | null>(null);
  const versions = useQuery({
    queryKey: approvalKeys.versions(processId ?? 0),
    queryFn: () => approvalApi.versions(processId!),
    enabled: !!processId,
  });
  const version = useQuery({
    queryKey: approvalKeys.version(viewing ?? 0),
    queryFn: () => approvalApi.version(viewing!),
    enabled: !!viewing,
  });
  const boxes = useMemo(
    () =>
      version.data
        ? definitionFlow(version.data.definition.nodes, {
            start: t('approval.flowStart'),
            name: localName,
            end: t('approval.flowEnd'),
            field: (k) => k,
            approvers: (n) => t(`approval.cfg.kind.${n.approverKind}`),
          })
        : [],
    [version.data, t, localName],
  );
  return (
    <Drawer
      open={processId !== null}
      onClose={() => {
        setViewing(null);
        onClose();
      }}
      size={640}
      title={t('approval.cfg.versions')}
      destroyOnHidden
    >
      <Table<VersionRow>
        size="small"
        rowKey="id"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        data-testid="version-table"
        columns={[
          {
            key: 'version',
            dataIndex: 'version',
            title: t('approval.cfg.version'),
            width: 90,
            render: (v: number, r) => (
              <>
                v{v} {r.current && <Tag color="green">{t('approval.cfg.current')}</Tag>}
              </>
            ),
          },
          {
            key: 'createdByName',
            dataIndex: 'createdByName',
            title: t('approval.cfg.publishedBy'),
            render: (v: string | null) => v ?? '-',
          },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('approval.cfg.publishedAt'),
            render: (v: string) => formatTime(v),
          },
          { key: 'instanceCount', dataIndex: 'instanceCount', title: t('approval.cfg.instanceCount'), width: 90 },
          actionColumn<VersionRow>(
            t('common.action'),
            (r) => [{ key: 'view', label: t('approval.view'), onClick: () => setViewing(r.id) }],
            70,
          ),
        ]}
      />
      {viewing && (
        <Card size="small" style={{ marginTop: 12 }} title={t('approval.flow')} loading={version.isPending}>
          <LazyFlow boxes={boxes} />
        </Card>
      )}
    </Drawer>
  );
}
