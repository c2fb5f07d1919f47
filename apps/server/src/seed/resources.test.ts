import { permOf, routeByPath, routes } from '@portal/contracts';
import { poolManagerKeys } from '@portal/contracts/crm';
import { FinPerm, finApplicationResource } from '@portal/contracts/finance';
import { REPORTS_ALL_FIGURES } from '@portal/contracts/reports';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { resources, roleResources } from '../platform/access/schema.js';
import { seedContext } from '../platform/seed/context.js';
import { seedDemo } from './demo.js';
import { buildSeedResources, roleGrants } from './resources.js';

describe('seed resources from the route registry', () => {
  const list = buildSeedResources();
  const byKey = new Map(list.map((r) => [r.key, r]));
  const grants = roleGrants(list);

  it('has unique keys and parents before children', () => {
    expect(byKey.size).toBe(list.length);
    const seen = new Set<string>();
    for (const r of list) {
      if (r.parentKey) expect(seen.has(r.parentKey), r.key).toBe(true);
      seen.add(r.key);
    }
  });

  it('builds module → group → screen nodes with the registry’s keys', () => {
    expect(byKey.get('crm')).toMatchObject({ parentKey: null, type: 'menu', name: '客户管理', icon: 'TeamOutlined' });
    expect(byKey.get('crm:group:client')?.parentKey).toBe('crm');
    expect(byKey.get('crm:open-sea')).toMatchObject({ parentKey: 'crm:group:client', router: '/crm/open-sea' });
    expect(byKey.get('setModule:authManage:user')).toMatchObject({
      router: '/setModule/authManage/user',
      parentKey: 'setModule:group:authManage',
    });
    expect(byKey.get('setModule:authManage:user:edit')).toMatchObject({
      type: 'button',
      parentKey: 'setModule:authManage:user',
    });
    expect(byKey.get('ai:chat')).toMatchObject({ type: 'button', parentKey: null });
    expect(byKey.get('simbank')).toMatchObject({ type: 'button', parentKey: null });
    expect(byKey.get('home')).toMatchObject({ router: '/home', common: true });
    expect(byKey.get('businessOperations:voIp:voipIframe:voice-test')?.iframeName).toBeTruthy();
  });

  it('has a node for every menu screen and none for details guarded by their list', () => {
    for (const r of routes.filter((x) => !x.hidden && !x.public && !x.alwaysAllowed && !x.redirect))
      expect(byKey.get(permOf(r))?.router, r.path).toBe(r.path);
    expect(list.some((r) => r.router === '/crm/open-sea/details')).toBe(false);
    // a hidden screen with its own key keeps a hidden node
    expect(byKey.get('srm:equipment-purchase:equipment-purchase-request')?.webShowFlag).toBe(false);
    expect(permOf(routeByPath('/crm/open-sea/details')!)).toBe('crm:open-sea');
  });

  it('grants each role its modules, the common screens and whole menu paths', () => {
    const sales = grants.get('sales')!;
    expect(sales.has('crm')).toBe(true);
    expect(sales.has('offerManage:customer-quote:sms')).toBe(true);
    expect(sales.has('ai:chat')).toBe(true);
    expect(sales.has('setModule')).toBe(false);
    // the consumer accounts of their own customers, (to read) their workspaces and API keys
    // (decision 0116), and their own seal applications and archived contracts (decision 0117)
    expect([...sales].filter((k) => k.startsWith('financial')).sort()).toEqual([
      'financial',
      'financial:account:consumer:consumer',
      'financial:account:consumer:consumer:open',
      'financial:account:consumer:workspace',
      'financial:account:consumer:workspaceapi',
      'financial:contract-archive:archive-records',
      'financial:contract-archive:seal-apply',
      'financial:group:consumer',
      'financial:group:contract',
    ]);
    // finance and legal see every seal application and archived contract; sales their own (decision 0117)
    expect(grants.get('finance')!.has('financial:contract-archive:seal-apply:all')).toBe(true);
    expect(sales.has('financial:contract-archive:seal-apply:all')).toBe(false);
    expect(grants.get('finance')!.has('financial:account:consumer:workspaceapi:verify')).toBe(true);
    // distributing and claiming past the open-sea rules are the managers' (decision 0033)
    for (const k of poolManagerKeys) expect(sales.has(k), k).toBe(false);
    expect(grants.get('sales_manager')).toEqual(new Set([...sales, ...poolManagerKeys]));
    const finance = grants.get('finance')!;
    expect(finance.has('financial:recharge-apply:recharge')).toBe(true);
    expect(finance.has('reportAnalysis:smsProfitAnalysis')).toBe(true);
    // every customer's figures in reports: finance, not sales (decision 0072)
    expect(finance.has(REPORTS_ALL_FIGURES)).toBe(true);
    expect(sales.has(REPORTS_ALL_FIGURES)).toBe(false);
    expect(finance.has('crm')).toBe(false);
    const ops = grants.get('ops')!;
    for (const k of [
      'businessOperations:simbank:manager',
      'businessInquiry:sendRcdQuery',
      'heavenlyWarning',
      'simbank',
    ])
      expect(ops.has(k), k).toBe(true);
    expect(ops.has('ai:chat')).toBe(false);
    // agent customers are sales' (decision 0147); finance's two account pages once under it are held by the
    // people their links reach: finance, and sales / sales managers within their account scope (decision 0151)
    const finPages = ['businessInquiry:accountApprovalStatus', 'businessInquiry:creditModifyRecord:consumer'];
    for (const k of ['businessInquiry:agent-query:customer', ...finPages]) expect(ops.has(k), k).toBe(true);
    expect(sales.has('businessInquiry:agent-query:customer')).toBe(true);
    for (const k of finPages) {
      for (const role of ['sales', 'sales_manager', 'finance'] as const) {
        expect(grants.get(role)!.has(k), `${role} ${k}`).toBe(true);
        // the calls behind the pages: the account list's key (the detail, the approval status)
        expect(grants.get(role)!.has(FinPerm.ACCOUNTS), role).toBe(true);
      }
      expect(byKey.get(k)?.router, k).toBe(`/${k.replaceAll(':', '/')}`);
    }
    // the credit changes list on creditModifyRecord keeps its own key: finance's, not sales'
    expect(finance.has(finApplicationResource.access.list)).toBe(true);
    expect(sales.has(finApplicationResource.access.list)).toBe(false);
    expect(finance.has('businessInquiry:agent-query:customer')).toBe(false);
    for (const [role, keys] of grants) {
      for (const k of ['home', 'general:process:sponsor', 'general:download', 'message:email:inbox'])
        expect(keys.has(k), `${role} ${k}`).toBe(true);
      expect(keys.has('csc:feedbackmanagement:feedback')).toBe(true);
      for (const k of keys) {
        const parent = byKey.get(k)!.parentKey;
        if (parent) expect(keys.has(parent), `${role}: ${k} without ${parent}`).toBe(true);
      }
    }
    expect(grants.get('admin')!.size).toBe(list.length);
    expect(grants.get('sales')!.has('csc:clue:all')).toBe(false);
  });
});

describe('seeding the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const counts = async () => ({
    resources: (await t.p.db.select({ n: count() }).from(resources))[0]!.n,
    grants: (await t.p.db.select({ n: count() }).from(roleResources))[0]!.n,
  });

  it('stores every node and grant once, and a second run changes nothing', async () => {
    const before = await counts();
    expect(before.resources).toBe(buildSeedResources().length);
    const started = Date.now();
    await seedDemo(seedContext(t.p.db, { info: () => {} }));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await counts()).toEqual(before);
  });
});
