import { permOf, routeByPath } from '../routes/index.js';

const keyOf = (path: string): string => {
  const route = routeByPath(path);
  if (!route) throw new Error(`reference data: no route ${path}`);
  return permOf(route);
};

/**
 * Permission keys of the reference-data settings screens, derived from the route registry: holding
 * a screen's key lets a caller read and edit what that screen shows. Pickers (`…/options`) only need
 * a signed-in caller. Mobile networks have no settings screen in the spec: theirs is the invented
 * page `/setModule/financial/mcc-mnc` (docs/domain.md, decision 0028).
 */
export const RefPerm = {
  CURRENCY: keyOf('/setModule/financial/currency'),
  RATE: keyOf('/setModule/financial/xe-rate'),
  ENTITY: keyOf('/setModule/financial/main-body'),
  BANK: keyOf('/setModule/financial/bank'),
  BRAND: keyOf('/setModule/financial/brand'),
  PLATFORM_CURRENCY: keyOf('/setModule/uplatform/ucurrency'),
  PLATFORM_CONFIG: keyOf('/setModule/uplatform/uconfig'),
  OPERATOR: keyOf('/setModule/financial/mcc-mnc'),
} as const;
