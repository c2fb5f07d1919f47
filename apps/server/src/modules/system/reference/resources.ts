import { currencies } from './currencies.js';
import { bankAccounts, banks, brands, entities } from './entities.js';
import { operators } from './operators.js';
import { platformCurrencies } from './platform-side.js';
import { rates } from './rates.js';

/** The reference data kept on the resource kernel (the system room mounts them). */
export const referenceResources = [
  operators,
  entities,
  banks,
  bankAccounts,
  brands,
  currencies,
  rates,
  platformCurrencies,
];
