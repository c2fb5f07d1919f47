import type { ScreenMap } from '../../platform/screens';

const screens = () => import('./screens');
const O = '/offerManage';

/** The quotation room's screens (quote mails, agent and AI vendor quotes and the send pages come later). */
export const quotationScreens: ScreenMap = {
  [`${O}/customer-quote/sms`]: async () => ({ Component: (await screens()).CustomerSmsScreen }),
  [`${O}/customer-quote/voice`]: async () => ({ Component: (await screens()).CustomerVoiceScreen }),
  [`${O}/customer-quote/number`]: async () => ({ Component: (await screens()).CustomerNumberScreen }),
  [`${O}/customer-quote/whatsapp`]: async () => ({ Component: (await screens()).CustomerWhatsappScreen }),
  [`${O}/supplierQuote/sms`]: async () => ({ Component: (await screens()).SupplierSmsScreen }),
  [`${O}/supplierQuote/voiceSupplier`]: async () => ({ Component: (await screens()).SupplierVoiceScreen }),
  [`${O}/quote-query/customer`]: async () => ({ Component: (await screens()).QuoteQueryScreen }),
  [`${O}/quote-query/supplier`]: async () => ({ Component: (await screens()).QuoteQueryScreen }),
  [`${O}/quote-group/quote`]: async () => ({ Component: (await screens()).QuoteGroupsScreen }),
  [`${O}/quote-group/az`]: async () => ({ Component: (await screens()).AzGroupsScreen }),
  [`${O}/sms-price-limit`]: async () => ({ Component: (await screens()).SmsPriceLimitScreen }),
  [`${O}/quota-apply-approval/special`]: async () => ({ Component: (await screens()).SpecialListScreen }),
  [`${O}/quota-apply-approval/special/detail`]: async () => ({ Component: (await screens()).SpecialDetailScreen }),
  [`${O}/send/special-detail`]: async () => ({ Component: (await screens()).SpecialDetailScreen }),
  '/setModule/financial/tariff': async () => ({ Component: (await screens()).TariffScreen }),
  '/setModule/financial/quote-set': async () => ({ Component: (await screens()).QuoteSetScreen }),
};
