import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, onPostgres, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { startSignedIn } from './support/signed-in.js';

describe('dictionaries (sysDict)', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  beforeAll(async () => {
    [t, admin, sales] = await startSignedIn([DEMO.admin, DEMO.sales01]);
  });
  afterAll(() => t.close());

  const call = async (who: Tokens, method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: bearer(who), payload })).json();

  it("pages a module's dictionaries with their item counts, by keyword", async () => {
    const page = await call(admin, 'POST', '/v2/sys/staff/sysDict/page', { module: 'crm', page: 1, size: 20 });
    expect(page.code).toBe(0);
    const level = page.data.records.find((r: { code: string }) => r.code === 'crm.customer_level');
    expect(level).toMatchObject({ module: 'crm', name: '客户等级', nameEn: 'Customer level', itemCount: 4 });
    const found = await call(admin, 'POST', '/v2/sys/staff/sysDict/page', { module: 'crm', keyword: 'industr' });
    expect(found.data.records.map((r: { code: string }) => r.code)).toEqual(['crm.industry']);
    // a keyword's % is a character, not a wildcard
    const none = await call(admin, 'POST', '/v2/sys/staff/sysDict/page', { module: 'crm', keyword: '%' });
    expect(none.data.total).toBe(0);
  });

  it('saves items: new and changed values, left-out ones disabled but kept; readers see it at once', async () => {
    const before = await call(sales, 'GET', '/v2/sys/staff/sysDict/read?codes=crm.lost_reason');
    expect(before.data['crm.lost_reason']).toHaveLength(4);
    const saved = await call(admin, 'POST', '/v2/sys/staff/sysDict/save', {
      code: 'crm.lost_reason',
      items: [
        { value: 'price', label: '价格过高', labelEn: 'Price too high', sort: 10, color: 'red' },
        { value: 'competitor', label: '竞品', labelEn: 'Competitor', sort: 20 },
      ],
    });
    expect(saved.code).toBe(0);
    const after = await call(admin, 'GET', '/v2/sys/staff/sysDict/items?code=crm.lost_reason');
    const byValue = Object.fromEntries(after.data.items.map((i: { value: string }) => [i.value, i]));
    expect(byValue.price).toMatchObject({ label: '价格过高', labelEn: 'Price too high', color: 'red', enabled: true });
    expect(byValue.competitor).toMatchObject({ enabled: true, color: 'default' });
    expect(byValue.quality.enabled).toBe(false);
    expect(after.data.items).toHaveLength(5);
    const read = await call(sales, 'GET', '/v2/sys/staff/sysDict/read?codes=crm.lost_reason');
    expect(read.data['crm.lost_reason'].find((i: { value: string }) => i.value === 'price').label).toBe('价格过高');
    expect(await t.p.dicts.isEnabledValue('crm.lost_reason', 'quality')).toBe(false);
    expect(await t.p.dicts.isEnabledValue('crm.lost_reason', 'competitor')).toBe(true);
  });

  it('refuses bad input and callers without the module key, changing nothing', async () => {
    const dup = await call(admin, 'POST', '/v2/sys/staff/sysDict/save', {
      code: 'crm.industry',
      items: [
        { value: 'x', label: 'X', labelEn: 'X' },
        { value: 'x', label: 'Y', labelEn: 'Y' },
      ],
    });
    expect(dup.code).toBe(Errors.DUPLICATE.code);
    const unknown = await call(admin, 'POST', '/v2/sys/staff/sysDict/save', { code: 'crm.nothing', items: [] });
    expect(unknown.code).toBe(Errors.NOT_FOUND.code);
    const badCode = await call(admin, 'GET', '/v2/sys/staff/sysDict/read?codes=DROP TABLE');
    expect(badCode.code).toBe(Errors.VALIDATION_FAILED.code);
    const refused = await call(sales, 'POST', '/v2/sys/staff/sysDict/save', { code: 'crm.industry', items: [] });
    expect(refused.code).toBe(Errors.NO_PERMISSION.code);
    expect((await call(sales, 'POST', '/v2/sys/staff/sysDict/page', { module: 'crm' })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
    const industry = await call(admin, 'GET', '/v2/sys/staff/sysDict/items?code=crm.industry');
    expect(industry.data.items.every((i: { enabled: boolean }) => i.enabled)).toBe(true);
    expect(industry.data.items).toHaveLength(6);
  });

  it("exports the dictionaries the keyword finds with every item, and keeps each save in the dictionary's history", async () => {
    const saved = await call(admin, 'POST', '/v2/sys/staff/sysDict/save', {
      code: 'crm.industry',
      items: [{ value: 'telecom', label: '电信', labelEn: 'Telecoms', sort: 5, color: 'blue' }],
    });
    expect(saved.code).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/sysDict/export',
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { module: 'crm', keyword: 'industr', format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const [rows] = await xlsxSheets(res.rawPayload);
    expect(rows![0]).toEqual([
      'Dictionary code',
      'Dictionary',
      'Value',
      'Chinese label',
      'English label',
      'Order',
      'Colour',
      'Enabled',
    ]);
    const items = await call(admin, 'GET', '/v2/sys/staff/sysDict/items?code=crm.industry');
    // every item, the disabled ones too, only of the dictionary the keyword found
    expect(rows!.slice(1)).toHaveLength(items.data.items.length);
    expect(rows!.slice(1).every((r) => r[0] === 'crm.industry' && r[1] === 'Industry')).toBe(true);
    expect(rows!.find((r) => r[2] === 'telecom')).toEqual([
      'crm.industry',
      'Industry',
      'telecom',
      '电信',
      'Telecoms',
      '5',
      'blue',
      'Yes',
    ]);
    expect(rows!.filter((r) => r[7] === 'No').length).toBe(
      items.data.items.filter((i: { enabled: boolean }) => !i.enabled).length,
    );

    const refused = await t.app.inject({
      method: 'POST',
      url: '/v2/sys/staff/sysDict/export',
      headers: bearer(sales),
      payload: { module: 'crm', format: 'xlsx' },
    });
    expect(refused.json().code).toBe(Errors.NO_PERMISSION.code);

    const history = await call(admin, 'POST', '/v2/sys/staff/log/page', { subject: 'dict:crm.industry', size: 50 });
    expect(history.code).toBe(0);
    expect(history.data.records[0]).toMatchObject({
      username: 'admin',
      path: '/v2/sys/staff/sysDict/save',
      statusCode: 200,
    });
  });

  it.runIf(onPostgres)("drops another process's cached items when a dictionary changes", async () => {
    const other = await startTestApp({ databaseUrl: t.databaseUrl, seed: false });
    try {
      expect(await other.p.dicts.isEnabledValue('crm.follow_up_type', 'visit')).toBe(true);
      await call(admin, 'POST', '/v2/sys/staff/sysDict/save', {
        code: 'crm.follow_up_type',
        items: [{ value: 'call', label: '电话', labelEn: 'Call' }],
      });
      const until = Date.now() + 5000;
      while ((await other.p.dicts.isEnabledValue('crm.follow_up_type', 'visit')) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect(await other.p.dicts.isEnabledValue('crm.follow_up_type', 'visit')).toBe(false);
    } finally {
      await other.close();
    }
  });
});
