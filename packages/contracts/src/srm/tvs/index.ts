export { TVS_NOTICE_STATES, type TvsNoticeState, tvsNoticeResource } from './notice.js';
export {
  REWRITE_MATCHES,
  type RewriteMatch,
  TVS_REWRITE_PREVIEW_PATH,
  type TvsRewriteOutcome,
  type TvsRewritePreview,
  tvsRewriteOutcome,
  tvsRewritePreview,
  tvsRewriteResource,
} from './rewrite.js';
export { tvsWithdrawalResource, WITHDRAWAL_STATES, type WithdrawalState } from './withdrawal.js';
