/** The reference-data resources (zod-free: the definitions are data). */

export { currencyResource, platformCurrencyResource, rateResource } from './currency.js';
export { bankAccountResource, bankResource, brandResource, entityResource } from './finance.js';
export { operatorResource } from './operator.js';
