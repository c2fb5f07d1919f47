/** Spec 7/9 request timeouts in ms. */
export const Timeouts = {
  default: 90_000,
  /** IMEI autoGenerate, SIM-bank batch port operations */
  long: 180_000,
  /** exports and blob downloads */
  export: 300_000,
  /** multipart uploads */
  upload: 600_000,
} as const;

export type TimeoutKind = keyof typeof Timeouts;

export const timeoutMs = (t: TimeoutKind | number | undefined): number =>
  typeof t === 'number' ? t : Timeouts[t ?? 'default'];
