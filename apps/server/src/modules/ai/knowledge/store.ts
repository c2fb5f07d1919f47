import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileInfo, KbDocumentRow, KbDocumentView, KbFormat, PageResult } from '@portal/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/index.js';
import { containsPattern } from '../../../platform/db/like.js';
import { staffUsers } from '../../../platform/db/schema.js';
import { AppError } from '../../../platform/http/errors.js';
import { SERVER_ROOT } from '../../../platform/paths.js';
import { aiKbChunks, aiKbDocuments } from '../schema.js';
import { chunkDocument, titleOf } from './chunk.js';
import type { SourceText } from './extract.js';

/** The markdown documents we write, seeded into the knowledge base (apps/server/knowledge/*.md). */
export const KNOWLEDGE_DIR = path.join(SERVER_ROOT, 'knowledge');

export interface StoredDocument {
  uuid: string;
  title: string;
  revision: number;
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
 * administrator replaced that document, removed ones stay removed. Returns the uuids that changed.
 */
export async function seedBuiltinDocuments(db: Db, dir = KNOWLEDGE_DIR): Promise<string[]> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.md')).sort();
  const changed: string[] = [];
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
        ? await tx
            .update(aiKbDocuments)
            .set({ ...values, revision: sql`${aiKbDocuments.revision} + 1` })
            .where(eq(aiKbDocuments.id, row.id))
            .returning()
        : await tx
            .insert(aiKbDocuments)
            .values({ ...values, uuid: randomUUID(), slug, builtin: true })
            .onConflictDoNothing()
            .returning();
      if (doc) {
        await writeChunks(tx, doc.id, body, title);
        changed.push(doc.uuid);
      }
    });
  }
  return changed;
}

/** uuid → revision of every live document (what an index is compared against). */
export async function documentRevisions(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ uuid: aiKbDocuments.uuid, revision: aiKbDocuments.revision })
    .from(aiKbDocuments)
    .where(isNull(aiKbDocuments.deletedAt));
  return new Map(rows.map((r) => [r.uuid, r.revision]));
}

/** Every live document with its passages (what the search index is built from). */
export async function loadDocuments(db: Db, uuids?: string[]): Promise<StoredDocument[]> {
  const docs = await db
    .select({
      id: aiKbDocuments.id,
      uuid: aiKbDocuments.uuid,
      title: aiKbDocuments.title,
      revision: aiKbDocuments.revision,
    })
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
  for (const c of chunks) {
    const list = byDoc.get(c.documentId);
    const passage = { ord: c.ord, heading: c.heading, text: c.text };
    if (list) list.push(passage);
    else byDoc.set(c.documentId, [passage]);
  }
  return docs.map((d) => ({ uuid: d.uuid, title: d.title, revision: d.revision, passages: byDoc.get(d.id) ?? [] }));
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
      ? or(
          ilike(aiKbDocuments.title, containsPattern(q.keyword)),
          ilike(aiKbDocuments.fileName, containsPattern(q.keyword)),
        )
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

export async function viewDocument(
  db: Db,
  uuid: string,
  original: (fileId: string) => Promise<FileInfo | null>,
): Promise<KbDocumentView> {
  const doc = await liveDocument(db, uuid);
  return {
    uuid: doc.uuid,
    title: doc.title,
    format: doc.format as KbFormat,
    body: doc.body,
    updatedAt: doc.updatedAt.toISOString(),
    file: doc.fileId ? await original(doc.fileId) : null,
  };
}

/**
 * Adds a document from an uploaded file's text, or replaces one when `uuid` is given; chunked in
 * the same transaction. A file is the original of one document at most. Answers the row and the
 * file the replaced version came from (for the caller to delete once this has committed).
 */
export async function saveDocument(
  db: Db,
  userId: number,
  source: SourceText,
  title: string | undefined,
  uuid?: string,
): Promise<{ row: KbDocumentRow; previousFileId: string | null }> {
  const { fileId, fileName, format, body, bytes } = source;
  const docTitle = title ?? (format === 'md' ? titleOf(body, fileName) : fileName.replace(/\.[^.]+$/, ''));
  try {
    return await db.transaction(async (tx) => {
      const current = uuid ? await liveDocument(tx, uuid) : null;
      const [other] = await tx
        .select({ id: aiKbDocuments.id })
        .from(aiKbDocuments)
        .where(and(eq(aiKbDocuments.fileId, fileId), current ? ne(aiKbDocuments.id, current.id) : undefined));
      if (other) throw new AppError('KB_FILE_IN_USE');
      const values = {
        title: docTitle,
        fileName,
        format,
        body,
        bytes,
        fileId,
        updatedBy: userId,
        updatedAt: new Date(),
      };
      const [doc] = current
        ? await tx
            .update(aiKbDocuments)
            .set({ ...values, builtin: false, revision: sql`${aiKbDocuments.revision} + 1` })
            .where(eq(aiKbDocuments.id, current.id))
            .returning()
        : await tx
            .insert(aiKbDocuments)
            .values({ ...values, uuid: randomUUID() })
            .returning();
      const chunks = await writeChunks(tx, doc!.id, body, docTitle);
      const previousFileId = current?.fileId && current.fileId !== fileId ? current.fileId : null;
      return { row: rowOf(doc!, chunks, null), previousFileId };
    });
  } catch (err) {
    // two requests made documents of one file at the same moment: the unique index refused one
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505') throw new AppError('KB_FILE_IN_USE');
    throw err;
  }
}

/** Removes a document (its row stays, marked deleted); answers the file of its original, if any. */
export async function removeDocument(db: Db, userId: number, uuid: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const doc = await liveDocument(tx, uuid);
    await tx.delete(aiKbChunks).where(eq(aiKbChunks.documentId, doc.id));
    await tx
      .update(aiKbDocuments)
      .set({
        deletedAt: new Date(),
        fileId: null,
        revision: sql`${aiKbDocuments.revision} + 1`,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(eq(aiKbDocuments.id, doc.id));
    return doc.fileId;
  });
}
