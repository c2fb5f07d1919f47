import {
  AI_API,
  emptyData,
  envelope,
  kbDocumentRow,
  kbDocumentView,
  kbFileBody,
  kbListQuery,
  Perm,
  pageResult,
  uuidParam,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import { sourceText } from './knowledge/extract.js';
import type { KnowledgeBase } from './knowledge/knowledge-base.js';
import { listDocuments, removeDocument, saveDocument, viewDocument } from './knowledge/store.js';

/** The knowledge-base screen's key (/setModule/ai/knowledge). */
const admin = { perm: Perm.AI_KNOWLEDGE };
const tags = ['ai knowledge'];

const uuidOf = (v: string | undefined) => {
  const u = v?.trim();
  if (!u || !/^[0-9a-f-]{36}$/i.test(u)) throw new AppError('KB_DOC_NOT_FOUND');
  return u;
};

/**
 * Knowledge base: administrators add, replace and remove documents. A document comes from a file
 * uploaded first through the system upload service (POST /v2/sys/staff/file/upload); its text is
 * extracted, chunked and indexed, and the file stays as the document's original. Every AI user
 * reads a document through the view its answers link to.
 */
export async function knowledgeRoutes(app: FastifyInstance, p: Platform, kb: KnowledgeBase) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${AI_API}/knowledge/documents`;
  const files = await filesOf(p);
  /** the original of a replaced or removed document goes once the change has committed */
  const dropFile = async (fileId: string | null) => {
    if (fileId) await files.remove(fileId).catch((err) => p.log.warn({ err, fileId }, 'knowledge file not removed'));
  };

  r.get(
    base,
    {
      schema: {
        tags,
        summary: 'Knowledge documents',
        querystring: kbListQuery,
        response: { 200: envelope(pageResult(kbDocumentRow)) },
      },
      config: { access: admin },
    },
    async (req) => ok(await listDocuments(p.db, req.query)),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Add a document from an uploaded md, txt, docx or pdf file (fileId of the system upload)',
        body: kbFileBody,
        response: { 200: envelope(kbDocumentRow) },
      },
      config: { access: admin },
    },
    async (req) => {
      const source = await sourceText(files, req.body.fileId, req.auth!.userId);
      const { row } = await saveDocument(p.db, req.auth!.userId, source, req.body.title);
      await kb.changed(row.uuid);
      return ok(row);
    },
  );

  r.put(
    `${base}/:uuid`,
    {
      schema: {
        tags,
        summary: 'Replace a document with an uploaded file (fileId of the system upload)',
        params: uuidParam,
        body: kbFileBody,
        response: { 200: envelope(kbDocumentRow) },
      },
      config: { access: admin },
    },
    async (req) => {
      const uuid = uuidOf(req.params.uuid);
      const source = await sourceText(files, req.body.fileId, req.auth!.userId);
      const { row, previousFileId } = await saveDocument(p.db, req.auth!.userId, source, req.body.title, uuid);
      await kb.changed(row.uuid);
      await dropFile(previousFileId);
      return ok(row);
    },
  );

  r.delete(
    `${base}/:uuid`,
    {
      schema: { tags, summary: 'Remove a document', params: uuidParam, response: { 200: envelope(emptyData) } },
      config: { access: admin },
    },
    async (req) => {
      const uuid = uuidOf(req.params.uuid);
      const fileId = await removeDocument(p.db, req.auth!.userId, uuid);
      await kb.changed(uuid);
      await dropFile(fileId);
      return ok(null);
    },
  );

  r.get(
    `${AI_API}/kb/documents/:uuid`,
    {
      schema: {
        tags,
        summary: 'Read a knowledge document (the view AI answers link to), with a download link of its original',
        params: uuidParam,
        response: { 200: envelope(kbDocumentView) },
      },
      config: { access: { perm: Perm.AI_CHAT } },
    },
    async (req) =>
      ok(
        await viewDocument(p.db, uuidOf(req.params.uuid), async (fileId) => {
          const f = await files.find(fileId);
          return f ? files.info(f) : null;
        }),
      ),
  );
}
