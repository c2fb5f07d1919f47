import {
  commitFeedbackBody,
  commitScoreBody,
  dismissScoreBody,
  emptyData,
  envelope,
  feedbackCloseBody,
  feedbackCount,
  feedbackDetail as feedbackDetailSchema,
  feedbackIdQuery,
  feedbackQuestion,
  feedbackReplyBody,
  feedbackTips,
  feedbackTipsBody,
  hasFeedback as hasFeedbackSchema,
  needScore,
  needScoreQuery,
  Perm,
  pageQuery,
  pageResult,
  popupConfigBody,
  popupConfigDeleteBody,
  popupConfigRow,
  questionListUpdateBody,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filesOf } from '../../platform/files/service.js';
import { ok } from '../../platform/http/envelope.js';
import { templated } from '../../platform/i18n/message-templates.js';
import type { Platform } from '../../platform/platform.js';
import { mountResource } from '../../platform/resource/index.js';
import {
  deletePopupConfig,
  popupConfigPage,
  questionList,
  savePopupConfig,
  saveTips,
  tipsOf,
  updateQuestions,
} from './config.service.js';
import {
  closeFeedback,
  commitFeedback,
  countPending,
  countUnseenReplies,
  feedbackDetail,
  hasFeedback,
  replyToFeedback,
} from './feedback.service.js';
import { feedbackList, myFeedbackList, publishFeedbackChanged } from './lists.js';
import './messages.js';
import { commitScore, dismissScore, needScoreOf } from './scores.service.js';

const F = '/v2/sys/staff/feedback';
const authed = { access: 'authenticated' as const };
const manage = { access: { perm: Perm.FEEDBACK_MANAGE } };
const configure = { access: { perm: Perm.FEEDBACK_CONFIG } };
const MY_FEEDBACK_PATH = '/csc/feedbackmanagement/feedback';

export async function feedbackRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];

  r.get(
    `${F}/needScore`,
    {
      schema: {
        tags,
        summary: 'Should this menu item ask me for a rating?',
        querystring: needScoreQuery,
        response: { 200: envelope(needScore) },
      },
      config: authed,
    },
    async (req) => ok(await needScoreOf(p.db, req.auth!.userId, req.query.resourceId)),
  );

  r.post(
    `${F}/commitScore`,
    {
      schema: { tags, summary: 'Rate a menu item', body: commitScoreBody, response: { 200: envelope(emptyData) } },
      config: authed,
    },
    async (req) => {
      await commitScore(p.db, req.auth!.userId, req.body);
      return ok(null);
    },
  );

  r.post(
    `${F}/dismissScore`,
    {
      schema: {
        tags,
        summary: 'Close the rating question without rating (not asked again within its period)',
        body: dismissScoreBody,
        response: { 200: envelope(emptyData) },
      },
      config: authed,
    },
    async (req) => {
      await dismissScore(p.db, req.auth!.userId, req.body.resourceId);
      return ok(null);
    },
  );

  // ---- settings: types, tips, popup triggers
  r.get(
    `${F}/questionList`,
    {
      schema: {
        tags,
        summary: 'Feedback types (enabled ones; all with all=1 for settings)',
        querystring: z.object({ all: z.enum(['0', '1']).default('0') }),
        response: { 200: envelope(z.array(feedbackQuestion)) },
      },
      config: authed,
    },
    async (req) => {
      const all = req.query.all === '1' && req.auth!.perms.has(Perm.FEEDBACK_CONFIG);
      return ok(await questionList(p.db, !all));
    },
  );

  r.post(
    `${F}/questionList/update`,
    {
      schema: {
        tags,
        summary: 'Replace the feedback types',
        body: questionListUpdateBody,
        response: { 200: envelope(z.array(feedbackQuestion)) },
      },
      config: { ...configure, checkRepeat: true },
    },
    async (req) => ok(await updateQuestions(p.db, req.body.questions)),
  );

  r.get(
    `${F}/feedbackConfig/tips`,
    {
      schema: { tags, summary: 'Hint text of the feedback dialog', response: { 200: envelope(feedbackTips) } },
      config: authed,
    },
    async () => ok({ tips: await tipsOf(p.db) }),
  );

  r.post(
    `${F}/feedbackConfig/tips/update`,
    {
      schema: {
        tags,
        summary: 'Change the hint text',
        body: feedbackTipsBody,
        response: { 200: envelope(feedbackTips) },
      },
      config: configure,
    },
    async (req) => {
      await saveTips(p.db, req.auth!.userId, req.body.tips);
      return ok({ tips: req.body.tips });
    },
  );

  r.post(
    `${F}/feedbackPopupConfig`,
    {
      schema: {
        tags,
        summary: 'Menu items that ask for a rating (paged)',
        body: pageQuery,
        response: { 200: envelope(pageResult(popupConfigRow)) },
      },
      config: { ...configure, audit: false },
    },
    async (req) => ok(await popupConfigPage(p.db, req.body)),
  );

  r.post(
    `${F}/feedbackPopupConfig/save`,
    {
      schema: {
        tags,
        summary: 'Set the rating popup of a menu item',
        body: popupConfigBody,
        response: { 200: envelope(emptyData) },
      },
      config: configure,
    },
    async (req) => {
      await savePopupConfig(p.db, req.body);
      return ok(null);
    },
  );

  r.post(
    `${F}/feedbackPopupConfig/delete`,
    {
      schema: {
        tags,
        summary: 'Stop asking a menu item for ratings',
        body: popupConfigDeleteBody,
        response: { 200: envelope(emptyData) },
      },
      config: configure,
    },
    async (req) => {
      await deletePopupConfig(p.db, req.body.resourceId);
      return ok(null);
    },
  );

  // ---- the user's side
  r.post(
    `${F}/commitFeedback`,
    {
      schema: {
        tags,
        summary: 'Send feedback (up to 3 screenshots: file ids of POST /v2/sys/staff/file/upload)',
        body: commitFeedbackBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { ...authed, checkRepeat: true },
    },
    async (req) => {
      const created = await commitFeedback(p.db, req.auth!.userId, req.body);
      await publishFeedbackChanged(p.bus, created.id);
      return ok(created);
    },
  );

  r.get(
    `${F}/countResponeFeedback`,
    {
      schema: {
        tags,
        summary: 'My feedback with a reply I have not opened',
        response: { 200: envelope(feedbackCount) },
      },
      config: authed,
    },
    async (req) => ok({ count: await countUnseenReplies(p.db, req.auth!.userId) }),
  );

  r.get(
    `${F}/checkUserHasFeedback`,
    {
      schema: { tags, summary: 'Have I ever sent feedback?', response: { 200: envelope(hasFeedbackSchema) } },
      config: authed,
    },
    async (req) => ok({ has: await hasFeedback(p.db, req.auth!.userId) }),
  );

  r.get(
    `${F}/getFeedbackDetail`,
    {
      schema: {
        tags,
        summary: 'One feedback with screenshots and replies',
        querystring: feedbackIdQuery,
        response: { 200: envelope(feedbackDetailSchema) },
      },
      config: authed,
    },
    async (req) => ok(await feedbackDetail(p.db, await filesOf(p), req.query.id, req.auth!)),
  );

  // ---- management: the list is the resource's page and export
  await mountResource(app, p, feedbackList);
  await mountResource(app, p, myFeedbackList);

  r.get(
    `${F}/countUnReply`,
    {
      schema: { tags, summary: 'Feedback waiting for an answer', response: { 200: envelope(feedbackCount) } },
      config: manage,
    },
    async () => ok({ count: await countPending(p.db) }),
  );

  r.post(
    `${F}/feedbackReply`,
    {
      schema: {
        tags,
        summary: 'Answer a feedback (the author is told live)',
        body: feedbackReplyBody,
        response: { 200: envelope(emptyData) },
      },
      config: { ...manage, checkRepeat: true },
    },
    async (req) => {
      const { authorId } = await replyToFeedback(p.db, req.auth!.userId, req.body);
      await publishFeedbackChanged(p.bus, req.body.id);
      await p.notifier.send({
        userIds: [authorId],
        type: 'feedback',
        ...templated('feedback.replied', { reply: req.body.content }),
        link: `${MY_FEEDBACK_PATH}?id=${req.body.id}`,
        source: { kind: 'feedback', id: String(req.body.id) },
        msgType: 1,
      });
      return ok(null);
    },
  );

  r.post(
    `${F}/feedbackClose`,
    {
      schema: { tags, summary: 'Close a feedback', body: feedbackCloseBody, response: { 200: envelope(emptyData) } },
      config: manage,
    },
    async (req) => {
      await closeFeedback(p.db, req.body.id);
      await publishFeedbackChanged(p.bus, req.body.id);
      return ok(null);
    },
  );
}
