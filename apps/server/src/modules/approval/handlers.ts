import type { Tx } from '../../platform/db/index.js';

/** What a business handler learns about the instance whose outcome it owns. */
export interface ApprovalOutcome {
  tx: Tx;
  instance: {
    id: number;
    serviceName: string;
    businessKey: string | null;
    title: string;
    initiatorId: number;
    formData: Record<string, unknown>;
  };
  /** the user whose action ended the request (the last approver, the rejecter, the initiator) */
  actorId: number;
  opinion: string;
  /** work for after the transition's commit (dropping a cache, telling other processes); never runs on a rollback */
  afterCommit(fn: () => unknown): void;
}

export interface ApprovalHandler {
  /**
   * The history entity of the business record a request's `businessKey` names (e.g.
   * `finance.recharge`): its timeline then shows the request started, resubmitted and decided.
   */
  historyEntity?: string;
  onApproved?(o: ApprovalOutcome): Promise<void>;
  onRejected?(o: ApprovalOutcome): Promise<void>;
  onWithdrawn?(o: ApprovalOutcome): Promise<void>;
}

const handlers = new Map<string, ApprovalHandler>();

/**
 * A business that owns a service name (finance recharge, quotation special price, …) reacts to its
 * instances' outcomes here. The handler runs inside the transaction of the final transition: if it
 * throws, the transition is rolled back and the approver sees the error.
 */
export function registerApprovalHandler(serviceName: string, handler: ApprovalHandler): void {
  if (handlers.has(serviceName)) throw new Error(`approval handler for ${serviceName} registered twice`);
  handlers.set(serviceName, handler);
}

export function handlerOf(serviceName: string): ApprovalHandler | undefined {
  return handlers.get(serviceName);
}

export function registeredServiceNames(): string[] {
  return [...handlers.keys()];
}
