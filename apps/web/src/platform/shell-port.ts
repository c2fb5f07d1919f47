import type { ResourceNode, SubApp } from '@portal/contracts';

/** A top-navigation entry: an in-app module (its side menu and tab group) or an external link. */
export interface ModuleEntry {
  key: string;
  label: string;
  icon: string | null;
  node?: ResourceNode;
  href?: string;
}

/**
 * What a room may ask of the shell. Rooms never import the shell; the shell binds these hooks
 * once at start (shell/router.tsx), before anything renders.
 */
export interface ShellPort {
  /** the sub-application whose side menu and tab group are shown */
  useLayoutApp(): SubApp;
  /** the user's modules as the top navigation shows them */
  useModuleEntries(): ModuleEntry[];
  /** opens a module where the user last was in it */
  useOpenModule(): (entry: ModuleEntry) => void;
}

let bound: ShellPort | null = null;

export function bindShellPort(port: ShellPort): void {
  bound = port;
}

function port(): ShellPort {
  if (!bound) throw new Error('the shell has not bound its port yet');
  return bound;
}

export const useLayoutApp = (): SubApp => port().useLayoutApp();
export const useModuleEntries = (): ModuleEntry[] => port().useModuleEntries();
export const useOpenModule = (): ((entry: ModuleEntry) => void) => port().useOpenModule();
