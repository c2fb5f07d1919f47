import { type ApplicationKind, applicationResource, CrmPerm, customerOwnership } from '@portal/contracts/crm';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../platform/access';
import { TeamPanel } from '../../../platform/ownership';
import type { Row } from '../../../platform/resource/api';
import { useLabel } from '../../../platform/resource/labels';
import { RelatedTable } from '../../../platform/ui/RelatedTable';
import { ApplyDialog } from './ApplyForm';

const KINDS: ApplicationKind[] = ['alias', 'classA', 'source', 'teamName', 'blacklist'];

/** The customer's "approvals" tab: its applications, and buttons to start one (owners only). */
export function ApprovalsTab({ row }: { row: Row }) {
  const label = useLabel();
  const canApply = useCan(CrmPerm.APPLY);
  const canTeamName = useCan(CrmPerm.TEAM_NAME);
  const [open, setOpen] = useState<ApplicationKind | null>(null);
  const owned = row.state === 'private';
  const kinds = KINDS.filter((k) => (k === 'teamName' ? canTeamName : canApply));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {owned && kinds.length > 0 && (
        <Space wrap>
          {kinds.map((k) => (
            <Button
              key={k}
              size="small"
              danger={k === 'blacklist'}
              onClick={() => setOpen(k)}
              data-testid={`apply-${k}`}
            >
              {label(applicationResource.fields.kind.options.find((o) => o.value === k)!.label)}
            </Button>
          ))}
        </Space>
      )}
      <RelatedTable def={applicationResource} filter={{ customerId: row.id }} hide={['customerName']} />
      {open && <ApplyDialog kind={open} customerId={row.id} open onClose={() => setOpen(null)} />}
    </Space>
  );
}

/** The customer's "team" tab: its members; the owner's side may change or remove them. */
export function TeamTab({ row }: { row: Row }) {
  const canShare = useCan(CrmPerm.SHARE);
  return <TeamPanel o={customerOwnership} id={row.id} canShare={canShare && row.state === 'private'} />;
}
