import type { ExportTaskRow } from '@portal/contracts';

/**
 * A task the user may run again: failed, expired, or running with a stopped heartbeat (its worker
 * died; the server says `stalled`). The server checks the same rule.
 */
export const canRetry = (row: Pick<ExportTaskRow, 'state'> & { stalled?: boolean }): boolean =>
  row.state === 'failed' || row.state === 'expired' || (row.state === 'running' && row.stalled === true);
