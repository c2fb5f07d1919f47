import { type AccountTrack, type AnalysisQuery, CRM_ANALYSIS_PATHS, type SalesFunnel } from '@portal/contracts/crm';
import { post } from '../../../platform/http';

export const analysisKeys = {
  funnel: (q: AnalysisQuery) => ['crm', 'analysis', 'funnel', q] as const,
  track: (q: AnalysisQuery) => ['crm', 'analysis', 'track', q] as const,
};

export const analysisApi = {
  funnel: (q: AnalysisQuery, signal?: AbortSignal) => post<SalesFunnel>(CRM_ANALYSIS_PATHS.funnel, q, { signal }),
  track: (q: AnalysisQuery, signal?: AbortSignal) => post<AccountTrack>(CRM_ANALYSIS_PATHS.track, q, { signal }),
};
