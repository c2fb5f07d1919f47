import type { DataScope } from '@portal/contracts/system-settings';

/** The locale key naming a data scope (systemRole.scope_*). */
export const scopeLabel = (s: DataScope) => `systemRole.scope_${s}` as const;
