import { Errors, type Locale } from '@portal/contracts';
import type { PreviewRow } from '@portal/contracts/quotation';
import {
  AI_QUOTE_REQUIRED,
  type AiQuoteMapping,
  type AiQuoteRead,
  aiQuoteMapping,
} from '@portal/contracts/quotation/ai-quote';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/context.js';
import { AppError } from '../../../platform/http/errors.js';
import type { Platform } from '../../../platform/platform.js';
import { channelRefs } from '../../srm/index.js';
import { previewPriceList } from '../import.js';
import { commitGuarded } from '../routes.js';
import { qmAiQuoteRuns } from '../schema.js';
import { userInScope } from '../scope.js';
import { findHeader, guessMapping } from './guess.js';
import { modelMapping, modelSettings } from './model.js';
import { canonicalCsv, readGrid } from './sheet.js';

export interface ReadInput {
  channelId: number;
  product: 'sms' | 'voice';
  category?: 'otp' | 'ai' | undefined;
  runId?: number | undefined;
  mapping?: string | undefined;
  currency?: string | undefined;
  source: { kind: 'file' | 'mail'; name: string; mailId?: number | undefined };
  buffer: Buffer;
}

const MAX_REASONS = 50;

/** A run the caller may act on: theirs, or in their data scope; still a draft when `open`. */
async function runOf(p: Platform, auth: AuthContext, id: number, open: boolean) {
  const [run] = await p.db.select().from(qmAiQuoteRuns).where(eq(qmAiQuoteRuns.id, id));
  if (!run || !(await userInScope(p.db, auth, run.userId)))
    throw new AppError('QM_AI_QUOTE_NOT_FOUND', { vars: { value: `#${id}` } });
  if (open && run.outcome !== 'draft') throw new AppError('QM_AI_QUOTE_CLOSED', { vars: { value: run.outcome } });
  return run;
}

function parseMapping(text: string, width: number): AiQuoteMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', { detail: 'mapping' });
  }
  const parsed = aiQuoteMapping.safeParse(json);
  if (!parsed.success || Object.values(parsed.data).some((c) => c !== null && c >= width))
    throw new AppError('VALIDATION_FAILED', { detail: 'mapping' });
  return parsed.data as AiQuoteMapping;
}

/**
 * Reads a supplier's price list into a draft supplier quote (decision 0112): the header line (title
 * rows above it skipped), the column mapping (the staff's edit, else the configured model's, else the
 * rules'), then the sheet's rows in the import's own shape through `previewPriceList` — the same
 * checks, the same new / increase / decrease / removed / invalid. Every read is logged (a re-read
 * updates its run).
 */
export async function readVendorQuote(p: Platform, auth: AuthContext, input: ReadInput, locale: Locale) {
  const [channel] = await channelRefs(p.db, [input.channelId]);
  if (!channel) throw new AppError('QM_BOOK_UNKNOWN', { vars: { value: `#${input.channelId}` } });
  const earlier = input.runId ? await runOf(p, auth, input.runId, true) : null;
  const grid = await readGrid(input.buffer);
  const h = findHeader(grid);
  const header = grid[h] ?? [];
  const body = grid
    .slice(h + 1)
    .map((cells, i) => ({ line: h + i + 2, cells }))
    .filter((r) => r.cells.some((c) => c.trim() !== ''));
  const sample = body.slice(0, 8).map((r) => r.cells);
  const required = AI_QUOTE_REQUIRED[input.product];
  let mapping: AiQuoteMapping;
  let mappedBy: AiQuoteRead['mappedBy'];
  let modelNote: string | null = null;
  if (input.mapping) {
    mapping = parseMapping(input.mapping, header.length);
    mappedBy = 'staff';
  } else {
    mapping = guessMapping(header, sample, input.product);
    mappedBy = 'rules';
    if (modelSettings()) {
      const asked = await modelMapping(header, sample, input.product, Object.keys(mapping));
      if ('mapping' in asked) {
        mapping = { ...mapping, ...asked.mapping };
        mappedBy = 'model';
      } else modelNote = asked.note;
    }
  }
  const missing = required.filter((f) => mapping[f] === null || mapping[f] === undefined);
  if (!body.length || missing.length === required.length)
    throw new AppError('QM_AI_QUOTE_NO_COLUMNS', {
      vars: { columns: (missing.length ? missing : required).join(', ') },
    });
  const now = p.clock.now();
  const { csv, lines } = canonicalCsv(header, body, mapping, input.product, {
    currency: input.currency ?? null,
    day: now.toISOString().slice(0, 10),
  });
  // a required column not mapped: every row is not understood, with the import's own reason
  const preview = await previewPriceList(p.db, channel.id, input.product, csv, locale, now, input.category).catch(
    (err: unknown) => {
      if (err instanceof AppError && err.def.code === Errors.IMPORT_HEADER_MISSING.code)
        throw new AppError('QM_AI_QUOTE_NO_COLUMNS', { vars: { columns: missing.join(', ') } });
      throw err;
    },
  );
  // the import numbers a CSV's lines from its header; the log and the screen speak of the sheet's lines
  preview.errors = preview.errors.map((e) => ({ ...e, row: lines[e.row - 2] ?? e.row }));
  const notUnderstood = new Set(preview.errors.map((e) => e.row)).size;
  const mappingText = Object.entries(mapping)
    .filter(([, c]) => c !== null && c !== undefined)
    .map(([f, c]) => `${f} ← ${header[c as number] || `#${(c as number) + 1}`}`)
    .join('; ');
  const values = {
    channelId: channel.id,
    channelCode: channel.code,
    product: input.product,
    category: input.category ?? '',
    sourceKind: input.source.kind,
    source: input.source.name.slice(0, 200),
    mailId: input.source.mailId ?? null,
    mappedBy,
    mapping: mapping as Record<string, number | null>,
    mappingText,
    headerRow: h + 1,
    rowsRead: body.length,
    rowsUnderstood: preview.rows.length,
    rowsNotUnderstood: notUnderstood,
    reasons: preview.errors
      .slice(0, MAX_REASONS)
      .map((e) => `${e.row} ${e.field}: ${e.message}`)
      .join('\n'),
  };
  const [run] = earlier
    ? await p.db.update(qmAiQuoteRuns).set(values).where(eq(qmAiQuoteRuns.id, earlier.id)).returning()
    : await p.db
        .insert(qmAiQuoteRuns)
        .values({ ...values, userId: auth.userId, createdAt: now })
        .returning();
  return {
    runId: run!.id,
    headerRow: h + 1,
    headers: header,
    sample,
    mapping,
    mappedBy,
    modelConfigured: modelSettings() !== null,
    modelNote,
    rowsRead: body.length,
    rowsUnderstood: preview.rows.length,
    preview,
  } satisfies AiQuoteRead;
}

/** Saves a draft run's previewed rows through the import's guarded commit (decision 0103), then logs how. */
export async function saveVendorQuote(
  p: Platform,
  auth: AuthContext,
  id: number,
  b: { rows: PreviewRow[]; closeRemoved: boolean },
) {
  const run = await runOf(p, auth, id, true);
  const res = await commitGuarded(p, auth, {
    channelId: run.channelId,
    product: run.product as 'sms' | 'voice',
    ...(run.category ? { category: run.category as 'otp' | 'ai' } : {}),
    rows: b.rows,
    closeRemoved: b.closeRemoved,
  });
  await p.db
    .update(qmAiQuoteRuns)
    .set({
      outcome: 'saved',
      savedCount: res.saved,
      heldCount: res.held,
      requestId: res.requestId,
      decidedAt: p.clock.now(),
    })
    .where(eq(qmAiQuoteRuns.id, run.id));
  return { ...res, runId: run.id };
}

export async function discardVendorQuote(p: Platform, auth: AuthContext, id: number) {
  const run = await runOf(p, auth, id, true);
  await p.db
    .update(qmAiQuoteRuns)
    .set({ outcome: 'discarded', decidedAt: p.clock.now() })
    .where(eq(qmAiQuoteRuns.id, run.id));
  return { runId: run.id };
}
