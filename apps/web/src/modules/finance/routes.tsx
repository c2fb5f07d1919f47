import type { ScreenMap } from '../../platform/screens';

const screens = () => import('./screens');
const billing = () => import('./billing');
const suppliers = () => import('./SupplierAccounts');
const control = () => import('./SupplierControl');
const workspaces = () => import('./Workspaces');
const consumer = () => import('./ConsumerRecords');
const mainAccounts = () => import('./MainAccountRecords');
const erp = () => import('./ErpScreens');
const erpParties = () => import('./ErpParties');
const entity = () => import('./EntitySettle');
const seals = () => import('./Seals');

/** The finance room's screens (the rest of /financial/... stays the section's host until built). */
export const financeScreens: ScreenMap = {
  '/financial/kingdeeSet/relationMapping': async () => ({ Component: (await erp()).ErpMappingScreen }),
  '/financial/financial-erp/basic-data-material/material': async () => ({ Component: (await erp()).ErpMaterialScreen }),
  '/financial/financial-erp/basic-data-material/customer': async () => ({
    Component: (await erpParties()).ErpCustomerScreen,
  }),
  '/financial/financial-erp/basic-data-material/supplier': async () => ({
    Component: (await erpParties()).ErpSupplierScreen,
  }),
  '/financial/financial-erp/document-management/receipt': async () => ({ Component: (await erp()).ReceiptScreen }),
  '/financial/financial-erp/document-management/refund-receipt': async () => ({
    Component: (await erp()).RefundReceiptScreen,
  }),
  '/financial/financial-erp/document-management/payment-slip': async () => ({
    Component: (await erp()).PaymentSlipScreen,
  }),
  '/financial/financial-erp/document-management/payment-refund-slip': async () => ({
    Component: (await erp()).PaymentRefundSlipScreen,
  }),
  '/financial/financial-erp/document-management/purchase-receipt': async () => ({
    Component: (await erp()).PurchaseReceiptScreen,
  }),
  '/financial/financial-erp/document-management/sales-delivery-order': async () => ({
    Component: (await erp()).SalesDeliveryScreen,
  }),
  '/financial/account/consumer/consumer': async () => ({ Component: (await screens()).AccountsScreen }),
  '/businessInquiry/accountApprovalStatus': async () => ({ Component: (await screens()).AccountStatusScreen }),
  '/financial/recharge-record/platform': async () => ({ Component: (await screens()).RecordsScreen }),
  '/financial/account/supplier/sms': async () => ({ Component: (await suppliers()).SmsSupplierAccounts }),
  '/financial/account/supplier/vos': async () => ({ Component: (await suppliers()).VosSupplierAccounts }),
  '/financial/account/supplier/email': async () => ({ Component: (await suppliers()).EmailSupplierAccounts }),
  '/financial/account/supplier/social': async () => ({ Component: (await suppliers()).SocialSupplierAccounts }),
  '/financial/postpaid-supplier/bill-check': async () => ({ Component: (await suppliers()).SupplierBillsScreen }),
  '/financial/postpaid-supplier/soa-manage': async () => ({ Component: (await suppliers()).SoaScreen }),
  '/financial/supplier-control/overdue': async () => ({ Component: (await control()).SupplierOverdueScreen }),
  '/financial/supplier-control/bad-debt': async () => ({ Component: (await control()).SupplierBadDebtScreen }),
  '/financial/supplier-control/blacklist': async () => ({ Component: (await control()).SupplierBlacklistScreen }),
  '/financial/supplier-control/exempt': async () => ({ Component: (await control()).SupplierExemptScreen }),
  '/financial/supplier-control/whitelist': async () => ({ Component: (await control()).SupplierWhitelistScreen }),
  '/setModule/financial/supplier-control-set': async () => ({
    Component: (await control()).SupplierControlSetScreen,
  }),
  '/setModule/financial/recon-config': async () => ({ Component: (await suppliers()).ReconConfigScreen }),
  '/financial/account/snapshot': async () => ({ Component: (await screens()).SnapshotsScreen }),
  '/financial/recharge-apply/recharge': async () => ({ Component: (await screens()).RechargeApplications }),
  '/financial/recharge-apply/payment': async () => ({ Component: (await screens()).PaymentApplications }),
  '/financial/recharge-apply/hedge': async () => ({ Component: (await screens()).HedgeApplications }),
  '/financial/recharge-apply/gift': async () => ({ Component: (await screens()).GiftApplications }),
  '/financial/recharge-apply/manual': async () => ({ Component: (await screens()).ManualApplications }),
  '/financial/recharge-apply/recharge/detail': async () => ({ Component: (await screens()).ApplicationDetailScreen }),
  '/financial/recharge-apply/payment/detail': async () => ({ Component: (await screens()).ApplicationDetailScreen }),
  '/financial/recharge-apply/hedge/detail': async () => ({ Component: (await screens()).ApplicationDetailScreen }),
  '/general/process/recharge-apply/recharge/apply': async () => ({
    Component: (await screens()).RechargeApplyPage,
  }),
  '/general/process/recharge-apply/payment/apply': async () => ({
    Component: (await screens()).PaymentApplyPage,
  }),
  '/general/process/recharge-apply/hedge/apply': async () => ({ Component: (await screens()).HedgeApplyPage }),
  '/financial/credit-customer/credit-record': async () => ({ Component: (await screens()).CreditRecordsScreen }),
  '/financial/credit-customer/credit-record/detail': async () => ({
    Component: (await screens()).CreditApplicationDetailScreen,
  }),
  '/general/process/credit-apply/prepay/apply': async () => ({ Component: (await screens()).PrepayCreditApplyPage }),
  '/general/process/credit-apply/postpay/apply': async () => ({ Component: (await screens()).PostpayCreditApplyPage }),
  '/general/process/credit-apply/temporary/apply': async () => ({ Component: (await screens()).TempCreditApplyPage }),
  '/general/process/credit-apply/deferral/apply': async () => ({ Component: (await screens()).DeferralApplyPage }),
  '/general/process/credit-apply/method/apply': async () => ({ Component: (await screens()).BillingChangeApplyPage }),
  '/general/process/credit-apply/bill-change/apply': async () => ({
    Component: (await screens()).CycleChangeApplyPage,
  }),
  '/financial/credit-customer/credit-control': async () => ({ Component: (await screens()).CreditControlScreen }),
  '/financial/credit-customer/credit-control/details': async () => ({
    Component: (await screens()).CreditModifyRecordScreen,
  }),
  '/businessInquiry/creditModifyRecord/consumer': async () => ({
    Component: (await screens()).CreditModifyRecordScreen,
  }),
  '/financial/credit-customer/bill-refund': async () => ({ Component: (await screens()).BillRefundsScreen }),
  '/financial/account/consumer/bill': async () => ({ Component: (await billing()).BillsScreen }),
  '/financial/account/consumer/workspace': async () => ({ Component: (await workspaces()).WorkspacesScreen }),
  '/financial/account/consumer/workspaceapi': async () => ({ Component: (await workspaces()).WorkspaceKeysScreen }),
  '/financial/account/consumer/authcheck': async () => ({ Component: (await consumer()).VerificationsScreen }),
  '/financial/account/consumer/auth': async () => ({ Component: (await consumer()).IdentityScreen }),
  '/financial/account/consumer/contract': async () => ({ Component: (await consumer()).ContractsScreen }),
  '/financial/account/consumer/client': async () => ({ Component: (await consumer()).ClientsScreen }),
  '/financial/account/consumer/awsUser': async () => ({ Component: (await consumer()).AwsUsersScreen }),
  '/financial/recharge-record/voice': async () => ({ Component: (await consumer()).VoiceRecordsScreen }),
  '/financial/recharge-record/u-platform': async () => ({ Component: (await consumer()).UPlatformRecordsScreen }),
  '/financial/recharge-record/main-account': async () => ({
    Component: (await mainAccounts()).MainAccountRecordsScreen,
  }),
  '/setModule/financial/credit-rule': async () => ({ Component: (await billing()).CreditRuleScreen }),
  '/setModule/financial/credit-whitelist': async () => ({ Component: (await billing()).CreditWhitelistScreen }),
  '/setModule/financial/notify': async () => ({ Component: (await billing()).FinanceNotifyScreen }),
  '/setModule/financial/bill-cycle': async () => ({ Component: (await billing()).BillCycleScreen }),
  '/financial/entitySettle/account': async () => ({ Component: (await entity()).EntityAccountsScreen }),
  '/financial/entitySettle/account/details': async () => ({ Component: (await entity()).EntityAccountDetailScreen }),
  '/financial/entitySettle/report': async () => ({ Component: (await entity()).EntityReportScreen }),
  '/financial/entitySettle/proofreading': async () => ({ Component: (await entity()).EntityProofreadingScreen }),
  '/financial/proofreadData': async () => ({ Component: (await entity()).ProofreadDataScreen }),
  '/financial/balanceReport/vos': async () => ({ Component: (await entity()).VosBalanceScreen }),
  '/financial/balanceReport/vos/detail': async () => ({ Component: (await entity()).VosBalanceDetailScreen }),
  '/setModule/financial/seal-config': async () => ({ Component: (await seals()).SealConfigScreen }),
  '/financial/contract-archive/seal-apply': async () => ({ Component: (await seals()).SealApplicationsScreen }),
  '/financial/contract-archive/archive-records': async () => ({ Component: (await seals()).ArchiveRecordsScreen }),
  '/financial/contract-seal/detail': async () => ({ Component: (await seals()).SealDetailScreen }),
  '/general/process/contract-seal/apply': async () => ({ Component: (await seals()).SealApplyPage }),
};
