import { SecretBox } from '../../../platform/auth/secret-box.js';
import type { Db } from '../../../platform/db/index.js';

/** The name of the channel secrets' key in the platform's secrets table. */
export const CHANNEL_SECRET_KEY = 'srm.channel-secret-key';

/**
 * Channel connection secrets at rest: the platform's `SecretBox` named `srm.channel-secret-key`,
 * loaded once per process. Opened only where a connection is made (the traffic room), never for an answer.
 */
export const ChannelSecretBox = {
  of: (db: Db): Promise<SecretBox> => SecretBox.of(db, CHANNEL_SECRET_KEY),
};
