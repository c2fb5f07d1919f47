import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Cell } from './source.js';

/** One XLSX sheet holds 1,048,576 rows: the header plus this many data rows. */
export const SHEET_DATA_ROWS = 1_048_575;
/** Excel's limit on the characters of one cell. */
const CELL_MAX_CHARS = 32_767;
/** Rows are joined into chunks of about this many characters before they are written. */
const CHUNK_CHARS = 256 * 1024;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// & < > must be escaped; control characters other than tab, CR, LF are not allowed in XML 1.0 at all
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids, matched to drop them
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const ESCAPES = /[&<>]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeXml(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(ESCAPES, (c) => ENTITY[c] ?? '');
}

/** A, B, …, Z, AA, … for a 0-based column index. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function stringCell(ref: string, value: string, style: string): string {
  const text = escapeXml(value.length > CELL_MAX_CHARS ? value.slice(0, CELL_MAX_CHARS) : value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

export interface XlsxOptions {
  headers: string[];
  widths?: (number | undefined)[];
  /** data rows per sheet; a new sheet starts after this many */
  sheetRows?: number;
  /** zlib level of the sheet entries (1 = fastest) */
  compressionLevel?: number;
}

/**
 * A streaming XLSX writer: each sheet's XML is produced as text row by row and deflated into the
 * ZIP (yazl) as it is written, with back-pressure from the output all the way to `addRow`, so
 * memory stays flat however many rows are written. Strings are inline (no shared-strings table to
 * hold), one bold style for the header row, which is frozen. See docs/decisions/0014-xlsx-writer.md.
 */
export class XlsxWriter {
  private readonly zip = new ZipFile();
  private readonly letters: string[];
  private readonly perSheet: number;
  private readonly level: number;
  private sheet: PassThrough | undefined;
  private sheets = 0;
  private inSheet = 0;
  private chunk = '';
  private failure: Error | undefined;
  private readonly failed: Promise<never>;

  constructor(
    private readonly out: Writable,
    private readonly opts: XlsxOptions,
  ) {
    this.letters = opts.headers.map((_, i) => columnLetter(i));
    this.perSheet = opts.sheetRows ?? SHEET_DATA_ROWS;
    this.level = opts.compressionLevel ?? 1;
    this.failed = new Promise<never>((_, reject) => {
      const fail = (err: Error) => {
        this.failure ??= err;
        reject(this.failure);
      };
      out.on('error', fail);
      this.zip.outputStream.on('error', fail);
    });
    this.failed.catch(() => {});
    this.zip.outputStream.pipe(out);
  }

  /** Adds one data row; resolves when the writer may take more (back-pressure). */
  async addRow(cells: Cell[]): Promise<void> {
    if (!this.sheet || this.inSheet === this.perSheet) await this.startSheet();
    this.inSheet++;
    const r = this.inSheet + 1;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${this.letters[i] ?? columnLetter(i)}${r}`;
      xml +=
        typeof v === 'number' && Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : stringCell(ref, String(v), '');
    }
    this.chunk += `${xml}</row>`;
    if (this.chunk.length >= CHUNK_CHARS) await this.flush();
  }

  /** Writes the workbook parts and finishes the ZIP; resolves when `out` has finished. */
  async finish(): Promise<void> {
    if (!this.sheet) await this.startSheet();
    await this.endSheet();
    const n = this.sheets;
    const sheetIds = Array.from({ length: n }, (_, i) => i + 1);
    const part = (name: string, xml: string) => this.zip.addBuffer(Buffer.from(XML_HEAD + xml), name);
    part(
      '[Content_Types].xml',
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheetIds.map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    );
    part(
      '_rels/.rels',
      `<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    part(
      'xl/workbook.xml',
      `<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheetIds.map((i) => `<sheet name="Sheet${i}" sheetId="${i}" r:id="rId${i}"/>`).join('')}</sheets></workbook>`,
    );
    part(
      'xl/_rels/workbook.xml.rels',
      `<Relationships xmlns="${PKG_REL_NS}">${sheetIds.map((i) => `<Relationship Id="rId${i}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join('')}<Relationship Id="rId${n + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    );
    part('xl/styles.xml', STYLES);
    const done = new Promise<void>((resolve) => {
      this.out.once('finish', resolve);
      this.out.once('close', resolve);
    });
    this.zip.end();
    await Promise.race([done, this.failed]);
    if (this.failure) throw this.failure;
  }

  /** Stops writing into `out` (the caller discards it). */
  abort(): void {
    this.zip.outputStream.unpipe(this.out);
    this.sheet?.destroy();
  }

  private async startSheet(): Promise<void> {
    if (this.sheet) await this.endSheet();
    this.sheets++;
    this.inSheet = 0;
    this.sheet = new PassThrough({ highWaterMark: 1024 * 1024 });
    this.zip.addReadStream(this.sheet, `xl/worksheets/sheet${this.sheets}.xml`, { compressionLevel: this.level });
    const widths = this.opts.headers
      .map((_, i) => {
        const w = this.opts.widths?.[i] ?? 16;
        return `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`;
      })
      .join('');
    const header = this.opts.headers.map((h, i) => stringCell(`${this.letters[i]}1`, h, ' s="1"')).join('');
    this.chunk =
      `${XML_HEAD}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0">` +
      `<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData><row r="1">${header}</row>`;
  }

  private async endSheet(): Promise<void> {
    this.chunk += '</sheetData></worksheet>';
    await this.flush();
    this.sheet?.end();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    const sheet = this.sheet!;
    const more = sheet.write(this.chunk);
    this.chunk = '';
    if (!more) await Promise.race([once(sheet, 'drain'), this.failed]);
  }
}

const STYLES =
  `<styleSheet xmlns="${NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';
