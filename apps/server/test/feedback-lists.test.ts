import { afterAll, beforeAll } from 'vitest';
import { feedbackList, myFeedbackList } from '../src/modules/feedback/lists.js';
import { feedbackQuestions, feedbacks } from '../src/modules/feedback/schema.js';
import { startTestApp, type TestApp } from './harness.js';
import { describeResource, type ResourceCase } from './support/describe-resource.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t?.close());

const firstQuestion = async (x: TestApp) =>
  (await x.p.db.select({ id: feedbackQuestions.id }).from(feedbackQuestions).orderBy(feedbackQuestions.id))[0]!.id;
let n = 0;
/** Feedback is sent through commitFeedback (screenshots, checks): the suite's records are written directly. */
const ownedRecord: ResourceCase['ownedRecord'] = async (x, userId) => {
  const [row] = await x.p.db
    .insert(feedbacks)
    .values({ userId, questionId: await firstQuestion(x), content: `conformance feedback ${++n}` })
    .returning({ id: feedbacks.id });
  return row!.id;
};

describeResource(feedbackList, {
  app: () => t,
  filters: {
    status: 'pending',
    questionId: firstQuestion,
    keyword: 'CONFORMANCE',
    sent: ['2020-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'],
  },
  ownedRecord,
});

describeResource(myFeedbackList, { app: () => t, filters: { status: 'pending' }, ownedRecord });
