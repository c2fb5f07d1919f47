import {
  AI_API,
  aiConversation,
  chatFeedbackBody,
  chatPage,
  chatSseBody,
  commonQuestion,
  commonQuestionsQuery,
  createConversationBody,
  createdConversation,
  cursorQuery,
  emptyData,
  envelope,
  feedbackTag,
  likeTypeParam,
  Perm,
  pageQuery,
  pageResult,
  stopBody,
  stopResult,
  topBody,
  uuidParam,
} from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import { type ChatDeps, conversationForChat, runChat } from './chat.service.js';
import {
  chatHistory,
  createConversation,
  deleteConversation,
  listConversations,
  setTop,
} from './conversations.service.js';
import { feedbackTags, submitFeedback } from './feedback.service.js';
import { randomQuestions } from './reference-data.js';
import { aiChats } from './schema.js';

const access = { perm: Perm.AI_CHAT };
const tags = ['ai'];

/** Spec 7 "AI (/v2/ai/api)": sessions, history, feedback, suggested questions and the answer stream. */
export async function aiRoutes(app: FastifyInstance, p: Platform, deps: ChatDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (req: { auth?: { userId: number } | null }) => req.auth!.userId;

  r.get(
    `${AI_API}/common-questions/random`,
    {
      schema: {
        tags,
        summary: 'Suggested questions',
        querystring: commonQuestionsQuery,
        response: { 200: envelope(z.array(commonQuestion)) },
      },
      config: { access },
    },
    async (req) => ok(await randomQuestions(p.db, localeOf(req.headers), req.query.limit, req.query.currentType)),
  );

  r.post(
    `${AI_API}/conversations`,
    {
      schema: {
        tags,
        summary: 'Start a conversation',
        body: createConversationBody,
        response: { 200: envelope(createdConversation) },
      },
      config: { access },
    },
    async (req) => ok(await createConversation(p.db, me(req), req.body.initialQuestion)),
  );

  r.get(
    `${AI_API}/conversations`,
    {
      schema: {
        tags,
        summary: 'My conversations, pinned first',
        querystring: pageQuery,
        response: { 200: envelope(pageResult(aiConversation)) },
      },
      config: { access },
    },
    async (req) => ok(await listConversations(p.db, me(req), req.query)),
  );

  // the uuid-less paths exist so a missing uuid gets the spec's clear error, not "no such route"
  for (const path of [`${AI_API}/conversations/:uuid/detail/cursor`, `${AI_API}/conversations/detail/cursor`]) {
    r.get(
      path,
      {
        schema: {
          tags,
          summary: 'A page of history, older than lastChatId',
          params: uuidParam,
          querystring: cursorQuery,
          response: { 200: envelope(chatPage) },
        },
        config: { access },
      },
      async (req) => ok(await chatHistory(p.db, me(req), req.params.uuid, req.query)),
    );
  }
  for (const path of [`${AI_API}/conversations/:uuid/top`, `${AI_API}/conversations/top`]) {
    r.put(
      path,
      {
        schema: {
          tags,
          summary: 'Pin or unpin (toggles without isTop)',
          params: uuidParam,
          body: topBody,
          response: { 200: envelope(aiConversation) },
        },
        config: { access },
      },
      async (req) => ok(await setTop(p.db, me(req), req.params.uuid, req.body?.isTop)),
    );
  }
  for (const path of [`${AI_API}/conversations/:uuid`, `${AI_API}/conversations/`]) {
    r.delete(
      path,
      {
        schema: {
          tags,
          summary: 'Delete a conversation and its chats',
          params: uuidParam,
          response: { 200: envelope(emptyData) },
        },
        config: { access },
      },
      async (req) => {
        await deleteConversation(p.db, me(req), req.params.uuid);
        return ok(null);
      },
    );
  }

  for (const path of [`${AI_API}/feedback-tags/type/:likeType`, `${AI_API}/feedback-tags/type/`]) {
    r.get(
      path,
      {
        schema: {
          tags,
          summary: 'Tags of a like (LIKE) or dislike (DISLIKE)',
          params: likeTypeParam,
          response: { 200: envelope(z.array(feedbackTag)) },
        },
        config: { access },
      },
      async (req) => ok(await feedbackTags(p.db, req.params.likeType, localeOf(req.headers))),
    );
  }

  r.post(
    `${AI_API}/chat-user-feedbacks`,
    {
      schema: {
        tags,
        summary: 'Like (with tags) or dislike (with feedback) an answer',
        body: chatFeedbackBody,
        response: { 200: envelope(emptyData) },
      },
      config: { access },
    },
    async (req) => {
      await submitFeedback(p.db, me(req), req.body);
      return ok(null);
    },
  );

  r.post(
    `${AI_API}/chat/stop`,
    {
      schema: {
        tags,
        summary: 'Stop an answer being written; the partial answer is kept',
        body: stopBody,
        response: { 200: envelope(stopResult) },
      },
      config: { access },
    },
    async (req) => {
      const [chat] = await p.db
        .select({ status: aiChats.status })
        .from(aiChats)
        .where(and(eq(aiChats.uuid, req.body.chatUuid), eq(aiChats.userId, me(req))));
      if (!chat) throw new AppError('AI_CHAT_NOT_FOUND');
      if (chat.status !== 'streaming') return ok({ stopped: false });
      await deps.active.stop(req.body.chatUuid);
      return ok({ stopped: true });
    },
  );

  r.post(
    `${AI_API}/chat/sse`,
    {
      schema: {
        tags,
        summary: 'Ask: answers an event stream (init, message…, kbdocs, guessQuestions)',
        body: chatSseBody,
      },
      config: { access, audit: false },
    },
    async (req, reply) => {
      const conversation = await conversationForChat(p.db, req.auth!, req.body);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
      });
      const gone = new AbortController();
      res.on('close', () => {
        if (!res.writableEnded) gone.abort();
      });
      const send = (event: string, data: unknown) => {
        if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      try {
        await runChat(deps, req.auth!, conversation, req.body.content, send, gone.signal);
      } catch (err) {
        req.log.error({ err }, 'AI chat stream failed');
      } finally {
        res.end();
      }
    },
  );
}
