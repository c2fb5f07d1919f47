import {
  AI_API,
  emptyData,
  envelope,
  KB_MAX_BYTES,
  kbDocumentRow,
  kbDocumentView,
  kbListQuery,
  kbUploadBody,
  Perm,
  pageResult,
  permOf,
  uuidParam,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import type { Platform } from '../../platform/platform.js';
import type { KnowledgeBase } from './knowledge/knowledge-base.js';
import { listDocuments, removeDocument, saveDocument, viewDocument } from './knowledge/store.js';

/** The knowledge-base screen's key (/setModule/ai/knowledge). */
const admin = { perm: permOf({ path: '/setModule/ai/knowledge' }) };
const tags = ['ai knowledge'];
/** base64 grows a document by a third; the JSON around it is small */
const UPLOAD_BODY_LIMIT = Math.ceil((KB_MAX_BYTES * 4) / 3) + 64 * 1024;

const uuidOf = (v: string | undefined) => {
  const u = v?.trim();
  if (!u || !/^[0-9a-f-]{36}$/i.test(u)) throw new AppError('KB_DOC_NOT_FOUND');
  return u;
};

/**
 * Knowledge base: administrators add, replace and remove documents (chunked and indexed on
 * save); every AI user reads a document through the view its answers link to.
 */
export async function knowledgeRoutes(app: FastifyInstance, p: Platform, kb: KnowledgeBase) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${AI_API}/knowledge/documents`;

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
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Add a document (md, txt; docx and pdf as base64)',
        body: kbUploadBody,
        response: { 200: envelope(kbDocumentRow) },
      },
      config: { access: admin },
    },
    async (req) => {
      const row = await saveDocument(p.db, req.auth!.userId, req.body);
      await kb.changed(row.uuid);
      return ok(row);
    },
  );

  r.put(
    `${base}/:uuid`,
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Replace a document',
        params: uuidParam,
        body: kbUploadBody,
        response: { 200: envelope(kbDocumentRow) },
      },
      config: { access: admin },
    },
    async (req) => {
      const row = await saveDocument(p.db, req.auth!.userId, req.body, uuidOf(req.params.uuid));
      await kb.changed(row.uuid);
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
      await removeDocument(p.db, req.auth!.userId, uuid);
      await kb.changed(uuid);
      return ok(null);
    },
  );

  r.get(
    `${AI_API}/kb/documents/:uuid`,
    {
      schema: {
        tags,
        summary: 'Read a knowledge document (the view AI answers link to)',
        params: uuidParam,
        response: { 200: envelope(kbDocumentView) },
      },
      config: { access: { perm: Perm.AI_CHAT } },
    },
    async (req) => ok(await viewDocument(p.db, uuidOf(req.params.uuid))),
  );
}
