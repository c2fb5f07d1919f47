import { LIVE_RESOURCES, Perm } from '@portal/contracts';
import { declareLiveResource } from '../../platform/live/record-changes.js';

/** Version records: every signed-in user reads the published ones (timeline), editors the rest. */
export const VERSIONS_RESOURCE = LIVE_RESOURCES.noticeVersions;
/** Ding notices: their list is the editors'. */
export const DING_RESOURCE = LIVE_RESOURCES.dingNotices;

declareLiveResource(VERSIONS_RESOURCE, null);
declareLiveResource(DING_RESOURCE, Perm.NOTICE_CONFIG);
