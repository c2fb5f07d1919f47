import type { PlatformConfigSaveBody, RateImportResult } from '@portal/contracts/reference';
import { get, post, upload } from '../../../platform/http';

const REF = '/v2/sys/staff/ref';

/** query keys: `refKeys.all` covers every reference list and picker */
export const refKeys = {
  all: ['ref'] as const,
  config: ['ref', 'uconfig'] as const,
};

const once = { checkRepeat: true } as const;

export const refApi = {
  importRates: (file: File, dryRun: boolean) =>
    upload<RateImportResult>(`${REF}/rate/import`, file, { query: { dryRun: String(dryRun) }, ...once }),
  config: (signal?: AbortSignal) =>
    get<PlatformConfigSaveBody & { updatedAt: string }>(`${REF}/uconfig/get`, undefined, { signal }),
  saveConfig: (body: PlatformConfigSaveBody) => post<null>(`${REF}/uconfig/save`, body, once),
};
