import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reference } from '../src/modules/system/reference/index.js';
import { bearer, DEMO, onPostgres, startTestApp, type TestApp, type Tokens, xlsxSheets } from './harness.js';
import { startSignedIn } from './support/signed-in.js';

const REF = '/v2/sys/staff/ref';

describe('reference data', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  beforeAll(async () => {
    [t, admin, sales] = await startSignedIn([DEMO.admin, DEMO.sales01]);
  });
  afterAll(() => t.close());

  const key = async (who: Tokens) =>
    (await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) })).json().data
      .key as string;
  const get = async (who: Tokens, path: string) =>
    (await t.app.inject({ url: `${REF}/${path}`, headers: bearer(who) })).json();
  const page = async (who: Tokens, path: string, body: object = {}) =>
    (await t.app.inject({ method: 'POST', url: `${REF}/${path}`, headers: bearer(who), payload: body })).json();
  /** a check-repeat write, with a fresh key */
  const write = async (who: Tokens, path: string, body: object) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${REF}/${path}`,
        headers: { ...bearer(who), [IDEMPOTENCE_HEADER]: await key(who) },
        payload: body,
      })
    ).json();
  const upload = async (who: Tokens, name: string, content: Buffer, dryRun = false) => {
    const boundary = '----refimport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return (
      await t.app.inject({
        method: 'POST',
        url: `${REF}/rate/import?dryRun=${dryRun}`,
        headers: {
          ...bearer(who),
          [IDEMPOTENCE_HEADER]: await key(who),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      })
    ).json();
  };
  const ratesOf = async (q: object) => (await page(admin, 'rate/page', { size: 200, ...q })).data.records;

  it('seeds countries, currencies and networks from their packages, served to any signed-in picker', async () => {
    const ref = reference(t.p);
    expect(await ref.countryOf('CN')).toMatchObject({ alpha3: 'CHN', numeric: '156', name: '中国', dialCode: '86' });
    expect(await ref.countryOf('GB')).toMatchObject({ nameEn: 'United Kingdom', dialCode: '44' });
    expect((await ref.countries()).length).toBeGreaterThan(240);
    expect(await ref.currencyOf('JPY')).toMatchObject({
      digits: 0,
      name: '日元',
      nameEn: 'Japanese Yen',
      enabled: true,
    });
    expect(await ref.currencyOf('KWD')).toMatchObject({ digits: 3 });
    expect((await ref.currencyOf('XAU'))?.enabled).toBe(false);
    expect(await ref.operatorOf('46000')).toMatchObject({ mccmnc: '46000', countryCode: 'CN', name: 'China Mobile' });
    expect((await ref.operatorsOfCountry('CN')).map((o) => o.mccmnc)).toContain('46001');

    const countries = await get(sales, 'country/options');
    expect(countries.code).toBe(0);
    expect(countries.data.find((c: { code: string }) => c.code === 'US')).toMatchObject({ dialCode: '1' });
    const ops = await get(sales, 'operator/options?country=DE');
    expect(ops.data.length).toBeGreaterThan(2);
    expect(ops.data.every((o: { countryCode: string }) => o.countryCode === 'DE')).toBe(true);
    const currencies = await get(sales, 'currency/options');
    expect(currencies.data.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['USD', 'CNY', 'EUR']));
    expect(currencies.data.map((c: { code: string }) => c.code)).not.toContain('XAU');
    const zones = await get(sales, 'timezone/options');
    expect(zones.data.find((z: { id: string }) => z.id === 'Asia/Shanghai')).toMatchObject({ offset: '+08:00' });
    expect((await get(sales, 'operator/options?country=cn')).code).toBe(Errors.VALIDATION_FAILED.code);
  });

  it('answers a rate for any past day: the newest in force, its inverse, or through the base currency', async () => {
    for (const [from, to, rate, day] of [
      ['USD', 'CNY', '7.1', '2026-01-01'],
      ['USD', 'CNY', '7.2', '2026-02-01'],
      ['EUR', 'USD', '1.1', '2026-01-10'],
    ] as const)
      expect((await write(admin, 'rate/save', { from, to, rate, day })).code).toBe(0);
    const ref = reference(t.p);
    expect(await ref.rateAt('USD', 'CNY', '2026-01-31')).toMatchObject({
      rate: '7.1',
      effectiveDay: '2026-01-01',
      via: 'direct',
    });
    expect(await ref.rateAt('USD', 'CNY', '2026-02-01')).toMatchObject({ rate: '7.2', via: 'direct' });
    expect(await ref.rateAt('USD', 'CNY', '2030-06-01')).toMatchObject({ rate: '7.2', effectiveDay: '2026-02-01' });
    expect(await ref.rateAt('CNY', 'USD', '2026-01-15')).toMatchObject({ rate: '0.1408450704', via: 'inverse' });
    // EUR→CNY has no pair: EUR→USD (1.1 from 01-10) × USD→CNY (7.1 from 01-01)
    expect(await ref.rateAt('EUR', 'CNY', '2026-01-20')).toMatchObject({
      rate: '7.81',
      effectiveDay: '2026-01-01',
      via: 'base',
    });
    expect(await ref.rateAt('EUR', 'EUR', '2026-01-20')).toMatchObject({ rate: '1', via: 'same' });
    await expect(ref.rateAt('USD', 'CNY', '2025-12-31')).rejects.toMatchObject({ def: Errors.REF_RATE_MISSING });
    await expect(ref.rateAt('EUR', 'CNY', '2026-01-05')).rejects.toMatchObject({ def: Errors.REF_RATE_MISSING });

    const at = await get(sales, 'rate/at?from=USD&to=CNY&day=2026-01-15');
    expect(at.data).toMatchObject({ rate: '7.1', via: 'direct' });
    const missing = await get(sales, 'rate/at?from=USD&to=JPY&day=2026-01-15');
    expect(missing.code).toBe(Errors.REF_RATE_MISSING.code);
    expect(missing.msg).toContain('USD');

    // a correction of a day is seen at once by the reader (its cache is dropped by the event)
    const [feb] = await ratesOf({ from: 'USD', to: 'CNY', dayFrom: '2026-02-01', dayTo: '2026-02-01' });
    expect((await write(admin, 'rate/update', { id: feb.id, version: feb.version, rate: '7.25' })).code).toBe(0);
    await expect.poll(async () => (await ref.rateAt('USD', 'CNY', '2026-03-01')).rate).toBe('7.25');
    const stale = await write(admin, 'rate/update', { id: feb.id, version: feb.version, rate: '9' });
    expect(stale.code).toBe(Errors.CONFLICT.code);
  });

  it('converts minor units with decimal arithmetic, halves away from zero, into the target minor unit', async () => {
    const ref = reference(t.p);
    // 0.10 USD × 7.25 = 0.725 CNY = 72.5 fen → 73 (half up; binary floats and half-even would give 72)
    expect(await ref.convert(10, 'USD', 'CNY', '2026-03-01')).toMatchObject({ amountMinor: 73, rate: '7.25' });
    expect((await ref.convert(-10, 'USD', 'CNY', '2026-03-01')).amountMinor).toBe(-73);
    expect((await write(admin, 'rate/save', { from: 'USD', to: 'JPY', rate: '150.005', day: '2026-01-01' })).code).toBe(
      0,
    );
    // 123.45 USD × 150.005 = 18518.117… yen (JPY has no minor unit)
    expect((await ref.convert(12345, 'USD', 'JPY', '2026-01-02')).amountMinor).toBe(18518);
    // 1000 yen → USD through the inverse rate: 1000 / 150.005 = 6.6664… → 667 cents
    expect((await ref.convert(1000, 'JPY', 'USD', '2026-01-02')).amountMinor).toBe(667);
    // exact beyond 2^53 / 100 intermediate values of floats
    expect((await ref.convert(9_007_199_254_740, 'USD', 'CNY', '2026-03-01')).amountMinor).toBe(65_302_194_596_865);
    await expect(ref.convert(1, 'USD', 'ZZZ', '2026-01-02')).rejects.toMatchObject({
      def: Errors.REF_CURRENCY_UNKNOWN,
    });
  });

  it('refuses bad rates and callers without the screen key, changing nothing', async () => {
    const before = (await ratesOf({})).length;
    const bad = [
      { from: 'USD', to: 'USD', rate: '1', day: '2026-01-01' },
      { from: 'USD', to: 'CNY', rate: '0', day: '2026-05-01' },
      { from: 'USD', to: 'CNY', rate: '-7', day: '2026-05-01' },
      { from: 'USD', to: 'CNY', rate: '7.12345678901', day: '2026-05-01' },
      { from: 'USD', to: 'CNY', rate: '7', day: '2026-02-30' },
      { from: 'usd', to: 'CNY', rate: '7', day: '2026-05-01' },
    ];
    for (const body of bad) expect((await write(admin, 'rate/save', body)).code).toBe(Errors.VALIDATION_FAILED.code);
    const unknown = await write(admin, 'rate/save', { from: 'ZZZ', to: 'CNY', rate: '7', day: '2026-05-01' });
    expect(unknown.code).toBe(Errors.REF_CURRENCY_UNKNOWN.code);
    const disabled = await write(admin, 'rate/save', { from: 'XAU', to: 'USD', rate: '2000', day: '2026-05-01' });
    expect(disabled.code).toBe(Errors.REF_CURRENCY_UNKNOWN.code);
    const twice = await write(admin, 'rate/save', { from: 'USD', to: 'CNY', rate: '7', day: '2026-01-01' });
    expect(twice.code).toBe(Errors.DUPLICATE.code);
    expect((await page(sales, 'rate/page')).code).toBe(Errors.NO_PERMISSION.code);
    const refused = await write(sales, 'rate/save', { from: 'USD', to: 'CNY', rate: '7', day: '2026-05-01' });
    expect(refused.code).toBe(Errors.NO_PERMISSION.code);
    expect((await page(sales, 'currency/page')).code).toBe(Errors.NO_PERMISSION.code);
    expect((await page(sales, 'operator/page')).code).toBe(Errors.NO_PERMISSION.code);
    expect((await get(sales, 'uconfig/get')).code).toBe(Errors.NO_PERMISSION.code);
    expect((await ratesOf({})).length).toBe(before);
  });

  it('imports rates from CSV or XLSX: every bad row listed with its reason and nothing written, or all of them', async () => {
    const before = (await ratesOf({})).length;
    const csv = [
      'from,to,rate,day,note',
      'USD,HKD,7.8,2026-01-01,"peg, HKMA"',
      'USD,HKD,abc,2026-01-02,',
      'USD,HKD,7.79,2026-01-01,',
      'USD,CNY,7,2026-01-01,',
      ',,,,',
      'QQQ,HKD,1,2026-01-03,',
    ].join('\r\n');
    const bad = await upload(admin, 'rates.csv', Buffer.from(csv));
    expect(bad.code).toBe(0);
    expect(bad.data.imported).toBe(0);
    expect(bad.data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5, 7]);
    expect(bad.data.errors[0].message).toContain('rate');
    expect(bad.data.errors[2].message).toContain('already entered');
    expect((await ratesOf({})).length).toBe(before);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('rates');
    ws.addRow(['day', 'from', 'to', 'rate']);
    ws.addRow([new Date(Date.UTC(2026, 0, 1)), 'USD', 'HKD', 7.8]);
    ws.addRow(['2026-02-01', 'USD', 'HKD', '7.81']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const dry = await upload(admin, 'rates.xlsx', xlsx, true);
    expect(dry.data).toEqual({ imported: 0, good: 2, errors: [] });
    expect((await ratesOf({})).length).toBe(before);
    const done = await upload(admin, 'rates.xlsx', xlsx);
    expect(done.data).toEqual({ imported: 2, good: 2, errors: [] });
    const hkd = await ratesOf({ to: 'HKD' });
    expect(hkd.map((r: { day: string; rate: string; source: string }) => [r.day, r.rate, r.source])).toEqual([
      ['2026-02-01', '7.81', 'import'],
      ['2026-01-01', '7.8', 'import'],
    ]);
    expect((await upload(admin, 'rates.txt', Buffer.from('x'))).code).toBe(Errors.FILE_TYPE_NOT_ALLOWED.code);
    expect((await upload(admin, 'rates.xlsx', Buffer.from('not a zip'))).code).toBe(Errors.FILE_TYPE_MISMATCH.code);
    expect((await upload(admin, 'rates.csv', Buffer.from('a,b\n1,2'))).code).toBe(Errors.REF_IMPORT_HEADER.code);
    expect((await upload(sales, 'rates.csv', Buffer.from(csv))).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('exports the rate history with the page filters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${REF}/rate/export`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { from: 'USD', to: 'HKD', format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const [rows] = await xlsxSheets(res.rawPayload);
    expect(rows![0]).toEqual(['Effective day', 'From', 'To', 'Rate', 'Source', 'Note', 'Changed by', 'Changed (UTC)']);
    expect(rows!.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['2026-02-01', 'USD', 'HKD', '7.81', 'Imported'],
      ['2026-01-01', 'USD', 'HKD', '7.8', 'Imported'],
    ]);
  });

  it('keeps mobile networks: add, rename with a version, merge into another operator', async () => {
    const ref = reference(t.p);
    const added = await write(admin, 'operator/save', {
      mcc: '460',
      mnc: '98',
      countryCode: 'CN',
      name: '测试网络',
      nameEn: 'Test Net',
    });
    expect(added.code).toBe(0);
    expect(
      (await write(admin, 'operator/save', { mcc: '460', mnc: '98', countryCode: 'CN', name: 'x', nameEn: 'x' })).code,
    ).toBe(Errors.DUPLICATE.code);
    expect(
      (await write(admin, 'operator/save', { mcc: '460', mnc: '97', countryCode: 'QQ', name: 'x', nameEn: 'x' })).code,
    ).toBe(Errors.REF_COUNTRY_UNKNOWN.code);
    await expect.poll(async () => (await ref.operatorOf('46098'))?.name).toBe('测试网络');

    const [mobile] = (await page(admin, 'operator/page', { keyword: '46000' })).data.records;
    const renamed = await write(admin, 'operator/update', {
      id: mobile.id,
      version: mobile.version,
      countryCode: 'CN',
      name: '中国移动',
      nameEn: 'China Mobile',
      brand: mobile.brand,
      status: 'active',
    });
    expect(renamed.code).toBe(0);
    const byCodes = await page(admin, 'operator/page', { mcc: '460', mnc: '00' });
    expect(byCodes.data.records.map((r: { mccmnc: string }) => r.mccmnc)).toEqual(['46000']);
    const english = await t.app.inject({
      method: 'POST',
      url: `${REF}/operator/page`,
      headers: { ...bearer(admin), 'accept-language': 'en' },
      payload: { country: 'CN', keyword: 'china mobile' },
    });
    expect(english.json().data.records[0]).toMatchObject({ mccmnc: '46000', displayName: 'China Mobile' });
    const timeline = await t.app.inject({ url: `${REF}/operator/timeline?id=${mobile.id}`, headers: bearer(admin) });
    expect(timeline.json().data.records[0].changes).toContainEqual(
      expect.objectContaining({ field: 'name', to: '中国移动' }),
    );
    expect(
      (await write(admin, 'operator/update', { id: mobile.id, version: mobile.version + 1, status: 'merged' })).code,
    ).toBe(Errors.REF_OPERATOR_MERGE_BY_COMMAND.code);
    const stale = await write(admin, 'operator/update', { ...mobile, countryCode: 'CN', status: 'active', name: 'x' });
    expect(stale.code).toBe(Errors.CONFLICT.code);

    expect((await write(admin, 'operator/merge', { id: added.data.id, intoId: added.data.id })).code).toBe(
      Errors.REF_OPERATOR_MERGE_SELF.code,
    );
    expect((await write(admin, 'operator/merge', { id: added.data.id, intoId: mobile.id })).code).toBe(0);
    await expect.poll(async () => (await ref.operatorOf('46098'))?.mccmnc).toBe('46000');
    expect(await ref.operatorOf('46098')).toMatchObject({ name: '中国移动', reportedAs: '46098' });
    expect((await ref.operatorsOfCountry('CN')).map((o) => o.mccmnc)).not.toContain('46098');
    const merged = (await page(admin, 'operator/page', { keyword: '46098' })).data.records[0];
    expect(merged).toMatchObject({ status: 'merged', mergedIntoId: mobile.id, mergedIntoName: '46000 China Mobile' });
    const again = await write(admin, 'operator/merge', { id: added.data.id, intoId: mobile.id });
    expect(again.code).toBe(Errors.REF_OPERATOR_MERGED.code);
    const intoMerged = await write(admin, 'operator/merge', { id: mobile.id, intoId: added.data.id });
    expect(intoMerged.code).toBe(Errors.REF_OPERATOR_MERGED.code);
    expect((await write(sales, 'operator/merge', { id: added.data.id, intoId: mobile.id })).code).toBe(
      Errors.NO_PERMISSION.code,
    );
  });

  it('keeps signing entities, banks, accounts and brands, checking every link', async () => {
    const entity = await write(admin, 'entity/save', {
      code: 'HK-01',
      name: '香港讯通有限公司',
      nameEn: 'Xuntong HK Ltd',
      countryCode: 'HK',
      currencyCode: 'USD',
      taxId: '12345678',
    });
    expect(entity.code).toBe(0);
    expect(
      (
        await write(admin, 'entity/save', {
          code: 'HK-01',
          name: 'a',
          nameEn: 'a',
          countryCode: 'HK',
          currencyCode: 'USD',
        })
      ).code,
    ).toBe(Errors.DUPLICATE.code);
    expect(
      (
        await write(admin, 'entity/save', {
          code: 'X-1',
          name: 'a',
          nameEn: 'a',
          countryCode: 'HK',
          currencyCode: 'XAU',
        })
      ).code,
    ).toBe(Errors.REF_CURRENCY_UNKNOWN.code);
    const badBic = await write(admin, 'bank/save', {
      name: '汇丰',
      nameEn: 'HSBC',
      swift: 'HSBCGB2L',
      countryCode: 'HK',
    });
    expect(badBic.code).toBe(Errors.VALIDATION_FAILED.code);
    const bank = await write(admin, 'bank/save', {
      name: '汇丰银行',
      nameEn: 'HSBC Hong Kong',
      swift: 'hsbchkhhhkh',
      countryCode: 'HK',
    });
    expect(bank.code).toBe(0);
    const account = await write(admin, 'bank-account/save', {
      entityId: entity.data.id,
      bankId: bank.data.id,
      accountName: 'Xuntong HK Ltd',
      accountNo: '123 456 789 001',
      currencyCode: 'USD',
    });
    expect(account.code).toBe(0);
    const accounts = await page(admin, 'bank-account/page', { entityId: entity.data.id });
    expect(accounts.data.records[0]).toMatchObject({
      accountNo: '123456789001',
      swift: 'HSBCHKHHHKH',
      entityName: 'Xuntong HK Ltd',
    });
    const brand = await write(admin, 'brand/save', {
      code: 'XT',
      name: '讯通',
      nameEn: 'Xuntong',
      entityId: entity.data.id,
      website: 'https://example.com',
    });
    expect(brand.code).toBe(0);
    expect((await write(admin, 'brand/save', { code: 'XT2', name: 'a', nameEn: 'a', entityId: 999999 })).code).toBe(
      Errors.REFERENCE_INVALID.code,
    );
    await expect.poll(async () => (await reference(t.p).entities()).map((e) => e.code)).toContain('HK-01');

    const [row] = (await page(admin, 'entity/page', { keyword: 'HK-01' })).data.records;
    expect(row).toMatchObject({ accountCount: 1, countryCode: 'HK' });
    const off = await write(admin, 'entity/update', { ...row, enabled: false });
    expect(off.code).toBe(0);
    const late = await write(admin, 'brand/save', { code: 'XT3', name: 'a', nameEn: 'a', entityId: entity.data.id });
    expect(late.code).toBe(Errors.REF_REFERENCE_DISABLED.code);
    await expect.poll(async () => (await reference(t.p).entities()).map((e) => e.code)).not.toContain('HK-01');
    expect((await page(sales, 'entity/page')).code).toBe(Errors.NO_PERMISSION.code);
  });

  it("keeps the messaging platform's currencies and settings consistent", async () => {
    const config = await get(admin, 'uconfig/get');
    expect(config.data).toMatchObject({ baseCurrency: 'USD', rateStaleDays: 7, billingTimeZone: 'UTC' });
    const toEur = { ...config.data, baseCurrency: 'EUR' };
    delete toEur.updatedAt;
    expect((await write(admin, 'uconfig/save', toEur)).code).toBe(Errors.REF_CURRENCY_UNKNOWN.code);
    expect((await write(admin, 'ucurrency/save', { code: 'EUR', platformCode: 'EUR', priceDigits: 5 })).code).toBe(0);
    expect((await write(admin, 'ucurrency/save', { code: 'EUR', platformCode: 'EUR', priceDigits: 5 })).code).toBe(
      Errors.DUPLICATE.code,
    );
    expect((await write(admin, 'ucurrency/save', { code: 'EUR', platformCode: 'EUR', priceDigits: 9 })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await write(admin, 'uconfig/save', { ...toEur, billingTimeZone: 'Mars/Olympus' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await write(admin, 'uconfig/save', { ...toEur, billingTimeZone: 'Asia/Shanghai' })).code).toBe(0);
    await expect.poll(async () => (await reference(t.p).platformConfig()).baseCurrency).toBe('EUR');
    const [eur] = (await page(admin, 'ucurrency/page', { keyword: 'EUR' })).data.records;
    expect(eur).toMatchObject({ code: 'EUR', nameEn: 'Euro', priceDigits: 5 });
    const offBase = await write(admin, 'ucurrency/update', { ...eur, enabled: false });
    expect(offBase.code).toBe(Errors.REF_REFERENCE_DISABLED.code);
  });

  it.runIf(onPostgres)("drops another process's cached rates when a rate changes", async () => {
    const other = await startTestApp({ databaseUrl: t.databaseUrl, seed: false });
    try {
      const theirs = reference(other.p);
      expect((await theirs.rateAt('USD', 'CNY', '2026-04-01')).rate).toBe('7.25');
      expect((await write(admin, 'rate/save', { from: 'USD', to: 'CNY', rate: '7.3', day: '2026-04-01' })).code).toBe(
        0,
      );
      await expect
        .poll(async () => (await theirs.rateAt('USD', 'CNY', '2026-04-01')).rate, { timeout: 5000 })
        .toBe('7.3');
    } finally {
      await other.close();
    }
  });
});
