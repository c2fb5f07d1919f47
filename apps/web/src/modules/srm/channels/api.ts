import type { LookupResult, ResolveQuery, ResolveResult } from '@portal/contracts/srm/channels';
import { post } from '../../../platform/http';

/** A number or a network and the channels covering it. */
export const lookupDestination = (q: string) => post<LookupResult>('/v2/srm/mcc-mnc/query', { q });

/** The route in force for a customer, a network and a moment. */
export const resolveRoute = (q: ResolveQuery) => post<ResolveResult>('/v2/srm/route-bind/resolve', q);
