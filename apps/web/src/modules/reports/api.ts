import { type ReportAnswer, type ReportDef, type ReportQuery, reportApi } from '@portal/contracts/reports';
import { post } from '../../platform/http';

export const reportKeys = { data: (key: string, q: ReportQuery) => ['reports', key, q] as const };

export const reportsApi = {
  data: (def: ReportDef, q: ReportQuery, signal?: AbortSignal) =>
    post<ReportAnswer>(`${reportApi(def)}/data`, q, { signal }),
  exportPath: (def: ReportDef) => `${reportApi(def)}/export`,
};
