export { ownershipApi, type RecordMember } from './api';
export { DistributeDialog, ReturnDialog, ShareDialog, TeamPanel, TransferDialog } from './dialogs';
export { useOwnershipActions } from './use-ownership-actions';
