import type { DataScopeKind } from '../access/schema.js';

export interface AuthContext {
  userId: number;
  username: string;
  sessionId: string;
  perms: ReadonlySet<string>;
  /** widest data scope over the user's roles, with the departments it covers */
  scope: { kind: DataScopeKind; departmentIds: number[] };
}
