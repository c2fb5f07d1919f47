import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-constants.js';

export {
  CAPTCHA_AFTER_FAILURES,
  CLIENT_ID,
  DEPLOY_VERSION_HEADER,
  IDEMPOTENCE_HEADER,
  OAUTH_SCOPE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TOKEN_HEAD,
} from './auth-constants.js';

export const passwordGrant = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(PASSWORD_MAX),
  client_id: z.string().min(1).max(64),
  scope: z.string().min(1).max(64),
  /** captcha answer and the id returned by GET /dcode */
  code: z.string().max(16).optional(),
  uuid: z.string().uuid().optional(),
});
export type PasswordGrant = z.infer<typeof passwordGrant>;

export const refreshGrant = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(16).max(256),
  client_id: z.string().min(1).max(64),
  scope: z.string().min(1).max(64),
});

export const tokenResponse = z.object({
  tokenHead: z.string(),
  token: z.string(),
  /** lifetime of the access token in seconds */
  expiresIn: z.number().int(),
  refreshToken: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const captchaResponse = z.object({ uuid: z.string(), img: z.string(), required: z.boolean() });
export const captchaQuery = z.object({ username: z.string().max(64).optional() });

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const ssoUrlQuery = z.object({ redirectPath: z.string().max(2048).optional() });
export const ssoUrlResponse = z.object({ url: z.string() });
export const dingAuthQuery = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  /** the `iss` the provider sent back with the code (RFC 9207); pass it through when present */
  iss: z.string().max(2048).optional(),
});
export const dingAuthResponse = tokenResponse.extend({ redirectPath: z.string() });

export const userInfo = z.object({
  avatar: z.string().nullable(),
  jobNumber: z.string(),
  name: z.string(),
  userId: z.number().int(),
  staffId: z.string(),
  jobTime: z.string().nullable(),
  deptNames: z.array(z.string()),
  username: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export interface ResourceNode {
  id: number;
  name: string;
  nameEn: string;
  router: string | null;
  international: string;
  icon: string | null;
  webShowFlag: boolean;
  parentId: number | null;
  iframeName: string | null;
  children: ResourceNode[];
}
export const resourceNode: z.ZodType<ResourceNode> = z
  .lazy(
    () =>
      z.object({
        id: z.number().int(),
        name: z.string(),
        nameEn: z.string(),
        router: z.string().nullable(),
        international: z.string(),
        icon: z.string().nullable(),
        webShowFlag: z.boolean(),
        parentId: z.number().int().nullable(),
        iframeName: z.string().nullable(),
        children: z.array(resourceNode),
      }),
    // a named component, so the recursion is a resolvable $ref in the OpenAPI document
  )
  .meta({ id: 'ResourceNode' });
export const resourceQuery = z.object({ mobileFlag: z.enum(['true', 'false']).default('false') });

export const idempotenceKey = z.object({ key: z.string() });
