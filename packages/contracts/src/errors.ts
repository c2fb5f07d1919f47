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
  INVALID_CHARACTER: def(
    10000020,
    400,
    '字段 {field} 含有无效字符（空字符或不成对的代理项）',
    'The field {field} contains an invalid character (NUL or an unpaired surrogate)',
  ),
  DATA_INVALID: def(
    10000021,
    400,
    '请求中的某个值格式有误或超出范围，无法保存',
    'A value in the request has a wrong format or is out of range and cannot be stored',
  ),
  REQUIRED_VALUE_MISSING: def(10000022, 400, '缺少必填的值', 'A required value is missing'),
  REFERENCE_INVALID: def(
    10000023,
    409,
    '关联的记录不存在或仍在使用中',
    'A related record does not exist or is still in use',
  ),
  RULE_VIOLATED: def(10000024, 400, '请求中的值不符合记录的规则', 'A value in the request breaks a rule of the record'),
  MULTIPART_MALFORMED: def(
    10000025,
    400,
    '上传内容不完整或格式有误，请重新上传',
    'The upload is incomplete or malformed; upload it again',
  ),
  USER_OUT_OF_SCOPE: def(
    10000030,
    403,
    '只能在您的数据范围内的部门中创建或调整用户',
    'Users can only be placed in departments within your data scope',
  ),
  ROLE_NOT_GRANTABLE: def(
    10000031,
    403,
    '不能授予角色 {value}：它包含您自己没有的权限或更大的数据范围',
    'You cannot grant the role {value}: it holds permissions or a data scope you do not have yourself',
  ),
  HANDOVER_NO_APPROVAL_PERMISSION: def(
    10000032,
    400,
    '{value} 没有审批权限，不能接收该待办',
    '{value} has no approval permission and cannot take over this to-do',
  ),
  PREFS_FULL: def(
    10000070,
    400,
    '个人设置已达上限（{limit} 项），请先清理不用的列表设置',
    'You have reached the limit of {limit} saved settings; clear some list settings first',
  ),
  // trees and records the system settings screens edit (1000005x)
  TREE_CYCLE: def(
    10000050,
    400,
    '不能移动到它自己或它的下级之下',
    'A node cannot be moved under itself or one of its descendants',
  ),
  TREE_HAS_CHILDREN: def(
    10000051,
    409,
    '{value} 下还有子节点，请先删除或移走它们',
    '{value} still has child nodes; delete or move them first',
  ),
  RESOURCE_IN_USE: def(
    10000052,
    409,
    '{value} 仍被角色 {roles} 使用，请先取消授权',
    '{value} is still granted to the roles {roles}; revoke it first',
  ),
  ROLE_IN_USE: def(
    10000053,
    409,
    '角色 {value} 仍有 {count} 名成员，请先移除成员',
    'The role {value} still has {count} members; remove them first',
  ),
  DEPT_IN_USE: def(
    10000054,
    409,
    '部门 {value} 仍有 {count} 名成员，请先调整成员',
    'The department {value} still has {count} members; move them first',
  ),
  PARENT_INVALID: def(
    10000055,
    400,
    '上级节点不存在或不能有下级（按钮下不能再挂节点）',
    'The parent node does not exist or cannot have children (nothing hangs under a button)',
  ),
  LOG_RANGE_INVALID: def(
    10000056,
    400,
    '时间范围有误：开始须早于结束，且跨度不超过 {days} 天',
    'The time range is wrong: the start must be before the end and the span at most {days} days',
  ),
  DEPT_OUT_OF_SCOPE: def(
    10000057,
    403,
    '只能调整您数据范围内的部门',
    'You can only change departments within your data scope',
  ),
  IMPORT_NOT_XLSX: def(
    10000071,
    400,
    '文件不是有效的 Excel（xlsx）工作簿',
    'The file is not a valid Excel (xlsx) workbook',
  ),
  IMPORT_HEADER_MISSING: def(
    10000072,
    400,
    '第一行表头缺少列：{columns}，请使用导入模板',
    'The header row lacks the columns {columns}; use the import template',
  ),
  IMPORT_TOO_MANY_ROWS: def(10000073, 400, '一次最多导入 {limit} 行', 'At most {limit} rows can be imported at once'),
  QUERY_TIMEOUT: def(
    10000040,
    503,
    '查询耗时过长，请缩小查询范围后重试',
    'The query took too long; narrow the filters and try again',
  ),
  REQUEST_TIMEOUT: def(10000041, 504, '请求处理超时，请稍后再试', 'The request took too long; please try again later'),
  SERVER_BUSY: def(10000042, 503, '系统繁忙，请稍后再试', 'The server is busy; please try again in a moment'),
  REQUEST_ABANDONED: def(10000043, 499, '请求已取消', 'The request was cancelled by the client'),
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
  SSO_DISABLED: def(
    10010030,
    404,
    '未启用工作台单点登录，请使用账号密码登录',
    'Workplace-chat single sign-on is not enabled; sign in with your username and password',
  ),
  LIVE_STREAMS_LIMIT: def(
    10010020,
    429,
    '实时连接过多，请关闭部分页面后重试',
    'Too many live connections are open; close some tabs and try again',
  ),
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
  // approval workflow (1011xxxx)
  WF_TASK_HANDLED: def(
    10110001,
    409,
    '该任务已被处理，请刷新后查看',
    'This task has already been handled; reload to see the outcome',
  ),
  WF_NOT_ASSIGNEE: def(10110002, 403, '这不是您的待办任务', 'This task is not assigned to you'),
  WF_INSTANCE_FINISHED: def(
    10110003,
    409,
    '该申请已结束，不能再操作',
    'This request has finished and cannot be changed',
  ),
  WF_REJECT_TARGET: def(10110004, 400, '不能退回到该节点', 'The request cannot be sent back to that node'),
  WF_NO_APPROVER: def(
    10110005,
    400,
    '节点“{node}”找不到审批人：请联系管理员为您的部门设置负责人，或在流程中为该节点指定审批人',
    'Step "{node}" has no approver: ask an administrator to set a leader for your department, or to name the approvers of this step in the process',
  ),
  WF_PROCESS_DISABLED: def(10110006, 409, '该流程已停用', 'This process is disabled'),
  WF_FORM_INVALID: def(10110007, 400, '表单填写有误：{field}', 'The form has an invalid field: {field}'),
  WF_NOT_INITIATOR: def(10110008, 403, '只有发起人可以执行此操作', 'Only the initiator may do this'),
  WF_NOT_INVOLVED: def(10110009, 403, '您无权查看该申请', 'You are not involved in this request'),
  WF_TRANSMIT_TARGET: def(10110010, 400, '不能转交给该用户', 'The task cannot be handed to that user'),
  WF_IN_USE: def(10110011, 409, '{value} 正在使用中，不能删除', '{value} is in use and cannot be deleted'),
  WF_ATTACHMENT_UNKNOWN: def(10110012, 400, '附件不存在：{value}', 'Unknown attachment: {value}'),
  WF_NOT_RETURNED: def(
    10110013,
    409,
    '只有被退回的申请可以重新提交',
    'Only a request sent back to you can be resubmitted',
  ),
  // import row reasons (one per kind of zod issue), in the caller's language
  IMPORT_CELL_REQUIRED: def(10110020, 400, '必填', 'Required'),
  IMPORT_CELL_TOO_SHORT: def(10110021, 400, '至少 {min} 个字符', 'At least {min} characters'),
  IMPORT_CELL_TOO_LONG: def(10110022, 400, '最多 {max} 个字符', 'At most {max} characters'),
  IMPORT_CELL_TOO_SMALL: def(10110023, 400, '不能小于 {min}', 'Must be at least {min}'),
  IMPORT_CELL_TOO_LARGE: def(10110024, 400, '不能大于 {max}', 'Must be at most {max}'),
  IMPORT_CELL_FORMAT: def(10110025, 400, '格式有误', 'Wrong format'),
  IMPORT_CELL_CHOICE: def(10110026, 400, '只能是以下之一：{values}', 'Must be one of: {values}'),
  IMPORT_CELL_INVALID: def(10110027, 400, '值无效', 'Invalid value'),
  IMPORT_ROW_REPEATED: def(10110028, 400, '与前面的行重复：{value}', 'Repeats {value} of an earlier row'),
  IMPORT_CELL_NOT_NUMBER: def(10110029, 400, '应为数字', 'Must be a number'),
  WF_WEBHOOK_HOST: def(
    10110030,
    400,
    '不允许向该主机发送 Webhook：{host}（见 WEBHOOK_ALLOWED_HOSTS）',
    'Webhooks may not be sent to {host} (see WEBHOOK_ALLOWED_HOSTS)',
  ),
  // AI assistant (1040xxxx)
  AI_UUID_REQUIRED: def(10400001, 400, '缺少会话 UUID 或格式有误', 'A valid conversation UUID is required'),
  AI_LIKE_TYPE_REQUIRED: def(10400002, 400, '点赞类型不能为空', 'A like type is required'),
  AI_CONVERSATION_NOT_FOUND: def(10400003, 404, '会话不存在或已删除', 'The conversation does not exist or was deleted'),
  AI_CHAT_NOT_FOUND: def(10400004, 404, '对话记录不存在', 'The chat message does not exist'),
  AI_TAG_REQUIRED: def(10400005, 400, '请至少选择一个标签', 'Please choose at least one tag'),
  AI_CHAT_BUSY: def(
    10400006,
    409,
    '上一个回答还在生成中，请稍候或先停止',
    'The previous answer is still being written; wait or stop it first',
  ),
  AI_MODEL_FAILED: def(
    10400007,
    502,
    'AI 服务暂时不可用，请稍后再试',
    'The AI service is not available right now, please try again later',
  ),
  KB_FORMAT_UNSUPPORTED: def(
    10400008,
    415,
    '仅支持 md、txt、docx、pdf 文档',
    'Only md, txt, docx and pdf documents are supported',
  ),
  KB_TOO_LARGE: def(10400009, 413, '文档不能超过 {limit}', 'A document may be at most {limit}'),
  KB_EMPTY: def(10400010, 400, '文档中没有可读取的文字', 'The document contains no readable text'),
  KB_DOC_NOT_FOUND: def(10400011, 404, '知识库文档不存在', 'The knowledge document does not exist'),
  AI_LIKE_TYPE_UNKNOWN: def(10400012, 400, '点赞类型只能是 LIKE 或 DISLIKE', 'The like type must be LIKE or DISLIKE'),
  KB_FILE_NOT_FOUND: def(
    10400013,
    404,
    '上传的文件不存在或不是您上传的',
    'The uploaded file does not exist or was not uploaded by you',
  ),
  KB_FILE_PURPOSE: def(
    10400014,
    400,
    '该文件不是通过系统文件上传的，不能作为知识库文档',
    'This file was not uploaded as a system file and cannot become a knowledge document',
  ),
  KB_FILE_CORRUPT: def(10400015, 400, '{ext} 文档已损坏，无法读取', 'The {ext} document is damaged and cannot be read'),
  KB_FILE_IN_USE: def(
    10400016,
    409,
    '该文件已是另一篇知识库文档的原文件',
    'This file is already the original of another knowledge document',
  ),
  // files, uploads and exports (1013xxxx)
  FILE_EMPTY: def(10130001, 400, '文件为空', 'The file is empty'),
  FILE_TOO_LARGE: def(10130002, 413, '文件超过大小上限 {limit}', 'The file is larger than the limit of {limit}'),
  FILE_TYPE_NOT_ALLOWED: def(10130003, 415, '不支持的文件类型：{ext}', 'This file type is not accepted: {ext}'),
  FILE_TYPE_MISMATCH: def(
    10130004,
    415,
    '文件内容与扩展名 {ext} 不符',
    'The file content does not match its extension {ext}',
  ),
  FILE_MISSING: def(10130005, 400, '请选择要上传的文件（字段 file）', 'Choose a file to upload (field "file")'),
  FILE_URL_EXPIRED: def(
    10130006,
    403,
    '下载链接已过期，请重新获取',
    'The download link has expired; request a new one',
  ),
  FILE_URL_INVALID: def(10130007, 403, '下载链接无效', 'The download link is invalid'),
  SEGMENT_CHECKSUM: def(
    10130008,
    400,
    '分片 {index} 校验失败，请重新上传该分片',
    'Segment {index} failed its checksum; upload it again',
  ),
  SEGMENT_DUPLICATE: def(10130009, 409, '分片 {index} 已上传', 'Segment {index} was already uploaded'),
  SEGMENT_INDEX: def(10130010, 400, '分片序号 {index} 超出范围', 'Segment index {index} is out of range'),
  SEGMENT_SIZE: def(
    10130011,
    400,
    '分片 {index} 大小不正确（应为 {expected} 字节）',
    'Segment {index} has the wrong size (expected {expected} bytes)',
  ),
  SEGMENT_INCOMPLETE: def(10130012, 409, '还有 {missing} 个分片未上传', '{missing} segments are still missing'),
  SEGMENT_FILE_CHECKSUM: def(
    10130013,
    400,
    '合并后的文件校验失败，请重新上传',
    'The assembled file failed its checksum; upload it again',
  ),
  UPLOAD_NOT_FOUND: def(10130014, 404, '上传任务不存在或已完成', 'No such upload in progress'),
  EXPORT_FAILED: def(10130015, 500, '导出失败', 'Export failed'),
  EXPORT_NOT_READY: def(10130016, 409, '导出文件尚未生成', 'The export file is not ready'),
  EXPORT_EXPIRED: def(10130017, 410, '导出文件已过期，请重新导出', 'The export file has expired; export again'),
  EXPORT_NOT_RETRYABLE: def(
    10130018,
    409,
    '只有失败、已过期或已中断的导出任务可以重试',
    'Only failed, expired or stalled export tasks can be retried',
  ),
  UPLOAD_COMPLETING: def(
    10130040,
    409,
    '该上传正在合并中，请稍后在文件列表中查看',
    'This upload is already being completed; its file will appear when it is done',
  ),
  FILE_NOT_ATTACHABLE: def(
    10130030,
    403,
    '文件 {value} 不存在或不是您上传的，不能作为附件',
    'File {value} does not exist or was not uploaded by you, so it cannot be attached',
  ),
  FILE_PURPOSE_NOT_ATTACHABLE: def(
    10130031,
    400,
    '文件 {value} 不能作为附件（导出文件等不可附加）',
    'File {value} cannot be attached here (export files and the like are never attachable)',
  ),
  // spec section 8
  NO_MAILBOX: def(10170036, 400, '您还没有绑定邮箱', 'No mailbox is bound to your account'),
  MAIL_OK_NOTICE: def(10170039, 200, '操作成功', 'Done'),
  // mail room (10170100–10170149)
  MAIL_RECIPIENT_INVALID: def(
    10170100,
    400,
    '输入邮箱格式有误，请更正',
    'An e-mail address is not valid, please correct it',
  ),
  MAIL_NO_RECIPIENT: def(10170101, 400, '请至少填写一个收件人', 'Add at least one recipient'),
  MAIL_SERVER_UNREACHABLE: def(
    10170102,
    502,
    '无法连接邮件服务器：{reason}',
    'The mail server could not be reached: {reason}',
  ),
  MAIL_LOGIN_REFUSED: def(
    10170103,
    400,
    '邮件服务器拒绝了用户名或密码',
    'The mail server refused the user name or password',
  ),
  MAIL_SEND_FAILED: def(10170104, 502, '邮件发送失败：{reason}', 'The mail could not be sent: {reason}'),
  MAIL_ADDRESS_TAKEN: def(10170105, 409, '邮箱 {value} 已被绑定', 'The mailbox {value} is already bound'),
  MAIL_PASSWORD_REQUIRED: def(10170106, 400, '请填写邮箱密码', 'Enter the mailbox password'),
  MAIL_LOCAL_DOMAIN_ONLY: def(
    10170107,
    400,
    '内置邮箱只能使用 {value} 域名的地址',
    'The built-in mail server holds only addresses of {value}',
  ),
  MAIL_NOT_A_DRAFT: def(10170108, 400, '该邮件不是草稿', 'This mail is not a draft'),
  // mail room, more (10170110–10170129)
  MAIL_BOOK_DUPLICATE: def(10170110, 409, '通讯录中已有 {value}', '{value} is already in your address book'),
  MAIL_RULE_VALUE_INVALID: def(
    10170111,
    400,
    '请填写邮箱地址或以 @ 开头的域名',
    'Enter an e-mail address or a domain starting with @',
  ),
  MAIL_SEND_AT_PAST: def(10170112, 400, '定时发送时间须晚于当前时间', 'The send time must be in the future'),
  MAIL_NOT_TIMED: def(10170113, 400, '该草稿没有定时发送', 'This draft is not set to be sent at a time'),
  MAIL_BILL_ALREADY_PUSHED: def(10170114, 409, '该邮件已推送为财务账单', 'This mail was already handed to finance'),
  MAIL_NOT_RECEIVED: def(10170115, 400, '只能推送收到的邮件', 'Only received mail can be handed to finance'),
  ALIAS_CHANGE_PENDING: def(
    10050027,
    409,
    '客户 {value} 存在未完成的别名变更记录，暂不能操作',
    'The customer {value} has an unfinished alias change, so the action cannot proceed',
  ),
  ALIAS_TAKEN: def(
    10050016,
    409,
    '别名 {value} 已被占用，系统已生成新的别名，请再次点击确认',
    'The alias {value} is already taken; a new alias was generated, click confirm again',
  ),
  // SRM channels (10060130–10060159)
  SRM_CHANNEL_SUPPLIER_NOT_ADMITTED: def(
    10060130,
    409,
    '供应商 {value} 尚未准入，其通道不能上线',
    'The supplier {value} is not admitted yet, so its channel cannot go live',
  ),
  SRM_CHANNEL_STATE_MOVE: def(
    10060131,
    409,
    '通道不能从“{from}”变更为“{to}”',
    'A channel cannot move from {from} to {to}',
  ),
  SRM_CHANNEL_UNKNOWN: def(10060132, 400, '通道 {value} 不存在', 'There is no channel {value}'),
  SRM_CHANNEL_CLOSED: def(
    10060133,
    409,
    '通道 {value} 已关闭，不能再使用',
    'The channel {value} is closed and cannot be used',
  ),
  SRM_SUPPLIER_UNKNOWN: def(10060134, 400, '供应商 {value} 不存在', 'There is no supplier {value}'),
  SRM_NETWORK_UNKNOWN: def(
    10060135,
    400,
    '网络 {value} 不在 MCC/MNC 参考数据中',
    'The network {value} is not in the MCC/MNC reference data',
  ),
  SRM_COVERAGE_PRODUCT: def(
    10060136,
    400,
    '语音通道按号段覆盖，消息通道按网络覆盖：{value}',
    'Voice channels cover prefixes and messaging channels cover networks: {value}',
  ),
  SRM_GATEWAY_IP_INVALID: def(
    10060137,
    400,
    '{value} 不是有效的 IP 地址或网段（网段的主机位须为 0）',
    '{value} is not a valid IP address or network (a network’s host bits must be zero)',
  ),
  SRM_GATEWAY_IP_OVERLAP: def(
    10060138,
    409,
    '{value} 与已有的 {other} 重叠',
    '{value} overlaps the existing entry {other}',
  ),
  SRM_SENDER_ID_STATE: def(
    10060139,
    409,
    'Sender ID 当前状态为“{from}”，不能{action}',
    'The sender id is {from}, so it cannot be {action}',
  ),
  SRM_SENDER_ID_EXPIRY_PAST: def(
    10060140,
    400,
    '到期日 {value} 必须晚于今天',
    'The expiry date {value} must be after today',
  ),
  SRM_ROUTE_WINDOW: def(
    10060141,
    400,
    '时段须同时填写开始和结束，且不能相同',
    'A time window needs both its start and its end, and they must differ',
  ),
  SRM_ROUTE_DATES: def(10060142, 400, '失效时间须晚于生效时间', 'The end of a binding must come after its start'),
  SRM_ROUTE_NOT_COVERED: def(
    10060143,
    400,
    '通道 {value} 不覆盖所选国家或网络',
    'The channel {value} does not cover the chosen country or network',
  ),
  SRM_ROUTE_NETWORK_COUNTRY: def(
    10060144,
    400,
    '网络 {value} 不属于所选国家',
    'The network {value} does not belong to the chosen country',
  ),
  SRM_LOOKUP_UNKNOWN: def(
    10060145,
    400,
    '{value} 既不是可识别的号码（请带国家码，如 +65…），也不是已知的 MCC/MNC',
    '{value} is neither a number we can read (give the country code, e.g. +65…) nor a known MCC/MNC',
  ),
  SRM_GATEWAY_ADDRESS_INVALID: def(10060146, 400, '{value} 不是有效的 IP 地址', '{value} is not a valid IP address'),
  SRM_CUSTOMER_UNKNOWN: def(10060147, 400, '客户 {value} 不存在', 'There is no customer {value}'),
  // CRM (10050100–10050149)
  CRM_BLACKLISTED_MATCH: def(
    10050100,
    409,
    '该客户与黑名单客户 {value} 重复，不能新建',
    'This customer matches the blacklisted customer {value}, so it cannot be created',
  ),
  CRM_CUSTOMER_NOT_WRITABLE: def(
    10050101,
    409,
    '客户 {value} 不在您的私海中，不能为其添加记录',
    'The customer {value} is not one of your own customers, so records cannot be added to it',
  ),
  CRM_STAGE_UNKNOWN: def(
    10050102,
    400,
    '商机阶段 {value} 不在所属部门的阶段设置中',
    'The stage {value} is not among the opportunity stages of the owner’s department',
  ),
  CRM_OPPORTUNITY_CLOSED: def(
    10050103,
    409,
    '商机已关闭（赢单、输单或无效），不能再修改',
    'The opportunity is closed (won, lost or invalid) and cannot be changed',
  ),
  CRM_AGENT_NOT_PARTNER: def(
    10050104,
    400,
    '所属代理 {value} 不是 R 端商务伙伴',
    'The agent {value} is not an R-end business partner',
  ),
  CRM_FREE_MAIL_DOMAIN: def(
    10050105,
    400,
    '{value} 是公共邮箱域名，不能作为公司邮箱域名',
    '{value} is a free-mail domain and cannot identify a company',
  ),
  CRM_DICT_VALUE_UNKNOWN: def(
    10050106,
    400,
    '{value} 不是「{field}」字典中启用的选项',
    '{value} is not an enabled item of the dictionary "{field}"',
  ),
  // SRM suppliers (10060100–10060129)
  SRM_BLACKLISTED_MATCH: def(
    10060100,
    409,
    '该供应商与黑名单供应商 {value} 重复，不能新建',
    'This supplier matches the blacklisted supplier {value}, so it cannot be created',
  ),
  SRM_DUPLICATE_BLOCKED: def(
    10060101,
    409,
    '该供应商与已有供应商 {value} 重复（{reason}），按查重设置不能新建',
    'This supplier duplicates {value} ({reason}); the duplicate-check settings forbid creating it',
  ),
  SRM_SUPPLIER_NOT_WRITABLE: def(
    10060102,
    409,
    '供应商 {value} 已拉黑，不能修改或添加记录',
    'The supplier {value} is blacklisted and cannot be changed',
  ),
  SRM_DICT_VALUE_UNKNOWN: def(
    10060103,
    400,
    '{value} 不是「{field}」字典中启用的选项',
    '{value} is not an enabled item of the dictionary "{field}"',
  ),
  SRM_ENTITY_UNKNOWN: def(
    10060104,
    400,
    '签约主体 {value} 不存在或已停用',
    'The contracting entity {value} does not exist or is disabled',
  ),
  SRM_ADMISSION_PENDING: def(
    10060105,
    409,
    '供应商 {value} 已有审批中的准入申请',
    'The supplier {value} already has an admission application under review',
  ),
  SRM_ALREADY_ADMITTED: def(10060106, 409, '供应商 {value} 已准入', 'The supplier {value} is already admitted'),
  SRM_CHECKLIST_INCOMPLETE: def(
    10060107,
    400,
    '尽职调查清单未完成：{value}',
    'The due-diligence checklist is not complete: {value}',
  ),
  SRM_DOCUMENTS_REQUIRED: def(
    10060108,
    400,
    '准入申请需上传至少一份资质文件',
    'An admission application needs at least one document',
  ),
  SRM_SUPPLIER_NOT_OWNED: def(
    10060109,
    409,
    '供应商 {value} 不在您的私海中，不能提交准入申请',
    'The supplier {value} is not one of your own suppliers, so you cannot apply for its admission',
  ),
  SRM_NOT_ADMITTED: def(
    10060110,
    409,
    '供应商 {value} 尚未准入，不能承载业务',
    'The supplier {value} is not admitted yet and cannot carry traffic',
  ),
  SRM_SEA_RULES_INVALID: def(10060111, 400, '公海规则有误：{value}', 'The open-sea rules are inconsistent: {value}'),
  SRM_ADMISSION_CLOSED: def(
    10060112,
    409,
    '准入申请 {value} 已结束，不能撤回',
    'The admission application {value} is already decided and cannot be withdrawn',
  ),
  SRM_ADMISSION_NO_PROCESS: def(
    10060113,
    409,
    '未配置启用的供应商准入审批流程，请联系流程管理员',
    'No enabled supplier admission process is configured; ask a workflow administrator',
  ),
  SRM_SOURCE_SAME: def(
    10060114,
    400,
    '供应商 {value} 的来源已是该来源',
    'The supplier {value} already has that source',
  ),
  SRM_SOURCE_CHANGE_PENDING: def(
    10060115,
    409,
    '供应商 {value} 已有审批中的来源变更申请',
    'The supplier {value} already has a source change under review',
  ),
  SRM_SOURCE_NO_PROCESS: def(
    10060116,
    409,
    '未配置启用的供应商来源变更审批流程，请联系流程管理员',
    'No enabled supplier source change process is configured; ask a workflow administrator',
  ),
  // CRM import, analysis, promotion (10050150–10050169)
  CRM_IMPORT_SAME_ALIAS: def(
    10050150,
    409,
    '与已有客户 {value} 的客户简称相同',
    'Has the same alias as the existing customer {value}',
  ),
  CRM_IMPORT_SIMILAR_NAME: def(
    10050151,
    409,
    '与已有客户 {value} 的公司名称相近',
    'Has a company name like the existing customer {value}',
  ),
  CRM_IMPORT_SAME_DOMAIN: def(
    10050152,
    409,
    '与已有客户 {value} 的公司邮箱域名相同',
    'Shares a company e-mail domain with the existing customer {value}',
  ),
  CRM_IMPORT_SAME_PHONE: def(
    10050153,
    409,
    '与已有客户 {value} 的电话相同',
    'Has the same phone as the existing customer {value}',
  ),
  CRM_IMPORT_BLACKLISTED: def(
    10050154,
    409,
    '与黑名单客户 {value} 重复，不能导入',
    'Matches the blacklisted customer {value}, so it cannot be imported',
  ),
  CRM_ANALYSIS_PERIOD: def(
    10050155,
    400,
    '统计区间须从早到晚且最长 {max} 天',
    'The period must run forwards and cover at most {max} days',
  ),
  CRM_PROMOTION_UNKNOWN: def(10050156, 404, '推广链接无效', 'This promotion link is not valid'),
  CRM_PROMOTION_REPEATED: def(
    10050157,
    409,
    '该邮箱已通过此链接登记过',
    'This e-mail address has already signed up through this link',
  ),
  CRM_IMPORT_CUSTOMER_UNKNOWN: def(
    10050158,
    404,
    '客户编号 {value} 不存在或不在您的数据范围内',
    'There is no customer {value} within your reach',
  ),
  CANNOT_EXECUTE_53: def(10060053, 409, '无法执行', 'Cannot execute'),
  CANNOT_EXECUTE_54: def(10060054, 409, '无法执行', 'Cannot execute'),
  CANNOT_EXECUTE_58: def(10060058, 409, '无法执行', 'Cannot execute'),
  CANNOT_EXECUTE_59: def(10060059, 409, '无法执行', 'Cannot execute'),
  // reference data (1020xxxx)
  REF_RATE_MISSING: def(
    10200001,
    404,
    '{day} 没有 {from} 兑 {to} 的汇率',
    'There is no {from} to {to} exchange rate for {day}',
  ),
  REF_CURRENCY_UNKNOWN: def(
    10200002,
    400,
    '币种 {value} 不存在或已停用',
    'The currency {value} is unknown or disabled',
  ),
  REF_COUNTRY_UNKNOWN: def(
    10200003,
    400,
    '国家或地区代码 {value} 不存在',
    'The country or region code {value} is unknown',
  ),
  REF_OPERATOR_MERGE_SELF: def(10200004, 400, '不能把运营商合并到它自己', 'A network cannot be merged into itself'),
  REF_OPERATOR_MERGED: def(
    10200005,
    409,
    '运营商 {value} 已合并到其他运营商，不能再合并或被合并',
    'The network {value} is already merged into another one and cannot take part in a merge',
  ),
  REF_REFERENCE_DISABLED: def(10200006, 400, '{value} 已停用，不能选择', '{value} is disabled and cannot be chosen'),
  REF_IMPORT_HEADER: def(
    10200007,
    400,
    '文件第一行缺少列：{value}（应为 from, to, rate, day, note）',
    'The first row of the file lacks the columns: {value} (expected from, to, rate, day, note)',
  ),
  REF_IMPORT_TOO_MANY: def(10200008, 400, '一次最多导入 {limit} 行', 'At most {limit} rows can be imported at once'),
  REF_OPERATOR_MERGE_BY_COMMAND: def(
    10200010,
    400,
    '合并请使用“合并到运营商”，不能直接改为已合并',
    'Use "Merge into an operator" to merge a network; its status cannot be set to merged directly',
  ),
  // message center, notices, feedback (1030xxxx)
  FEEDBACK_IMAGE_INVALID: def(
    10300001,
    400,
    '截图须为 png、jpeg 或 gif 图片',
    'Screenshots must be png, jpeg or gif images',
  ),
  FEEDBACK_IMAGE_TOO_LARGE: def(10300002, 413, '单张截图不能超过 1 MB', 'Each screenshot must be 1 MB or smaller'),
  FEEDBACK_CLOSED: def(10300003, 409, '该反馈已关闭', 'This feedback is closed'),
  FEEDBACK_QUESTION_UNKNOWN: def(10300004, 400, '反馈类型不存在或已停用', 'Unknown or disabled feedback type'),
  INNER_VERSION_TAKEN: def(10300005, 409, '内部版本号 {value} 已存在', 'Inner version {value} already exists'),
  // record history (1031xxxx)
  HISTORY_CURSOR_INVALID: def(
    10310001,
    400,
    '翻页位置无效，请从第一页重新加载',
    'The paging position is invalid; load the history again from the start',
  ),
  HISTORY_MENTION_UNKNOWN: def(
    10310002,
    400,
    '提及的用户 {value} 不存在或已停用',
    'The mentioned user {value} does not exist or is disabled',
  ),
  HISTORY_CONTACT_UNKNOWN: def(
    10310003,
    400,
    '联系人 {value} 不属于该记录',
    'The contact {value} does not belong to this record',
  ),
  HISTORY_FOLLOW_UP_TYPE_UNKNOWN: def(
    10310004,
    400,
    '跟进类型 {value} 不存在或已停用',
    'The follow-up type {value} does not exist or is disabled',
  ),
  // ownership and pool (platform/ownership): 10040001-10040029
  OWNERSHIP_NOT_IN_POOL: def(
    10040001,
    409,
    '记录 {id} 已不在公海中（可能已被他人领取）',
    'Record {id} is no longer in the pool (someone may have claimed it)',
  ),
  OWNERSHIP_OWNER_LIMIT: def(
    10040002,
    409,
    '拥有数量已达上限（{count}/{limit}），无法再领取',
    'The owner limit is reached ({count} of {limit}); no more records can be claimed',
  ),
  OWNERSHIP_DEPT_LIMIT: def(
    10040003,
    409,
    '部门拥有数量已达上限（{count}/{limit}）',
    "The department's owner limit is reached ({count} of {limit})",
  ),
  OWNERSHIP_DAILY_CAP: def(
    10040004,
    409,
    '今日领取已达上限（{cap} 条）',
    'The daily claim cap is reached ({cap} records today)',
  ),
  OWNERSHIP_COOLDOWN: def(
    10040005,
    409,
    '记录 {id} 由您退回公海，{until} 之后才能再次领取',
    'You returned record {id} to the pool; you may claim it again after {until}',
  ),
  OWNERSHIP_EMBARGO: def(
    10040006,
    409,
    '记录 {id} 刚退回公海，{until} 之后才能领取',
    'Record {id} has just returned to the pool; it may be claimed after {until}',
  ),
  OWNERSHIP_LOCKED: def(
    10040007,
    409,
    '记录 {id} 已锁定，不能退回公海',
    'Record {id} is locked and cannot return to the pool',
  ),
  OWNERSHIP_NOT_OWNED: def(
    10040008,
    409,
    '记录 {id} 在公海中，没有负责人',
    'Record {id} is in the pool and has no owner',
  ),
  OWNERSHIP_SAME_OWNER: def(10040009, 409, '记录 {id} 的负责人已是该用户', 'Record {id} is already owned by that user'),
  OWNERSHIP_USER_INVALID: def(
    10040010,
    400,
    '接收人不存在或已停用',
    'The receiving user does not exist or is disabled',
  ),
  OWNERSHIP_RELATED_UNKNOWN: def(
    10040011,
    400,
    '未知的关联记录类型：{kind}',
    'Unknown kind of related records: {kind}',
  ),
  OWNERSHIP_MEMBER_IS_OWNER: def(10040012, 400, '负责人不能被添加为共享成员', 'The owner cannot be added as a member'),
  OWNERSHIP_READ_ONLY: def(
    10040013,
    403,
    '您只有此记录的只读权限，不能修改',
    'You may read this record but not change it (read member)',
  ),
  OWNERSHIP_NOT_CLAIMABLE: def(
    10040014,
    409,
    '记录 {id} 当前状态不能领取或分配',
    'Record {id} cannot be claimed or distributed in its current state',
  ),
  // CRM open sea and its rules (10050110–10050129, decision 0033)
  CRM_LOCK_LIMIT: def(
    10050110,
    409,
    '您已锁定 {count} 个客户，已达锁定上限 {limit}',
    'You have locked {count} customers, the most the rules allow ({limit})',
  ),
  CRM_RULE_EXISTS: def(
    10050111,
    409,
    '已有相同适用范围的规则：{value}',
    'A rule for the same scope exists already: {value}',
  ),
  CRM_RULE_SUBJECT: def(
    10050112,
    400,
    '规则适用于「{value}」时须选择且只能选择对应的部门或用户',
    'A rule for "{value}" needs exactly its department or user',
  ),
  // CRM transfers, alias changes, blacklist, applications (10050130–10050149)
  CRM_PROCESS_MISSING: def(
    10050130,
    409,
    '未配置「{value}」审批流程，请联系管理员',
    'No approval process is set up for "{value}"; ask an administrator',
  ),
  CRM_APPLICATION_PENDING: def(
    10050131,
    409,
    '客户 {value} 已有审批中的同类申请',
    'The customer {value} already has a pending application of this kind',
  ),
  CRM_ALREADY_CLASS_A: def(10050132, 409, '客户 {value} 已是 A 类客户', 'The customer {value} is already class A'),
  CRM_VALUE_UNCHANGED: def(10050133, 400, '申请的新值与当前值相同', 'The requested value is the current one'),
  CRM_NOT_BLACKLISTED: def(10050134, 409, '客户 {value} 不在黑名单中', 'The customer {value} is not blacklisted'),
  CRM_CUSTOMER_BLACKLISTED: def(
    10050135,
    409,
    '客户 {value} 已在黑名单中，不能操作',
    'The customer {value} is blacklisted, so the action cannot proceed',
  ),
  // finance (10510001–10510199)
  FIN_CUSTOMER_UNKNOWN: def(10510001, 400, '客户 {value} 不存在', 'There is no customer {value}'),
  FIN_ACCOUNT_NOT_ACTIVE: def(
    10510002,
    409,
    '账户 {value} 不是正常状态，不能办理',
    'The account {value} is not active, so the action cannot proceed',
  ),
  FIN_NO_PROCESS: def(
    10510003,
    409,
    '未配置启用的审批流程：{value}',
    'No enabled approval process is configured for {value}',
  ),
  FIN_INSUFFICIENT_BALANCE: def(
    10510004,
    409,
    '账户 {value} 余额不足（超出信用额度）',
    'The account {value} has too little balance (beyond its credit line)',
  ),
  FIN_AMOUNT_ZERO: def(10510005, 400, '金额须大于 0', 'The amount must be greater than 0'),
  FIN_CURRENCY_UNKNOWN: def(10510006, 400, '币种 {value} 不存在', 'There is no currency {value}'),
  FIN_ENTITY_UNKNOWN: def(
    10510007,
    400,
    '签约主体 {value} 不存在或已停用',
    'The contracting entity {value} does not exist or is disabled',
  ),
  FIN_CREDIT_BILLING: def(
    10510008,
    400,
    '账户 {value} 的付费方式与该信用申请不符（预付费用预付信用申请，后付费用后付信用申请）',
    'The account {value} has the other billing method (prepaid accounts take a prepaid credit application, postpaid a postpaid one)',
  ),
  FIN_CREDIT_BELOW_DEBT: def(
    10510011,
    409,
    '账户 {value} 当前欠款超过申请的新额度',
    'The account {value} owes more than the requested credit line',
  ),
  FIN_APPLICATION_PENDING: def(
    10510009,
    409,
    '账户 {value} 已有审批中的同类申请',
    'The account {value} already has an application of this kind under review',
  ),
  FIN_CURRENCY_MISMATCH: def(
    10510010,
    400,
    '币种与账户币种 {value} 不一致',
    'The currency differs from the account’s {value}',
  ),
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof Errors;

export { SpecialCodes } from './special-codes.js';

const byCode = new Map<number, ErrorDef>(Object.values(Errors).map((e) => [e.code, e]));

export function errorByCode(code: number): ErrorDef | undefined {
  return byCode.get(code);
}

export type Locale = 'zh-CN' | 'en';

/** A message variable: a value, or a name with a form per language (a department, a role) shown in the reader's. */
export type MessageVar = string | number | Record<Locale, string>;

export function errorMessage(e: ErrorDef, locale: Locale, vars?: Record<string, MessageVar>): string {
  let text = locale === 'zh-CN' ? e.zh : e.en;
  if (vars)
    for (const [k, v] of Object.entries(vars))
      text = text.replaceAll(`{${k}}`, String(typeof v === 'object' ? v[locale] || v['zh-CN'] : v));
  return text;
}
