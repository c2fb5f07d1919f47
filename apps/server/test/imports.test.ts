import { Errors, IDEMPOTENCE_HEADER } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

/** The platform import service, through the approval form field import mounted on it. */
describe('XLSX import (preview, then commit all or none)', () => {
  let t: TestApp;
  let admin: Tokens;
  let sales: Tokens;
  let formId: number;
  const P = '/v2/workflow/form';
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, DEMO.admin);
    sales = await signIn(t.app, DEMO.sales01);
    const form = await command(admin, `${P}/save`, { name: 'Import target', code: 'import_target' });
    if (form.code !== 0) throw new Error(JSON.stringify(form));
    formId = form.data.id;
  });
  afterAll(() => t.close());

  async function command(who: Tokens, url: string, payload: object) {
    const issued = await t.app.inject({ url: '/v2/sys/staff/common/request/idempotence', headers: bearer(who) });
    const key = issued.json().data.key as string;
    return (
      await t.app.inject({ method: 'POST', url, headers: { ...bearer(who), [IDEMPOTENCE_HEADER]: key }, payload })
    ).json();
  }

  async function sheet(rows: (string | number)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('fields');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  async function preview(who: Tokens, file: Buffer, lang?: string) {
    const boundary = '----import';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return (
      await t.app.inject({
        method: 'POST',
        url: `${P}/field/import/view`,
        headers: {
          ...bearer(who),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(lang ? { 'x-lang': lang } : {}),
        },
        payload,
      })
    ).json();
  }

  const fields = async () =>
    (
      await t.app.inject({ method: 'POST', url: `${P}/field/queryPage`, headers: bearer(admin), payload: { formId } })
    ).json().data.total as number;

  it('lists good rows parsed and bad rows with row number, column and reason; Chinese headers map too', async () => {
    const file = await sheet([
      ['字段标识', '名称', '类型', '必填', '选项'],
      ['amount', '金额', 'money', '是', ''],
      ['Bad Key', '坏', 'text', '', ''],
      ['kind', '类型', 'nonsense', '', ''],
      ['', '', '', '', ''],
      ['amount', '重复', 'text', '', ''],
      ['pick', '选择', 'select', 'N', 'a:甲;b'],
    ]);
    const view = await preview(admin, file);
    expect(view.code, JSON.stringify(view)).toBe(0);
    expect(view.data.rows).toMatchObject([
      { key: 'amount', label: '金额', labelEn: '金额', type: 'money', required: true, sort: 1 },
      {
        key: 'pick',
        required: false,
        options: [
          { value: 'a', label: '甲' },
          { value: 'b', label: 'b' },
        ],
      },
    ]);
    expect(view.data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:key',
      '4:type',
      '6:key',
    ]);
    expect(view.data.errors.every((e: { message: string }) => e.message.length > 0)).toBe(true);
    expect(await fields()).toBe(0);
  });

  it("gives each bad row's reason as a catalogue code, in the caller's language", async () => {
    const file = await sheet([
      ['key', 'label', 'type', 'sort'],
      ['Bad Key', 'A', 'text', 1],
      ['kind', 'B', 'nonsense', 2],
      ['long', 'x'.repeat(80), 'text', 3],
      ['count', '', 'text', 4],
      ['kind2', 'D', 'text', 5],
      ['kind2', 'E', 'text', 6],
    ]);
    const reasons = async (lang: string) =>
      ((await preview(admin, file, lang)).data.errors as { row: number; code: number; message: string }[]).map((e) => [
        e.row,
        e.code,
        e.message,
      ]);
    const { IMPORT_CELL_FORMAT, IMPORT_CELL_CHOICE, IMPORT_CELL_TOO_LONG, IMPORT_CELL_REQUIRED, IMPORT_ROW_REPEATED } =
      Errors;
    const codes = [
      IMPORT_CELL_FORMAT.code,
      IMPORT_CELL_CHOICE.code,
      IMPORT_CELL_TOO_LONG.code,
      IMPORT_CELL_TOO_LONG.code,
      IMPORT_CELL_REQUIRED.code,
      IMPORT_CELL_REQUIRED.code,
      IMPORT_ROW_REPEATED.code,
    ];
    const zh = await reasons('zh-CN');
    const en = await reasons('en');
    expect(zh.map((e) => e[1])).toEqual(codes);
    expect(en.map((e) => e[1])).toEqual(codes);
    expect(zh.map((e) => e[0])).toEqual([2, 3, 4, 4, 5, 5, 7]);
    expect(zh[0]![2]).toBe(IMPORT_CELL_FORMAT.zh);
    expect(en[0]![2]).toBe(IMPORT_CELL_FORMAT.en);
    expect(zh[1]![2]).toMatch(/^只能是以下之一：.*money/);
    expect(en[2]![2]).toBe('At most 64 characters');
    expect(zh[4]![2]).toBe(IMPORT_CELL_REQUIRED.zh);
    expect(en[6]![2]).toBe('Repeats kind2 of an earlier row');
    expect(zh[6]![2]).toBe('与前面的行重复：kind2');
  });

  it('refuses a file that is no workbook, lacks a required column, or has too many rows', async () => {
    expect((await preview(admin, Buffer.from('key,type\nx,text\n'))).code).toBe(Errors.IMPORT_NOT_XLSX.code);
    const noType = await preview(
      admin,
      await sheet([
        ['key', 'label'],
        ['a', 'A'],
      ]),
    );
    expect(noType.code).toBe(Errors.IMPORT_HEADER_MISSING.code);
    expect(noType.msg).toContain('type');
    const many = [['key', 'type'], ...Array.from({ length: 201 }, (_, i) => [`f${i}`, 'text'])];
    expect((await preview(admin, await sheet(many))).code).toBe(Errors.IMPORT_TOO_MANY_ROWS.code);
    expect((await preview(sales, await sheet([['key', 'type']]))).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('commits all rows in one go, or none when any is refused', async () => {
    const good = [
      { key: 'a1', label: 'A1', labelEn: 'A1', type: 'text', required: false, options: [], sort: 1 },
      { key: 'a2', label: 'A2', labelEn: 'A2', type: 'number', required: true, options: [], sort: 2 },
    ];
    const bad = { ...good[1], type: 'nonsense' };
    expect((await command(admin, `${P}/field/import/${formId}`, { rows: [good[0], bad] })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await command(admin, `${P}/field/import/${formId}`, { rows: [good[0], good[0]] })).code).toBe(
      Errors.DUPLICATE.code,
    );
    expect((await command(admin, `${P}/field/import/${formId}`, { rows: [] })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await command(admin, `${P}/field/import/999999`, { rows: good })).code).toBe(Errors.NOT_FOUND.code);
    expect((await command(sales, `${P}/field/import/${formId}`, { rows: good })).code).toBe(Errors.NO_PERMISSION.code);
    expect(await fields()).toBe(0);
    const saved = await command(admin, `${P}/field/import/${formId}`, { rows: good });
    expect(saved.code).toBe(0);
    expect(saved.data.map((f: { key: string }) => f.key)).toEqual(['a1', 'a2']);
    // importing again updates by key instead of adding
    const again = await command(admin, `${P}/field/import/${formId}`, { rows: [{ ...good[0], label: 'A1 new' }] });
    expect(again.data.find((f: { key: string }) => f.key === 'a1').label).toBe('A1 new');
    expect(await fields()).toBe(2);
  });
});
