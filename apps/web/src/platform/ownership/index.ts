export { type OwnerLogRow, ownershipApi, type RecordMember } from './api';
export { DistributeDialog, ReturnDialog, ShareDialog, TeamPanel, TransferDialog } from './dialogs';
export { OwnerLogList } from './OwnerLogList';
export { useOwnershipActions } from './use-ownership-actions';
