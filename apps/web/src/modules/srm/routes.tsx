import type { ScreenMap } from '../../platform/screens';

const screens = () => import('./screens');
const settings = () => import('./SettingsScreens');
const admission = () => import('./AdmissionApply');
const source = () => import('./SourceChange');
const requests = () => import('./SupplierRequests');
const rules = () => import('./RulesScreens');
const purchaseRules = () => import('./PurchaseRulesScreens');
const tvs = () => import('./TvsRecordScreens');

/** The supplier half of the SRM room (channels add theirs in modules/srm/channels). */
export const srmSupplierScreens: ScreenMap = {
  '/srm/supplierManagement': async () => ({ Component: (await screens()).SupplierManagementScreen }),
  '/srm/supplierManagementBuka': async () => ({ Component: (await screens()).BukaScreen }),
  '/srm/supplier/my-supplier': async () => ({ Component: (await screens()).MySupplierScreen }),
  '/srm/supplier/my-supplier/details': async () => ({ Component: (await screens()).SupplierDetailScreen }),
  '/srm/supplier/sea-supplier': async () => ({ Component: (await screens()).SeaSupplierScreen }),
  '/srm/supplier/sea-supplier/details': async () => ({ Component: (await screens()).SupplierDetailScreen }),
  '/srm/supplier/equipment-supplier': async () => ({ Component: (await screens()).EquipmentSupplierScreen }),
  '/srm/supplier/equipment-supplier/edit': async () => ({ Component: (await screens()).SupplierDetailScreen }),
  '/srm/clue/followed': async () => ({ Component: (await screens()).FollowedCluesScreen }),
  '/srm/clue/invalid': async () => ({ Component: (await screens()).InvalidCluesScreen }),
  '/srm/wander/distribute': async () => ({ Component: (await screens()).DistributeScreen }),
  '/srm/wander/transfer': async () => ({ Component: (await screens()).HandoverScreen }),
  '/srm/wander/share': async () => ({ Component: (await screens()).ShareScreen }),
  '/srm/operate/supplier/transfer': async () => ({ Component: (await screens()).TransferLogScreen }),
  '/srm/operate/supplier/lication': async () => ({ Component: (await admission()).AdmissionListScreen }),
  '/srm/submittedApply': async () => ({ Component: (await admission()).AdmissionListScreen }),
  '/srm/submittedDetail': async () => ({ Component: (await screens()).AdmissionDetailScreen }),
  '/srm/operate/supplier/check': async () => ({ Component: (await screens()).AdmissionReviewScreen }),
  '/general/process/supplier-apply/supplier/apply': async () => ({ Component: (await admission()).AdmissionApplyPage }),
  '/srm/operate/change-source-approval': async () => ({ Component: (await source()).SourceChangeListScreen }),
  '/srm/operate/change-source-approval/detail': async () => ({ Component: (await source()).SourceChangeDetailScreen }),
  '/srm/operate/change-source-approval/my-detail': async () => ({
    Component: (await source()).SourceChangeDetailScreen,
  }),
  '/general/process/modify-supplier-source/apply': async () => ({ Component: (await source()).SourceChangeApplyPage }),
  '/srm/operate/transfer-supplier/list': async () => ({ Component: (await requests()).SupplierRequestListScreen }),
  '/srm/operate/transfer-supplier/apply': async () => ({ Component: (await requests()).TransferApplyPage }),
  '/srm/operate/transfer-supplier/detail': async () => ({ Component: (await requests()).SupplierRequestDetailScreen }),
  '/general/process/supplier-body-replace/apply': async () => ({ Component: (await requests()).EntityChangeApplyPage }),
  '/setModule/purchase/rules/seas': async () => ({ Component: (await settings()).SeaRulesScreen }),
  '/setModule/purchase/rules/domain': async () => ({ Component: (await rules()).DomainRulesScreen }),
  '/setModule/purchase/rules/retention': async () => ({ Component: (await rules()).RetentionRulesScreen }),
  '/setModule/purchase/rules/supplier': async () => ({ Component: (await purchaseRules()).SupplierRulesScreen }),
  '/setModule/purchase/rules/level': async () => ({ Component: (await purchaseRules()).LevelRulesScreen }),
  '/setModule/purchase/rules/suffix': async () => ({ Component: (await purchaseRules()).SuffixRulesScreen }),
  '/setModule/purchase/rules/cluevier': async () => ({ Component: (await purchaseRules()).ClueViewRulesScreen }),
  '/setModule/purchase/rules/share': async () => ({ Component: (await purchaseRules()).ShareRulesScreen }),
  '/setModule/purchase-set/clue': async () => ({ Component: (await rules()).ClueSettingsScreen }),
  '/setModule/purchase-set/duplicate-check': async () => ({ Component: (await settings()).DuplicateCheckScreen }),
  '/setModule/purchase/payment-method': async () => ({ Component: (await settings()).PaymentMethodScreen }),
  '/srm/tvs/account-query': async () => ({ Component: (await import('./TvsAccountsScreen')).TvsAccountsScreen }),
  '/srm/tvs/withdrawal-record': async () => ({ Component: (await tvs()).TvsWithdrawalScreen }),
  '/srm/tvs/notice': async () => ({ Component: (await tvs()).TvsNoticeScreen }),
  '/srm/tvs/content-rewrite': async () => ({ Component: (await tvs()).TvsRewriteScreen }),
};
