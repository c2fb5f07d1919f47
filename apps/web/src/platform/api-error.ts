/** Codes the client itself produces when no server answer exists. Server codes are all positive. */
export const ClientCode = {
  TIMEOUT: -1,
  NETWORK: -2,
  /** HTTP error without an envelope body */
  HTTP: -3,
  /** the caller aborted (navigation, query cancellation): never shown */
  ABORTED: -4,
} as const;

export interface ApiErrorInit {
  code: number;
  msg: string;
  data?: unknown;
  status?: number;
  statusText?: string;
}

/** Every failed call rejects with this: the envelope's code/msg/data plus the HTTP status. */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;
  readonly status: number;
  readonly statusText: string;

  constructor(init: ApiErrorInit) {
    super(init.msg || `API error ${init.code}`);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    this.data = init.data ?? null;
    this.status = init.status ?? 0;
    this.statusText = init.statusText ?? '';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
