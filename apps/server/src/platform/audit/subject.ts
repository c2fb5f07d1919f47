import type { FastifyRequest } from 'fastify';

/**
 * Names the record a call acts on in its audit row: `<resource key>:<id>`, the key record history uses, so the
 * record's operation log lists the call (decision 0151). Stamp it before the work when the record exists, so a
 * refused call keeps it too; after the work when the call creates the record (decision 0153).
 */
export function stampAuditSubject(req: FastifyRequest, key: string, id: number | string) {
  req.auditRecord = `${key}:${id}`;
}
