import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Cell } from './source.js';
import { writeRows } from './writer.js';
import { columnLetter, escapeXml } from './xlsx.js';

async function xlsxOf(rows: Cell[][], headers: string[], sheetRows?: number): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c) => chunks.push(c));
  async function* gen() {
    yield* rows;
  }
  await writeRows(gen(), out, { format: 'xlsx', headers, widths: [30], sheetRows });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

describe('XLSX writer', () => {
  it('keeps text as text and numbers as numbers, escaping what XML cannot hold', async () => {
    const wb = await xlsxOf(
      [
        ['a & b <c> "d"', 42, 3.25, '007', '  padded  ', '中文客户', 'bell\u0007gone', null, '', -1],
        ['=SUM(A1)', Number.NaN, 0, 'x'.repeat(40_000)],
      ],
      ['文本', 'n1', 'n2', 'code', 'pad', 'cn', 'ctrl', 'null', 'empty', 'neg'],
    );
    const ws = wb.worksheets[0]!;
    const row = ws.getRow(2);
    expect(row.getCell(1).value).toBe('a & b <c> "d"');
    expect(row.getCell(2).value).toBe(42);
    expect(row.getCell(3).value).toBe(3.25);
    expect(row.getCell(4).value).toBe('007');
    expect(row.getCell(5).value).toBe('  padded  ');
    expect(row.getCell(6).value).toBe('中文客户');
    expect(row.getCell(7).value).toBe('bellgone');
    expect(row.getCell(8).value).toBeNull();
    expect(row.getCell(9).value).toBeNull();
    expect(row.getCell(10).value).toBe(-1);
    const second = ws.getRow(3);
    // an inline string is never a formula
    expect(second.getCell(1).value).toBe('=SUM(A1)');
    expect(second.getCell(2).value).toBe('NaN');
    expect(second.getCell(3).value).toBe(0);
    expect(String(second.getCell(4).value)).toHaveLength(32_767);
  });

  it('writes a bold, frozen header row with the given column widths', async () => {
    const wb = await xlsxOf([['r1']], ['名称', 'b']);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Sheet1');
    expect(ws.getRow(1).getCell(1).value).toBe('名称');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getColumn(1).width).toBe(30);
    expect(ws.getColumn(2).width).toBe(16);
  });

  it('writes an empty export as a header-only sheet', async () => {
    const wb = await xlsxOf([], ['a', 'b']);
    expect(wb.worksheets).toHaveLength(1);
    expect(wb.worksheets[0]!.rowCount).toBe(1);
  });

  it('stops pulling rows while the output does not drain (back-pressure), and goes on when it does', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield [pulled, `row ${pulled} with some text to fill the sheet`, 'another column'] as Cell[];
      }
    }
    // an output that accepts writes but never calls back until released
    const held: (() => void)[] = [];
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(_chunk, _enc, cb) {
        held.push(cb);
      },
    });
    const done = writeRows(endless(), out, { format: 'xlsx', headers: ['n', 'text', 'more'] });
    done.catch(() => {});
    await new Promise((r) => setTimeout(r, 1500));
    const stalledAt = pulled;
    await new Promise((r) => setTimeout(r, 500));
    expect(pulled).toBe(stalledAt);
    // the rows in flight are bounded by the buffers (≈ 1 MB of XML), not by the rows on offer
    expect(stalledAt).toBeLessThan(60_000);
    held.shift()?.();
    out.destroy(new Error('gone'));
    await expect(done).rejects.toThrow('gone');
  });

  it('fails when the output fails', async () => {
    const out = new Writable({
      write(_chunk, _enc, cb) {
        cb(new Error('disk full'));
      },
    });
    async function* rows() {
      for (let i = 0; i < 100_000; i++) yield [i, 'text'] as Cell[];
    }
    await expect(writeRows(rows(), out, { format: 'xlsx', headers: ['n', 't'] })).rejects.toThrow('disk full');
  });

  it('names columns past Z and escapes only what it must', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
    expect(escapeXml('plain')).toBe('plain');
    expect(escapeXml('a<b>&\u0000c')).toBe('a&lt;b&gt;&amp;c');
  });
});
