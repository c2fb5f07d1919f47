import type { Label } from './define.js';

/** The states of a record decided by the approval engine (an application, a change request). */
export const APPROVAL_RECORD_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalRecordState = (typeof APPROVAL_RECORD_STATES)[number];

const STATE_LABELS: Record<ApprovalRecordState, { label: Label; color?: string }> = {
  pending: { label: { zh: '审批中', en: 'Under review' }, color: 'processing' },
  approved: { label: { zh: '已通过', en: 'Approved' }, color: 'green' },
  rejected: { label: { zh: '已驳回', en: 'Rejected' }, color: 'red' },
  withdrawn: { label: { zh: '已撤回', en: 'Withdrawn' } },
};

/**
 * The fields of an approval-backed record (a business row whose request runs through the approval
 * engine and whose handler writes the outcome in the approval's transaction): its state, the
 * approval request, the applicant, when it was decided and applied. All server-set. Spread `state`
 * and `trail` where they stand in the definition (field order is the order of rows).
 */
export function approvalRecordFields() {
  return {
    state: {
      kind: 'enum',
      label: { zh: '申请状态', en: 'State' },
      required: true,
      readOnly: true,
      options: [
        { value: APPROVAL_RECORD_STATES[0], ...STATE_LABELS.pending },
        { value: APPROVAL_RECORD_STATES[1], ...STATE_LABELS.approved },
        { value: APPROVAL_RECORD_STATES[2], ...STATE_LABELS.rejected },
        { value: APPROVAL_RECORD_STATES[3], ...STATE_LABELS.withdrawn },
      ],
    },
    trail: {
      approvalId: { kind: 'number', label: { zh: '审批单号', en: 'Approval request' }, readOnly: true },
      applicantId: { kind: 'user', label: { zh: '申请人', en: 'Applicant' }, readOnly: true },
      applicantName: { kind: 'text', label: { zh: '申请人', en: 'Applicant' }, readOnly: true },
      decidedAt: { kind: 'datetime', label: { zh: '审批完成时间', en: 'Decided' }, readOnly: true },
      createdAt: { kind: 'datetime', label: { zh: '申请时间', en: 'Applied' }, required: true, readOnly: true },
    },
  } as const;
}
