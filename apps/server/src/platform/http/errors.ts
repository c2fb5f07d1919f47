import { type ErrorDef, type ErrorName, Errors, errorMessage, type Locale, type MessageVar } from '@portal/contracts';

/** The one way a route reports a failure: a catalogue entry, optional message variables and data. */
export class AppError extends Error {
  readonly def: ErrorDef;
  constructor(
    name: ErrorName,
    readonly opts: { vars?: Record<string, MessageVar>; data?: unknown; detail?: string } = {},
  ) {
    super(opts.detail ?? Errors[name].en);
    this.def = Errors[name];
  }
  message_(locale: Locale): string {
    return errorMessage(this.def, locale, this.opts.vars);
  }
}

export const fail = (name: ErrorName, opts?: AppError['opts']): never => {
  throw new AppError(name, opts);
};
