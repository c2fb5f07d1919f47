import type { RouteAccess } from '@portal/contracts';
import type { Label } from '@portal/contracts/resource/define';
import type { AuthContext } from '../auth/context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: who may call it. */
    access?: RouteAccess;
    /** Route needs an idempotence key (spec: check-repeat). */
    checkRepeat?: boolean;
    /** false keeps a state-changing route out of the audit log; true audits a GET that changes state. */
    audit?: boolean;
    /** What the call does, as a record's operation log names it (its summary is English only; decision 0153). */
    auditAction?: Label;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
