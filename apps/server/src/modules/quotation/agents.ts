import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { portOf } from '../../platform/ports.js';
import { customerIdsOfType } from '../crm/index.js';

/**
 * Agent quotes (decision 0113): an agent is a CRM customer of type R; its partner prices are the
 * book of its consumer account, the same book a customer account has. Which accounts are agents'
 * is read through the rooms' ports — finance's accounts (their customer) and the CRM's customer
 * types — never their tables.
 */
export async function agentAccounts(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const accounts = portOf(db, 'accounts');
  const refs = accounts ? await accounts.byIds(ids) : new Map();
  const agents = await customerIdsOfType(db, 'R');
  return new Set([...refs.values()].filter((a) => agents.has(a.customerId)).map((a) => a.id));
}

/** The agents-quote screen's book: an account of an R customer's, or QM_ACCOUNT_NOT_AGENT. */
export async function checkAgentAccount(db: Db, bookKind: string, accountId: number) {
  if (bookKind === 'account' && (await agentAccounts(db, [accountId])).has(accountId)) return;
  const ref = bookKind === 'account' ? (await portOf(db, 'accounts')?.byIds([accountId]))?.get(accountId) : undefined;
  throw new AppError('QM_ACCOUNT_NOT_AGENT', { vars: { value: ref?.code ?? `${bookKind} #${accountId}` } });
}
