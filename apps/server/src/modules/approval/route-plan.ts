import type { FormValues, ProcessDefinition, RouteStep } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { activeUsers, leaderWalk, roleMembers } from './directory.js';
import { conditionHolds } from './form-values.js';

/**
 * The route a request takes: the definition's nodes whose conditions hold, with their approvers
 * resolved now (a leader chain becomes one step per level). The same plan is the preview the
 * initiator sees before submitting and the route the instance keeps.
 */
export async function planRoute(
  db: DbOrTx,
  definition: ProcessDefinition,
  values: FormValues,
  initiatorId: number,
): Promise<RouteStep[]> {
  const steps: RouteStep[] = [];
  for (const node of definition.nodes) {
    if (!node.conditions.every((c) => conditionHolds(c, values))) continue;
    const base = {
      nodeKey: node.key,
      name: node.name,
      nameEn: node.nameEn ?? node.name,
      type: node.type,
      mode: node.mode,
      timeLimitHours: node.type === 'approval' ? node.timeLimitHours : null,
      rejectable: node.type === 'approval' && node.rejectable,
    };
    if (node.approverKind === 'leaderChain' || node.approverKind === 'deptLeader') {
      const levels = node.approverKind === 'deptLeader' ? 1 : node.levels;
      const { leaders, selfLed } = await leaderWalk(db, initiatorId, levels);
      // the initiator leads every department up their chain: nobody above to ask, the node is
      // their own sign-off and is left off the route (docs/domain.md "Approvals")
      if (leaders.length === 0 && selfLed) continue;
      if (leaders.length === 0 && node.type === 'approval')
        throw new AppError('WF_NO_APPROVER', { vars: { node: { 'zh-CN': node.name, en: node.nameEn ?? node.name } } });
      if (node.type === 'cc') {
        if (leaders.length) steps.push({ ...base, approvers: leaders });
        continue;
      }
      for (const [i, leader] of leaders.entries())
        steps.push({
          ...base,
          nodeKey: leaders.length > 1 ? `${node.key}.${i + 1}` : node.key,
          name: leaders.length > 1 ? `${node.name} (${i + 1})` : node.name,
          nameEn: leaders.length > 1 ? `${base.nameEn} (${i + 1})` : base.nameEn,
          approvers: [leader],
        });
      continue;
    }
    const approvers =
      node.approverKind === 'role' ? await roleMembers(db, node.roleId!) : await activeUsers(db, node.userIds);
    if (approvers.length === 0) {
      if (node.type === 'cc') continue;
      throw new AppError('WF_NO_APPROVER', { vars: { node: { 'zh-CN': node.name, en: node.nameEn ?? node.name } } });
    }
    steps.push({ ...base, approvers });
  }
  return steps;
}
