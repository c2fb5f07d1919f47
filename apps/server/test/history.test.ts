import { Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendRecordEvents, timelinePage } from '../src/platform/history/service.js';
import { AppError } from '../src/platform/http/errors.js';
import { startTestApp, type TestApp } from './harness.js';

describe('record history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const allPages = async (
    entity: string,
    recordId: string | number,
    limit: number,
    kinds?: ('comment' | 'state')[],
  ) => {
    const ids: number[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await timelinePage(t.p.db, { entity, recordId, cursor, limit, kinds });
      expect(page.records.length).toBeLessThanOrEqual(limit);
      ids.push(...page.records.map((r) => r.id));
      if (!page.nextCursor) return ids;
      cursor = page.nextCursor;
    }
    throw new Error('paging did not end');
  };

  it('appends inside the caller transaction: a rolled-back change leaves no event', async () => {
    await t.p.db
      .transaction(async (tx) => {
        await appendRecordEvents(
          tx,
          [{ entity: 'test.rollback', recordId: 1, actorId: null, kind: 'created' }],
          t.p.clock,
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await timelinePage(t.p.db, { entity: 'test.rollback', recordId: 1, limit: 10 })).records).toEqual([]);

    await t.p.db.transaction((tx) =>
      appendRecordEvents(
        tx,
        [
          {
            entity: 'test.thing',
            recordId: 7,
            actorId: 1,
            kind: 'updated',
            changes: [{ field: 'name', from: 'a', to: 'b' }],
          },
          {
            entity: 'test.thing',
            recordId: '7',
            actorId: null,
            kind: 'comment',
            body: 'hello',
            data: { mentions: [] },
          },
        ],
        t.p.clock,
      ),
    );
    const page = await timelinePage(t.p.db, { entity: 'test.thing', recordId: '7', limit: 10 });
    expect(page.nextCursor).toBeNull();
    // same transaction, same timestamp: the later insert comes first
    expect(page.records.map((r) => r.kind)).toEqual(['comment', 'updated']);
    expect(page.records[1]).toMatchObject({
      actorId: 1,
      changes: [{ field: 'name', from: 'a', to: 'b' }],
      body: null,
      data: null,
    });
    expect(page.records[0]).toMatchObject({ actorId: null, actorName: null, body: 'hello', data: { mentions: [] } });
    expect(Number.isNaN(Date.parse(page.records[0]!.at))).toBe(false);
    // another record of the same entity and the same record id of another entity stay apart
    expect((await timelinePage(t.p.db, { entity: 'test.thing', recordId: 8, limit: 10 })).records).toEqual([]);
    expect((await timelinePage(t.p.db, { entity: 'test.other', recordId: 7, limit: 10 })).records).toEqual([]);
  });

  it('pages by keyset with no duplicates or gaps, also across many equal timestamps', async () => {
    const entity = 'test.paged';
    // 23 events in one transaction share one timestamp; 9 more come one transaction each
    await t.p.db.transaction((tx) =>
      appendRecordEvents(
        tx,
        Array.from({ length: 23 }, (_, i) => ({
          entity,
          recordId: 1,
          actorId: null,
          kind: i % 2 ? ('comment' as const) : ('state' as const),
          body: `bulk ${i}`,
        })),
        t.p.clock,
      ),
    );
    for (let i = 0; i < 9; i++) {
      await t.p.db.transaction((tx) =>
        appendRecordEvents(
          tx,
          [{ entity, recordId: 1, actorId: null, kind: 'comment', body: `single ${i}` }],
          t.p.clock,
        ),
      );
    }
    const everything = (await timelinePage(t.p.db, { entity, recordId: 1, limit: 100 })).records;
    expect(everything).toHaveLength(32);
    const expected = everything.map((r) => r.id);
    // newest first: timestamps never rise, and within one timestamp ids fall
    for (let i = 1; i < everything.length; i++) {
      const [a, b] = [everything[i - 1]!, everything[i]!];
      expect(Date.parse(a.at) >= Date.parse(b.at)).toBe(true);
      if (a.at === b.at) expect(a.id).toBeGreaterThan(b.id);
    }
    for (const limit of [1, 5, 7, 23, 31, 32]) expect(await allPages(entity, 1, limit)).toEqual(expected);

    const comments = everything.filter((r) => r.kind === 'comment').map((r) => r.id);
    expect(await allPages(entity, 1, 4, ['comment'])).toEqual(comments);

    // events added after the first page do not shift the pages that follow
    const first = await timelinePage(t.p.db, { entity, recordId: 1, limit: 10 });
    await t.p.db.transaction((tx) =>
      appendRecordEvents(tx, [{ entity, recordId: 1, actorId: null, kind: 'comment' }], t.p.clock),
    );
    const second = await timelinePage(t.p.db, { entity, recordId: 1, limit: 10, cursor: first.nextCursor! });
    expect(second.records.map((r) => r.id)).toEqual(expected.slice(10, 20));
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['nonsense', Buffer.from('2026-01-01|1').toString('base64url'), '']) {
      const err = await timelinePage(t.p.db, {
        entity: 'test.paged',
        recordId: 1,
        limit: 5,
        cursor: cursor || 'x',
      }).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).def).toBe(Errors.HISTORY_CURSOR_INVALID);
    }
  });
});
