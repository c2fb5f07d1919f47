import type { ScreenMap } from '../../platform/screens';
import { SEND_PAGE_KEYS } from './send-page-keys';

const screens = () => import('./screens');
const mails = () => import('./mail-screens');
const setup = () => import('./setup-screens');
const supplier = () => import('./supplier-quote-screens');
const ai = () => import('./ai-quote-screens');
const O = '/offerManage';

/** The quotation room's screens. */
export const quotationScreens: ScreenMap = {
  [`${O}/customer-quote/sms`]: async () => ({ Component: (await screens()).CustomerSmsScreen }),
  [`${O}/customer-quote/voice`]: async () => ({ Component: (await screens()).CustomerVoiceScreen }),
  [`${O}/customer-quote/number`]: async () => ({ Component: (await screens()).CustomerNumberScreen }),
  [`${O}/customer-quote/whatsapp`]: async () => ({ Component: (await screens()).CustomerWhatsappScreen }),
  [`${O}/agents-quote`]: async () => ({ Component: (await screens()).AgentQuoteScreen }),
  [`${O}/supplierQuote/sms`]: async () => ({ Component: (await screens()).SupplierSmsScreen }),
  [`${O}/supplierQuote/voiceSupplier`]: async () => ({ Component: (await screens()).SupplierVoiceScreen }),
  [`${O}/supplier-quote/ai-vendor-quote`]: async () => ({ Component: (await ai()).AiVendorQuoteScreen }),
  [`${O}/supplier-quote/ai-quote-log`]: async () => ({ Component: (await ai()).AiQuoteLogScreen }),
  [`${O}/quote-query/customer`]: async () => ({ Component: (await screens()).QuoteQueryScreen }),
  [`${O}/quote-query/supplier`]: async () => ({ Component: (await screens()).QuoteQueryScreen }),
  [`${O}/quote-group/quote`]: async () => ({ Component: (await setup()).QuoteGroupsScreen }),
  [`${O}/quote-group/quote/detail`]: async () => ({ Component: (await setup()).QuoteGroupDetailScreen }),
  [`${O}/quote-group/az`]: async () => ({ Component: (await setup()).AzGroupsScreen }),
  [`${O}/sms-price-limit`]: async () => ({ Component: (await setup()).SmsPriceLimitScreen }),
  [`${O}/quota-apply-approval/special`]: async () => ({ Component: (await screens()).SpecialListScreen }),
  [`${O}/quota-apply-approval/special/detail`]: async () => ({ Component: (await screens()).SpecialDetailScreen }),
  [`${O}/quota-apply-approval/special/apply`]: async () => ({ Component: (await screens()).SpecialApplyScreen }),
  '/general/process/special-apply/special/apply': async () => ({ Component: (await screens()).SpecialApplyScreen }),
  [`${O}/quota-apply-approval/supplier`]: async () => ({ Component: (await supplier()).SupplierQuoteListScreen }),
  [`${O}/quota-apply-approval/supplier/detail`]: async () => ({
    Component: (await supplier()).SupplierQuoteDetailScreen,
  }),
  [`${O}/send/special-detail`]: async () => ({ Component: (await screens()).SpecialDetailScreen }),
  // the send pages: one screen, parameterised by its path (decision 0102)
  ...Object.fromEntries(
    SEND_PAGE_KEYS.map((k) => [`${O}/send/${k}`, async () => ({ Component: (await mails()).SendPageScreen })]),
  ),
  [`${O}/quote-email`]: async () => ({ Component: (await mails()).QuoteEmailsScreen }),
  [`${O}/quote-email/detail`]: async () => ({ Component: (await mails()).QuoteEmailDetailScreen }),
  [`${O}/send/add-group`]: async () => ({ Component: (await setup()).AddQuoteGroupScreen }),
  [`${O}/send/email-details`]: async () => ({ Component: (await mails()).QuoteEmailDetailScreen }),
  [`${O}/quote/view`]: async () => ({ Component: (await mails()).PublicQuoteScreen }),
  '/setModule/financial/quote-email-template': async () => ({ Component: (await mails()).QuoteEmailTemplateScreen }),
  '/setModule/financial/billing-method': async () => ({ Component: (await setup()).BillingMethodScreen }),
  '/setModule/financial/tariff': async () => ({ Component: (await setup()).TariffScreen }),
  '/setModule/financial/quote-set': async () => ({ Component: (await screens()).QuoteSetScreen }),
};
