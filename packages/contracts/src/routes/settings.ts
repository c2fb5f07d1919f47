import { defineSection } from './define.js';

/** System settings (/setModule/...), spec 2. /setModule/ai/knowledge is the AI assistant's knowledge base. */
const s = defineSection('setModule');

s.group('authManage', '权限管理', 'Access management', 'SafetyOutlined')
  .page('authManage/menu', '菜单管理', 'Menus', 'MenuOutlined')
  .page('authManage/permissions', '角色权限', 'Roles and permissions', 'KeyOutlined')
  .page('authManage/user', '用户管理', 'Users', 'UserOutlined')
  .page('departmentalOrganization', '组织架构', 'Organization', 'ApartmentOutlined');

s.group('email', '邮箱设置', 'Email settings', 'MailOutlined')
  .page('email/account', '邮箱账号', 'Mail accounts', 'MailOutlined')
  .page('email/signature', '邮件签名', 'Signatures', 'SignatureOutlined')
  .page('email/inbox', '收件箱设置', 'Inbox settings', 'InboxOutlined');

s.group('process', '流程设置', 'Workflow settings', 'PartitionOutlined')
  .page('process/configer', '流程配置', 'Workflow configuration', 'PartitionOutlined')
  .page('process/roles', '流程角色', 'Workflow roles', 'TeamOutlined')
  .page('process/notify', '流程通知', 'Workflow notifications', 'BellOutlined')
  .page('process/formword', '表单配置', 'Form settings', 'FormOutlined');

s.group('purchase', '采购设置', 'Purchasing settings', 'ShoppingCartOutlined')
  .page('purchase/dictionary', '采购字典', 'Purchasing dictionary', 'BookOutlined')
  .page('purchase/payment-method', '付款方式', 'Payment methods', 'CreditCardOutlined')
  .page('purchase/rules/domain', '供应商域名规则', 'Supplier domain rules', 'GlobalOutlined')
  .page('purchase/rules/seas', '供应商公海规则', 'Supplier open-sea rules', 'CloudOutlined')
  .page('purchase/rules/supplier', '供应商规则', 'Supplier rules', 'ShopOutlined')
  .page('purchase/rules/level', '供应商等级规则', 'Supplier level rules', 'RiseOutlined')
  .page('purchase/rules/retention', '供应商保有规则', 'Supplier retention rules', 'LockOutlined')
  .page('purchase/rules/suffix', '邮箱后缀规则', 'Email suffix rules', 'MailOutlined')
  .page('purchase/rules/cluevier', '线索查看规则', 'Lead viewing rules', 'EyeOutlined')
  .page('purchase/rules/share', '供应商共享规则', 'Supplier sharing rules', 'ShareAltOutlined')
  .page('purchase-set/duplicate-check', '供应商查重', 'Supplier duplicate check', 'DiffOutlined')
  .page('purchase-set/clue', '供应商线索设置', 'Supplier lead settings', 'AimOutlined');

s.group('csc', '客服设置', 'Customer service settings', 'CustomerServiceOutlined')
  .page('csc/dictionary', '客服字典', 'Customer service dictionary', 'BookOutlined')
  .page('csc/rules/distribute', '线索分配规则', 'Lead distribution rules', 'NodeIndexOutlined')
  .page('csc/rules/advertising-promotion', '广告推广配置', 'Advertising promotion', 'NotificationOutlined')
  .page('csc/rules/event-brand', '活动品牌配置', 'Event brands', 'TagsOutlined')
  .page('feedbackmanagement/fb-config', '反馈配置', 'Feedback settings', 'CommentOutlined');

s.group('financial', '财务设置', 'Finance settings', 'AccountBookOutlined')
  .page('setRate', '汇率设置', 'Exchange rates', 'PercentageOutlined')
  .page('financial/credit-whitelist', '信用白名单', 'Credit whitelist', 'SafetyCertificateOutlined')
  .page('financial/tariff', '资费设置', 'Tariffs', 'ProfileOutlined')
  .page('financial/currency', '币种设置', 'Currencies', 'PayCircleOutlined')
  // invented: the spec names no settings page for mobile networks (decision 0028)
  .page('financial/mcc-mnc', '移动网络', 'Mobile networks', 'GlobalOutlined')
  .page('financial/brand', '品牌设置', 'Brands', 'TrademarkOutlined')
  .page('financial/main-body', '签约主体', 'Contracting entities', 'BankOutlined')
  .page('financial/bank', '银行账户', 'Bank accounts', 'BankOutlined')
  .page('financial/xe-rate', 'XE 汇率', 'XE exchange rates', 'TransactionOutlined')
  .page('financial/credit-rule', '信用规则', 'Credit rules', 'CreditCardOutlined')
  .page('financial/notify', '财务通知', 'Finance notifications', 'BellOutlined')
  .page('financial/bill-cycle', '账单周期', 'Billing cycles', 'CalendarOutlined')
  .page('financial/quote-set', '报价设置', 'Quote settings', 'DollarOutlined')
  .page('financial/quote-email-template', '报价邮件模板', 'Quote email templates', 'MailOutlined')
  .page('financial/billing-method', '计费方式', 'Billing methods', 'CalculatorOutlined')
  .page('financial/recon-config', '对账配置', 'Reconciliation settings', 'ReconciliationOutlined')
  .page('financial/seal-config', '用印配置', 'Seal settings', 'VerifiedOutlined')
  .page('financial/supplier-control-set', '供应商管控设置', 'Supplier control settings', 'ControlOutlined');

s.group('crm', 'CRM 设置', 'CRM settings', 'TeamOutlined')
  .page('crm/dictionary', 'CRM 字典', 'CRM dictionary', 'BookOutlined')
  .page('crm/rules/domain', '客户域名规则', 'Customer domain rules', 'GlobalOutlined')
  .page('crm/rules/retention', '客户保有规则', 'Customer retention rules', 'LockOutlined')
  .page('crm/rules/churn', '客户流失规则', 'Customer churn rules', 'FallOutlined')
  .page('crm/rules/level', '客户等级规则', 'Customer level rules', 'RiseOutlined')
  .page('crm/rules/template', '客户模板设置', 'Customer templates', 'FileTextOutlined')
  .page('crm/rules/allow-buka', 'Buka 准入名单', 'Buka allow list', 'CheckCircleOutlined');

s.group('platform', 'U 平台设置', 'U-platform settings', 'CloudServerOutlined')
  .page('uplatform/ucurrency', 'U 平台币种', 'U-platform currencies', 'PayCircleOutlined')
  .page('uplatform/uconfig', 'U 平台配置', 'U-platform settings', 'SettingOutlined');

s.group('system', '系统管理', 'System', 'SettingOutlined')
  .page('operate-set/two-way', '双向短信设置', 'Two-way SMS settings', 'SwapOutlined')
  .page('publicnotice/noticeconfig', '公告配置', 'Notice settings', 'NotificationOutlined')
  .page('ai/knowledge', '知识库', 'Knowledge base', 'RobotOutlined')
  // the read-only document view that AI answers link to (reference_url); every AI user opens it,
  // so it is not guarded by the knowledge-base admin key: the screen and its API check 'ai:chat'
  .hiddenPage('ai/knowledge/doc', '知识库文档', 'Knowledge document', {
    alwaysAllowed: true,
    titleFrom: 'name',
    tagPath: 'fullPath',
  })
  .page('systemLog', '系统日志', 'System log', 'FileSearchOutlined');

s.wildcard('系统设置', 'System settings');

export const settingsRoutes = s.routes;
