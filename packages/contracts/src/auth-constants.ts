/**
 * Sign-in constants without schemas: the web's always-loaded session code imports these, so this
 * module must stay free of zod (auth.ts re-exports them beside the schemas).
 */
export const CLIENT_ID = 'staff-web';
export const OAUTH_SCOPE = 'staff';
export const TOKEN_HEAD = 'Bearer ';
/** After this many failed password attempts for an account the captcha is required. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const IDEMPOTENCE_HEADER = 'x-idempotence-key';
export const DEPLOY_VERSION_HEADER = 'x-deploy-version';
/**
 * Every answer's platform time (ISO 8601): what the web counts "days left" and "days ago" from, so a
 * browser with a wrong clock, or a test server whose clock was moved, shows the server's count.
 */
export const SERVER_NOW_HEADER = 'x-server-now';
