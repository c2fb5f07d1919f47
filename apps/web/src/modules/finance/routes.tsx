import type { ScreenMap } from '../../platform/screens';

const screens = () => import('./screens');

/** The finance room's screens (the rest of /financial/... stays the section's host until built). */
export const financeScreens: ScreenMap = {
  '/financial/account/consumer/consumer': async () => ({ Component: (await screens()).AccountsScreen }),
  '/businessInquiry/accountApprovalStatus': async () => ({ Component: (await screens()).AccountStatusScreen }),
  '/financial/recharge-record/platform': async () => ({ Component: (await screens()).RecordsScreen }),
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
  '/general/process/credit-apply/prepay/apply': async () => ({ Component: (await screens()).PrepayCreditApplyPage }),
  '/general/process/credit-apply/postpay/apply': async () => ({ Component: (await screens()).PostpayCreditApplyPage }),
};
