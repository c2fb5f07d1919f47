import { defineSection } from './define.js';

/**
 * Finance (/financial/...), spec 2. /financial/contract-seal/detail is highlighted under the
 * seal applications (its parent is not named in the spec).
 */
const s = defineSection('financial');

s.group('settlement', '主体结算', 'Entity settlement', 'ReconciliationOutlined')
  .page('entitySettle/account', '主体结算账户', 'Entity settlement accounts', 'BankOutlined')
  .children('entitySettle/account', [
    ['details', '结算账户详情', 'Settlement account details', { tagPath: 'fullPath' }],
  ])
  .page('entitySettle/report', '主体结算报表', 'Entity settlement report', 'TableOutlined')
  .page('entitySettle/proofreading', '主体对账', 'Entity reconciliation', 'ReconciliationOutlined')
  .page('proofreadData', '对账数据', 'Reconciliation data', 'DatabaseOutlined')
  .page('balanceReport/vos', 'VOS 余额报表', 'VOS balance report', 'FundOutlined')
  .children('balanceReport/vos', [['detail', 'VOS 余额明细', 'VOS balance details', { tagPath: 'fullPath' }]])
  .page('kingdeeSet/relationMapping', '金蝶映射关系', 'Kingdee mappings', 'LinkOutlined');

s.group('consumer', '客户账户', 'Customer accounts', 'IdcardOutlined')
  .page('account/consumer/consumer', '客户账户', 'Consumer accounts', 'IdcardOutlined')
  .page('account/consumer/authcheck', '认证审核', 'Verification review', 'SafetyCertificateOutlined')
  .page('account/consumer/contract', '合同管理', 'Contracts', 'FileProtectOutlined')
  .page('account/consumer/auth', '实名认证', 'Identity verification', 'VerifiedOutlined')
  .page('account/consumer/workspace', '工作空间', 'Workspaces', 'AppstoreOutlined')
  .page('account/consumer/workspaceapi', '工作空间 API', 'Workspace APIs', 'ApiOutlined')
  .page('account/consumer/recharge', '账户充值', 'Account top-ups', 'WalletOutlined')
  .page('account/consumer/bill', '账户账单', 'Account bills', 'FileTextOutlined')
  .page('account/consumer/client', '客户信息', 'Customer records', 'TeamOutlined')
  .page('account/consumer/awsUser', 'AWS 用户', 'AWS users', 'CloudOutlined');

s.group('supplierAccount', '供应商账户', 'Supplier accounts', 'ShopOutlined')
  .page('account/supplier/sms', '短信供应商账户', 'SMS supplier accounts', 'MessageOutlined')
  .page('account/supplier/vos', 'VOS 供应商账户', 'VOS supplier accounts', 'PhoneOutlined')
  .page('account/supplier/email', '邮件供应商账户', 'Email supplier accounts', 'MailOutlined')
  .page('account/supplier/social', '社媒供应商账户', 'Social supplier accounts', 'WhatsAppOutlined')
  .page('account/snapshot', '账户快照', 'Account snapshots', 'CameraOutlined');

s.group('recharge', '充值管理', 'Top-ups', 'WalletOutlined')
  .page('recharge-apply/recharge', '充值申请', 'Recharge applications', 'WalletOutlined')
  .children('recharge-apply/recharge', [
    ['detail', '充值申请详情', 'Recharge application details', { tagPath: 'fullPath' }],
  ])
  .page('recharge-apply/payment', '付款申请', 'Payment applications', 'PayCircleOutlined')
  .children('recharge-apply/payment', [
    ['detail', '付款申请详情', 'Payment application details', { tagPath: 'fullPath' }],
  ])
  .page('recharge-apply/hedge', '对冲申请', 'Hedge applications', 'SwapOutlined')
  .children('recharge-apply/hedge', [['detail', '对冲申请详情', 'Hedge application details', { tagPath: 'fullPath' }]])
  .page('recharge-apply/manual', '手工充值', 'Manual top-ups', 'EditOutlined')
  .page('recharge-apply/gift', '赠送申请', 'Gift applications', 'GiftOutlined')
  .page('recharge-record/platform', '平台充值记录', 'Platform top-up records', 'HistoryOutlined')
  .page('recharge-record/voice', '语音充值记录', 'Voice top-up records', 'HistoryOutlined')
  .page('recharge-record/main-account', '主账户充值记录', 'Main account top-up records', 'HistoryOutlined')
  .page('recharge-record/u-platform', 'U 平台充值记录', 'U-platform top-up records', 'HistoryOutlined');

s.group('credit', '信用管理', 'Credit', 'CreditCardOutlined')
  .page('credit-customer/credit-control', '信用管控', 'Credit control', 'ControlOutlined')
  .children('credit-customer/credit-control', [
    ['details', '信用管控详情', 'Credit control details', { tagPath: 'fullPath' }],
  ])
  .page('credit-customer/bill-refund', '账单退款', 'Bill refunds', 'RollbackOutlined')
  .page('credit-customer/credit-record', '信用记录', 'Credit records', 'ProfileOutlined')
  .children('credit-customer/credit-record', [
    // invented (decision 0064): a credit application's own detail tab, not the recharge one
    ['detail', '信用申请详情', 'Credit application details', { tagPath: 'fullPath' }],
  ]);

s.group('erp', '金蝶 ERP', 'Kingdee ERP', 'DatabaseOutlined')
  .page('financial-erp/basic-data-material/customer', 'ERP 客户资料', 'ERP customers', 'TeamOutlined')
  .page('financial-erp/basic-data-material/supplier', 'ERP 供应商资料', 'ERP suppliers', 'ShopOutlined')
  .page('financial-erp/basic-data-material/material', 'ERP 物料', 'ERP materials', 'GoldOutlined')
  .page('financial-erp/document-management/receipt', '收款单', 'Receipts', 'FileDoneOutlined')
  .page('financial-erp/document-management/refund-receipt', '收款退款单', 'Receipt refunds', 'FileExclamationOutlined')
  .page('financial-erp/document-management/payment-slip', '付款单', 'Payment slips', 'FileTextOutlined')
  .page(
    'financial-erp/document-management/payment-refund-slip',
    '付款退款单',
    'Payment refunds',
    'FileExclamationOutlined',
  )
  .page('financial-erp/document-management/purchase-receipt', '采购入库单', 'Purchase receipts', 'ImportOutlined')
  .page(
    'financial-erp/document-management/sales-delivery-order',
    '销售出库单',
    'Sales delivery orders',
    'ExportOutlined',
  );

s.group('supplierBill', '供应商账务', 'Supplier billing', 'ReconciliationOutlined')
  .page('postpaid-supplier/bill-check', '供应商账单核对', 'Supplier bill check', 'CheckSquareOutlined')
  .page('postpaid-supplier/soa-manage', '对账单管理', 'Statements of account', 'FileSearchOutlined')
  .page('supplier-control/overdue', '逾期供应商', 'Overdue suppliers', 'ClockCircleOutlined')
  .page('supplier-control/blacklist', '供应商黑名单', 'Supplier blacklist', 'StopOutlined')
  .page('supplier-control/bad-debt', '坏账管理', 'Bad debts', 'WarningOutlined')
  .page('supplier-control/exempt', '豁免名单', 'Exemptions', 'CheckCircleOutlined')
  .page('supplier-control/whitelist', '供应商白名单', 'Supplier whitelist', 'SafetyOutlined');

s.group('contract', '合同管理', 'Contracts', 'FileProtectOutlined')
  .page('contract-archive/seal-apply', '用印申请', 'Seal applications', 'VerifiedOutlined')
  .page('contract-archive/archive-records', '归档记录', 'Archive records', 'FolderOpenOutlined')
  .detail('contract-seal/detail', '合同用印详情', 'Contract seal details', 'contract-archive/seal-apply', {
    tagPath: 'fullPath',
  });

s.wildcard('财务中心', 'Finance');

export const financeRoutes = s.routes;
