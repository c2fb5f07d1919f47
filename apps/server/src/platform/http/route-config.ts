import type { RouteAccess } from '@portal/contracts';
import type { AuthContext } from '../auth/context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: who may call it. */
    access?: RouteAccess;
    /** Route needs an idempotence key (spec: check-repeat). */
    checkRepeat?: boolean;
    /** false keeps a state-changing route out of the audit log; true audits a GET that changes state. */
    audit?: boolean;
  }
  interface FastifyRequest {
    auth?: AuthContext;
  }
}
