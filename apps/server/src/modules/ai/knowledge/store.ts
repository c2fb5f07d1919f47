import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KbDocumentRow, KbDocumentView, KbFormat, KbUploadBody, PageResult } from '@portal/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { staffUsers } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/errors.js';
import { aiKbChunks, aiKbDocuments } from '../schema.js';
import { chunkDocument, titleOf } from './chunk.js';
import { extractText } from './extract.js';

/** The markdown documents we write, seeded into the knowledge base (apps/server/knowledge/*.md). */
export const KNOWLEDGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../knowledge');

export interface StoredDocument {
  uuid: string;
  title: string;
  passages: { ord: number; heading: string; text: string }[];
}

async function writeChunks(tx: DbOrTx, documentId: number, body: string, title: string) {
  await tx.delete(aiKbChunks).where(eq(aiKbChunks.documentId, documentId));
  const passages = chunkDocument(body, title);
  if (passages.length) await tx.insert(aiKbChunks).values(passages.map((p) => ({ documentId, ...p })));
  return passages.length;
}

/**
 * Loads the built-in documents: new files are added, files changed since are re-read unless an
 * administrator replaced that document, removed ones stay removed. Returns how many changed.
 */
export async function seedBuiltinDocuments(db: Db, dir = KNOWLEDGE_DIR): Promise<number> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.md')).sort();
  let changed = 0;
  for (const file of files) {
    const body = (await fs.readFile(path.join(dir, file), 'utf8')).trim();
    const slug = file.replace(/\.md$/, '');
    const title = titleOf(body, file);
    const [row] = await db.select().from(aiKbDocuments).where(eq(aiKbDocuments.slug, slug));
    if (row && (row.deletedAt || !row.builtin || row.body === body)) continue;
    await db.transaction(async (tx) => {
      const values = {
        title,
        fileName: file,
        format: 'md',
        body,
        bytes: Buffer.byteLength(body),
        updatedAt: new Date(),
      };
      const [doc] = row
        ? await tx.update(aiKbDocuments).set(values).where(eq(aiKbDocuments.id, row.id)).returning()
        : await tx
            .insert(aiKbDocuments)
            .values({ ...values, uuid: randomUUID(), slug, builtin: true })
            .onConflictDoNothing()
            .returning();
      if (doc) await writeChunks(tx, doc.id, body, title);
    });
    changed++;
  }
  return changed;
}

/** Every live document with its passages (what the search index is built from). */
export async function loadDocuments(db: Db, uuids?: string[]): Promise<StoredDocument[]> {
  const docs = await db
    .select({ id: aiKbDocuments.id, uuid: aiKbDocuments.uuid, title: aiKbDocuments.title })
    .from(aiKbDocuments)
    .where(and(isNull(aiKbDocuments.deletedAt), uuids ? inArray(aiKbDocuments.uuid, uuids) : undefined));
  if (!docs.length) return [];
  const chunks = await db
    .select()
    .from(aiKbChunks)
    .where(
      inArray(
        aiKbChunks.documentId,
        docs.map((d) => d.id),
      ),
    )
    .orderBy(asc(aiKbChunks.documentId), asc(aiKbChunks.ord));
  const byDoc = new Map<number, StoredDocument['passages']>();
  for (const c of chunks) byDoc.set(c.documentId, [...(byDoc.get(c.documentId) ?? []), c]);
  return docs.map((d) => ({ uuid: d.uuid, title: d.title, passages: byDoc.get(d.id) ?? [] }));
}

const rowOf = (d: typeof aiKbDocuments.$inferSelect, chunks: number, updatedBy: string | null): KbDocumentRow => ({
  uuid: d.uuid,
  title: d.title,
  fileName: d.fileName,
  format: d.format as KbFormat,
  bytes: d.bytes,
  chunks,
  builtin: d.builtin,
  updatedAt: d.updatedAt.toISOString(),
  updatedBy,
});

export async function listDocuments(
  db: Db,
  q: { page: number; size: number; keyword?: string | undefined },
): Promise<PageResult<KbDocumentRow>> {
  const where = and(
    isNull(aiKbDocuments.deletedAt),
    q.keyword
      ? or(ilike(aiKbDocuments.title, `%${q.keyword}%`), ilike(aiKbDocuments.fileName, `%${q.keyword}%`))
      : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(aiKbDocuments).where(where);
  const rows = await db
    .select({ doc: aiKbDocuments, chunks: count(aiKbChunks.id), updatedBy: staffUsers.name })
    .from(aiKbDocuments)
    .leftJoin(aiKbChunks, eq(aiKbChunks.documentId, aiKbDocuments.id))
    .leftJoin(staffUsers, eq(staffUsers.id, aiKbDocuments.updatedBy))
    .where(where)
    .groupBy(aiKbDocuments.id, staffUsers.name)
    .orderBy(desc(aiKbDocuments.updatedAt), desc(aiKbDocuments.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { records: rows.map((r) => rowOf(r.doc, r.chunks, r.updatedBy)), total, page: q.page, size: q.size };
}

async function liveDocument(db: DbOrTx, uuid: string) {
  const [doc] = await db
    .select()
    .from(aiKbDocuments)
    .where(and(eq(aiKbDocuments.uuid, uuid), isNull(aiKbDocuments.deletedAt)));
  if (!doc) throw new AppError('KB_DOC_NOT_FOUND');
  return doc;
}

export async function viewDocument(db: Db, uuid: string): Promise<KbDocumentView> {
  const doc = await liveDocument(db, uuid);
  return {
    uuid: doc.uuid,
    title: doc.title,
    format: doc.format as KbFormat,
    body: doc.body,
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Adds a document, or replaces one when `uuid` is given; chunked in the same transaction. */
export async function saveDocument(
  db: Db,
  userId: number,
  upload: KbUploadBody,
  uuid?: string,
): Promise<KbDocumentRow> {
  const { format, body, bytes } = await extractText(upload);
  const title =
    upload.title ?? (format === 'md' ? titleOf(body, upload.fileName) : upload.fileName.replace(/\.[^.]+$/, ''));
  return db.transaction(async (tx) => {
    const values = { title, fileName: upload.fileName, format, body, bytes, updatedBy: userId, updatedAt: new Date() };
    const [doc] = uuid
      ? await tx
          .update(aiKbDocuments)
          .set({ ...values, builtin: false })
          .where(eq(aiKbDocuments.id, (await liveDocument(tx, uuid)).id))
          .returning()
      : await tx
          .insert(aiKbDocuments)
          .values({ ...values, uuid: randomUUID() })
          .returning();
    const chunks = await writeChunks(tx, doc!.id, body, title);
    return rowOf(doc!, chunks, null);
  });
}

export async function removeDocument(db: Db, userId: number, uuid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const doc = await liveDocument(tx, uuid);
    await tx.delete(aiKbChunks).where(eq(aiKbChunks.documentId, doc.id));
    await tx
      .update(aiKbDocuments)
      .set({ deletedAt: new Date(), updatedBy: userId, updatedAt: new Date() })
      .where(eq(aiKbDocuments.id, doc.id));
  });
}
