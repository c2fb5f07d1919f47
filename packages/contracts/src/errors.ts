/**
 * The one error catalogue. Every non-zero `code` the API answers is listed here with the HTTP
 * status it travels with and its zh / en message. Codes of spec section 8 keep their numbers;
 * our own codes use the same 8-digit shape: 1000xxxx request, 1001xxxx auth and access.
 */
export interface ErrorDef {
  code: number;
  http: number;
  zh: string;
  en: string;
}

const def = (code: number, http: number, zh: string, en: string): ErrorDef => ({ code, http, zh, en });

export const Errors = {
  // request shape
  VALIDATION_FAILED: def(10000001, 400, '请求参数有误', 'The request has invalid fields'),
  MALFORMED_BODY: def(10000002, 400, '请求体不是有效的 JSON', 'The request body is not valid JSON'),
  PAYLOAD_TOO_LARGE: def(10000003, 413, '请求体过大', 'The request body is too large'),
  UNSUPPORTED_MEDIA_TYPE: def(10000004, 415, '不支持的内容类型', 'Unsupported content type'),
  ROUTE_NOT_FOUND: def(10000005, 404, '接口不存在', 'No such API route'),
  NOT_FOUND: def(10000006, 404, '记录不存在', 'The record does not exist'),
  CONFLICT: def(
    10000007,
    409,
    '记录已被修改，请刷新后重试',
    'The record was changed by someone else; reload and retry',
  ),
  DUPLICATE: def(10000009, 409, '{value} 已存在', '{value} already exists'),
  CANNOT_DISABLE_SELF: def(10000010, 400, '不能停用自己的账号', 'You cannot disable your own account'),
  RATE_LIMITED: def(10000008, 429, '请求过于频繁，请稍后再试', 'Too many requests, please try again later'),
  INTERNAL: def(10000500, 500, '系统繁忙，请稍后再试', 'Something went wrong on our side, please try again later'),
  // sign-in and session
  BAD_CREDENTIALS: def(10010001, 401, '用户名或密码错误', 'Wrong username or password'),
  TOKEN_INVALID: def(10010002, 401, '登录已失效，请重新登录', 'Your session has expired, please sign in again'),
  CAPTCHA_REQUIRED: def(10010003, 400, '请输入验证码', 'Please enter the verification code'),
  CAPTCHA_WRONG: def(10010004, 400, '验证码错误或已过期', 'The verification code is wrong or expired'),
  ACCOUNT_LOCKED: def(
    10010005,
    429,
    '登录失败次数过多，请稍后再试',
    'Too many failed sign-ins, please try again later',
  ),
  ACCOUNT_DISABLED: def(
    10010006,
    403,
    '账号已停用，请联系管理员',
    'This account is disabled, contact your administrator',
  ),
  REFRESH_INVALID: def(10010007, 401, '登录已失效，请重新登录', 'Your session has expired, please sign in again'),
  SSO_UNKNOWN_IDENTITY: def(
    10010008,
    403,
    '该工作台账号未开通门户权限，请联系管理员',
    'This workplace account has no portal access, contact your administrator',
  ),
  SSO_FAILED: def(10010009, 400, '单点登录失败，请重试', 'Single sign-on failed, please try again'),
  PASSWORD_WEAK: def(
    10010010,
    400,
    '新密码至少 8 位，且不能与用户名相同',
    'The new password needs at least 8 characters and must differ from the username',
  ),
  OLD_PASSWORD_WRONG: def(10010011, 400, '原密码错误', 'The current password is wrong'),
  NO_PERMISSION: def(10010012, 403, '暂无权限，请联系管理员', 'No permission, contact your administrator'),
  UNSUPPORTED_GRANT: def(10010013, 400, '不支持的授权方式', 'Unsupported grant type'),
  BAD_CLIENT: def(10010014, 400, '客户端或范围无效', 'Unknown client or scope'),
  // idempotence (check-repeat)
  IDEMPOTENCE_KEY_MISSING: def(
    10020001,
    400,
    '缺少防重复提交标识，请刷新页面后重试',
    'The submission id is missing; reload the page and retry',
  ),
  IDEMPOTENCE_KEY_UNKNOWN: def(
    10020002,
    400,
    '防重复提交标识无效或已过期，请重新提交',
    'The submission id is unknown or expired; submit again',
  ),
  IDEMPOTENCE_KEY_MISMATCH: def(
    10020003,
    422,
    '该提交标识已用于另一份内容，请重新提交',
    'This submission id was already used for different content; submit again',
  ),
  IDEMPOTENCE_IN_PROGRESS: def(
    10020004,
    409,
    '请勿重复提交，上一次提交正在处理中',
    'The same submission is still being processed',
  ),
  // spec section 8
  NO_MAILBOX: def(10170036, 400, '您还没有绑定邮箱', 'No mailbox is bound to your account'),
  MAIL_OK_NOTICE: def(10170039, 200, '操作成功', 'Done'),
  ALIAS_CHANGE_PENDING: def(
    10050027,
    409,
    '该记录存在未完成的别名变更记录，暂不能操作',
    'This record has an unfinished alias change, so the action cannot proceed',
  ),
  ALIAS_TAKEN: def(
    10050016,
    409,
    '别名 {value} 已被占用，系统已生成新的别名，请再次点击确认',
    'The alias {value} is already taken; a new alias was generated, click confirm again',
  ),
  CANNOT_EXECUTE_53: def(10060053, 409, '无法执行', 'Cannot execute'),
  CANNOT_EXECUTE_54: def(10060054, 409, '无法执行', 'Cannot execute'),
  CANNOT_EXECUTE_58: def(10060058, 409, '无法执行', 'Cannot execute'),
  CANNOT_EXECUTE_59: def(10060059, 409, '无法执行', 'Cannot execute'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof Errors;

/** Codes the web client treats specially (spec section 8). */
export const SpecialCodes = {
  SESSION_EXPIRED: Errors.TOKEN_INVALID.code,
  NO_MAILBOX: Errors.NO_MAILBOX.code,
  SUCCESS_TOAST: Errors.MAIL_OK_NOTICE.code,
  ALIAS_CHANGE_PENDING: Errors.ALIAS_CHANGE_PENDING.code,
  ALIAS_TAKEN: Errors.ALIAS_TAKEN.code,
  CANNOT_EXECUTE: [10060053, 10060054, 10060058, 10060059] as readonly number[],
} as const;

const byCode = new Map<number, ErrorDef>(Object.values(Errors).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}

export type Locale = 'zh-CN' | 'en';

export function errorMessage(e: ErrorDef, locale: Locale, vars?: Record<string, string | number>): string {
  let text = locale === 'zh-CN' ? e.zh : e.en;
  if (vars) for (const [k, v] of Object.entries(vars)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
