import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_API, Errors } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trafficModule } from '../src/modules/traffic/index.js';
import { definePorts } from '../src/platform/ports.js';
import { bearer, DEMO, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

interface SseEvent {
  event: string;
  data: unknown;
}
const parseSse = (text: string): SseEvent[] =>
  text
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { event, data: JSON.parse(data) };
    });
const answerOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'message')
    .map((e) => (e.data as { content: string }).content)
    .join('');

describe('AI assistant API', () => {
  let t: TestApp & { url: string };
  let admin: Tokens;
  let sales: Tokens;
  let finance: Tokens;
  let ops: Tokens;
  beforeAll(async () => {
    process.env.AI_EMBEDDED_PAUSE_MS = '15';
    t = await startTestApp({ listen: true });
    delete process.env.AI_EMBEDDED_PAUSE_MS;
    [admin, sales, finance, ops] = await Promise.all([
      signIn(t.app, DEMO.admin),
      signIn(t.app, DEMO.sales01),
      signIn(t.app, DEMO.finance01),
      signIn(t.app, DEMO.ops01),
    ]);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tok: Tokens, payload?: object) =>
    t.app
      .inject({
        method,
        url: `${AI_API}${url}`,
        headers: { ...bearer(tok), 'accept-language': 'zh-CN' },
        ...(payload ? { payload } : {}),
      })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const ask = async (tok: Tokens, conversationUuid: string, content: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AI_API}/chat/sse`,
      headers: bearer(tok),
      payload: { stream: true, content, conversationUuid },
    });
    expect(res.headers['content-type']).toContain('text/event-stream');
    return parseSse(res.body);
  };
  const newConversation = async (tok: Tokens, q: string) => {
    const res = await call('POST', '/conversations', tok, { initialQuestion: q });
    expect(res.code).toBe(0);
    return res.data.uuid as string;
  };

  it('answers a module question from the knowledge base: init, pieces, source document, three follow-ups', async () => {
    const q = 'SIM 卡池端口离线如何排查？';
    const conv = await newConversation(sales, q);
    const events = await ask(sales, conv, q);
    expect(events[0]).toMatchObject({ event: 'init', data: { conversationUuid: conv } });
    const chatUuid = (events[0]!.data as { chatUuid: string }).chatUuid;
    const messages = events.filter((e) => e.event === 'message');
    expect(messages.length).toBeGreaterThan(3);
    for (const m of messages) expect(m.data).toMatchObject({ conversationUuid: conv, chatUuid });
    const answer = answerOf(events);
    expect(answer).toContain('端口管理');
    expect(answer).toContain('IMEI');
    const docs = events
      .filter((e) => e.event === 'kbdocs')
      .map((e) => e.data as { document_name: string; reference_url: string });
    expect(docs[0]!.document_name).toBe('故障处理：SIM 卡池端口离线 / Fault: SIM bank port offline');
    expect(docs[0]!.reference_url).toMatch(/^\/setModule\/ai\/knowledge\/doc\?uuid=[0-9a-f-]{36}&name=/);
    const guesses = events.find((e) => e.event === 'guessQuestions')!.data as string[];
    expect(guesses).toHaveLength(3);
    expect(guesses).not.toContain(q);
    expect(events.at(-1)!.event).toBe('guessQuestions');

    // the history keeps it, and the linked document opens
    const page = await call('GET', `/conversations/${conv}/detail/cursor?limit=10`, sales);
    expect(page.data.hasMore).toBe(false);
    expect(page.data.chats).toHaveLength(1);
    expect(page.data.chats[0]).toMatchObject({
      uuid: chatUuid,
      userQuery: q,
      aiResponse: answer,
      status: 'done',
      like: null,
      guessQuestions: guesses,
    });
    expect(page.data.chats[0].kbDocuments[0].documentUrl).toBe(docs[0]!.reference_url);
    const docUuid = new URL(docs[0]!.reference_url, 'http://x').searchParams.get('uuid');
    const doc = await call('GET', `/kb/documents/${docUuid}`, sales);
    expect(doc.data.body).toContain('# 故障处理：SIM 卡池端口离线');
  });

  it('answers English questions in English from the English passages', async () => {
    const q = 'What should I do when an SMS was sent but not delivered?';
    const events = await ask(finance, await newConversation(finance, q), q);
    const answer = answerOf(events);
    expect(answer).toMatch(/^From the knowledge base document/);
    expect(answer).toContain('SMS send records');
    expect(answer).not.toMatch(/\p{Script=Han}{4}/u);
    const guesses = events.find((e) => e.event === 'guessQuestions')!.data as string[];
    for (const g of guesses) expect(g).not.toMatch(/\p{Script=Han}/u);
  });

  it('data tools say the figures are not available yet and invent no numbers', async () => {
    const q = '查询我本月的业绩';
    // without the traffic room's port the tool has no figures to give
    definePorts({ traffic: undefined });
    try {
      const events = await ask(finance, await newConversation(finance, q), q);
      const answer = answerOf(events);
      expect(answer).toContain('暂时没有您本月的数据');
      expect(answer).not.toMatch(/\d/);
      expect(events.filter((e) => e.event === 'kbdocs')).toHaveLength(0);
    } finally {
      definePorts(trafficModule.ports!);
    }
    // the purchasing manager holds no screen showing performance figures: no figure, and none promised
    const buyer = await signIn(t.app, { username: 'purchasemgr', password: 'Purchase#2026' });
    const refused = answerOf(await ask(buyer, await newConversation(buyer, q), q));
    expect(refused).toContain('没有可以查看业绩或利润报表的权限');

    const q2 = 'What was the profit of customer Acme Telecom last month?';
    const a2 = answerOf(await ask(sales, await newConversation(sales, q2), q2));
    expect(a2).toContain('I found no customer "Acme Telecom"');
    expect(a2).not.toMatch(/\d/);
  });

  it('says so when the knowledge base has nothing on the question', async () => {
    const q = '今天食堂吃什么';
    const events = await ask(sales, await newConversation(sales, q), q);
    expect(answerOf(events)).toContain('知识库中没有找到');
    expect(events.filter((e) => e.event === 'kbdocs')).toHaveLength(0);
  });

  it('stop in the middle of a stream aborts the answer and keeps the partial text', async () => {
    const q = 'How do I troubleshoot an offline SIM bank port?';
    const conv = await newConversation(admin, q);
    const res = await fetch(`${t.url}${AI_API}/chat/sse`, {
      method: 'POST',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, content: q, conversationUuid: conv }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // read until init and a few pieces have arrived
    while (parseSse(text.slice(0, text.lastIndexOf('\n\n') + 2)).filter((e) => e.event === 'message').length < 3) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before it could be stopped');
      text += decoder.decode(value, { stream: true });
    }
    const chatUuid = (parseSse(text)[0]!.data as { chatUuid: string }).chatUuid;
    // someone else cannot stop it
    expect((await call('POST', '/chat/stop', sales, { chatUuid })).code).toBe(Errors.AI_CHAT_NOT_FOUND.code);
    const stop = await call('POST', '/chat/stop', admin, { chatUuid });
    expect(stop).toMatchObject({ code: 0, data: { stopped: true } });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    const events = parseSse(text);
    expect(events.some((e) => e.event === 'guessQuestions')).toBe(false);
    const partial = answerOf(events);
    const chat = (await call('GET', `/conversations/${conv}/detail/cursor`, admin)).data.chats[0];
    expect(chat.status).toBe('stopped');
    expect(chat.aiResponse).toBe(partial);
    expect(partial.length).toBeGreaterThan(0);
    // the whole answer is much longer than what was kept
    const full = answerOf(await ask(admin, conv, q));
    expect(full.startsWith(partial)).toBe(true);
    expect(full.length).toBeGreaterThan(partial.length);
    // stopping a finished chat changes nothing
    expect((await call('POST', '/chat/stop', admin, { chatUuid })).data.stopped).toBe(false);
  });

  it('lists, pins, unpins and deletes only the own conversations', async () => {
    const a = await newConversation(finance, '汇率在哪里设置？');
    const b = await newConversation(finance, '客户退款流程');
    let list = (await call('GET', '/conversations', finance)).data;
    expect(list.records.map((c: { uuid: string }) => c.uuid).slice(0, 2)).toEqual([b, a]);
    const pinned = await call('PUT', `/conversations/${a}/top`, finance, { isTop: true });
    expect(pinned.data).toMatchObject({ uuid: a, isTop: true });
    list = (await call('GET', '/conversations', finance)).data;
    expect(list.records[0]).toMatchObject({ uuid: a, isTop: true, title: '汇率在哪里设置？' });
    // no body toggles
    expect((await call('PUT', `/conversations/${a}/top`, finance)).data.isTop).toBe(false);

    // someone else's conversation does not exist for sales01
    expect((await call('PUT', `/conversations/${a}/top`, sales, { isTop: true })).code).toBe(
      Errors.AI_CONVERSATION_NOT_FOUND.code,
    );
    expect((await call('DELETE', `/conversations/${a}`, sales)).code).toBe(Errors.AI_CONVERSATION_NOT_FOUND.code);
    expect((await call('GET', `/conversations/${a}/detail/cursor`, sales)).code).toBe(
      Errors.AI_CONVERSATION_NOT_FOUND.code,
    );
    const sse = await t.app.inject({
      method: 'POST',
      url: `${AI_API}/chat/sse`,
      headers: bearer(sales),
      payload: { stream: true, content: 'hello', conversationUuid: a },
    });
    expect(sse.json().code).toBe(Errors.AI_CONVERSATION_NOT_FOUND.code);
    expect(
      (await call('GET', '/conversations', sales)).data.records.map((c: { uuid: string }) => c.uuid),
    ).not.toContain(a);

    expect((await call('DELETE', `/conversations/${a}`, finance)).code).toBe(0);
    expect((await call('GET', `/conversations/${a}/detail/cursor`, finance)).code).toBe(
      Errors.AI_CONVERSATION_NOT_FOUND.code,
    );
    expect(
      (await call('GET', '/conversations', finance)).data.records.map((c: { uuid: string }) => c.uuid),
    ).not.toContain(a);
  });

  it('pages back through history with lastChatId until no more remains', async () => {
    const conv = await newConversation(sales, 'q0');
    for (let i = 0; i < 12; i++) await ask(sales, conv, `怎么新建客户 ${i}`);
    const first = (await call('GET', `/conversations/${conv}/detail/cursor?limit=10`, sales)).data;
    expect(first.chats).toHaveLength(10);
    expect(first.hasMore).toBe(true);
    expect(first.chats.at(-1).userQuery).toBe('怎么新建客户 11');
    const older = (
      await call('GET', `/conversations/${conv}/detail/cursor?limit=10&lastChatId=${first.chats[0].id}`, sales)
    ).data;
    expect(older.chats.map((c: { userQuery: string }) => c.userQuery)).toEqual(['怎么新建客户 0', '怎么新建客户 1']);
    expect(older.hasMore).toBe(false);
  });

  it('likes with tags and dislikes with feedback on own answers', async () => {
    const q = '怎么配置告警规则和告警组？';
    const conv = await newConversation(sales, q);
    const chatUuid = ((await ask(sales, conv, q))[0]!.data as { chatUuid: string }).chatUuid;
    const likeTags = await call('GET', '/feedback-tags/type/LIKE', sales);
    expect(likeTags.data.map((x: { tagName: string }) => x.tagName)).toContain('回答准确');
    const en = await t.app.inject({
      url: `${AI_API}/feedback-tags/type/DISLIKE`,
      headers: { ...bearer(sales), 'accept-language': 'en' },
    });
    expect(en.json().data.map((x: { tagName: string }) => x.tagName)).toContain('Off topic');

    expect((await call('POST', '/chat-user-feedbacks', sales, { like: 1, chatUuid })).code).toBe(
      Errors.AI_TAG_REQUIRED.code,
    );
    expect((await call('POST', '/chat-user-feedbacks', sales, { like: 1, tag: ' , ', chatUuid })).code).toBe(
      Errors.AI_TAG_REQUIRED.code,
    );
    expect(
      (await call('POST', '/chat-user-feedbacks', sales, { like: 1, tag: '回答准确,步骤清晰', chatUuid })).code,
    ).toBe(0);
    let chat = (await call('GET', `/conversations/${conv}/detail/cursor`, sales)).data.chats[0];
    expect(chat.like).toBe(1);
    expect(
      (await call('POST', '/chat-user-feedbacks', sales, { like: 0, content: '少了告警恢复的说明', chatUuid })).code,
    ).toBe(0);
    chat = (await call('GET', `/conversations/${conv}/detail/cursor`, sales)).data.chats[0];
    expect(chat.like).toBe(0);
    // not on someone else's answer
    expect((await call('POST', '/chat-user-feedbacks', finance, { like: 0, chatUuid })).code).toBe(
      Errors.AI_CHAT_NOT_FOUND.code,
    );
  });

  it('suggests three questions from the managed list, of the current type first', async () => {
    const res = await call('GET', '/common-questions/random?limit=3&currentType=crm', sales);
    expect(res.data).toHaveLength(3);
    expect(res.data[0].type).toBe('crm');
    for (const q of res.data) expect(['crm', 'general']).toContain(q.type);
    const en = await t.app.inject({
      url: `${AI_API}/common-questions/random`,
      headers: { ...bearer(sales), 'accept-language': 'en' },
    });
    expect(en.json().data).toHaveLength(3);
    for (const q of en.json().data) expect(q.question).not.toMatch(/\p{Script=Han}/u);
  });

  it('refuses bad input with clear codes', async () => {
    const conv = await newConversation(sales, 'x');
    // missing or malformed uuid for top, delete and detail
    for (const [m, url] of [
      ['PUT', '/conversations//top'],
      ['PUT', '/conversations/top'],
      ['PUT', '/conversations/undefined/top'],
      ['DELETE', '/conversations/'],
      ['DELETE', '/conversations/not-a-uuid'],
      ['GET', '/conversations//detail/cursor'],
      ['GET', '/conversations/detail/cursor'],
    ] as const) {
      const r = await call(m, url, sales);
      expect(r.code, `${m} ${url}`).toBe(Errors.AI_UUID_REQUIRED.code);
      expect(r.status).toBe(400);
    }
    // missing or unknown like type
    expect((await call('GET', '/feedback-tags/type/', sales)).code).toBe(Errors.AI_LIKE_TYPE_REQUIRED.code);
    expect((await call('GET', '/feedback-tags/type/MAYBE', sales)).code).toBe(Errors.AI_LIKE_TYPE_UNKNOWN.code);
    // blank and too long content, for the stream and a new session
    const sse = (payload: object) =>
      t.app
        .inject({ method: 'POST', url: `${AI_API}/chat/sse`, headers: bearer(sales), payload })
        .then((r) => r.json());
    expect((await sse({ stream: true, content: '   ', conversationUuid: conv })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await sse({ stream: true, content: 'a'.repeat(101), conversationUuid: conv })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await sse({ stream: true, content: 'ok' })).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await call('POST', '/conversations', sales, { initialQuestion: ' \n ' })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await call('POST', '/conversations', sales, { initialQuestion: '问'.repeat(101) })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    expect((await call('POST', '/conversations', sales, { initialQuestion: '问'.repeat(100) })).code).toBe(0);
    expect((await call('POST', '/chat/stop', sales, {})).code).toBe(Errors.VALIDATION_FAILED.code);
    expect((await call('POST', '/chat-user-feedbacks', sales, { like: 2, chatUuid: conv })).code).toBe(
      Errors.VALIDATION_FAILED.code,
    );
    // nothing was written by the refused questions
    expect((await call('GET', `/conversations/${conv}/detail/cursor`, sales)).data.chats).toHaveLength(0);
  });

  it('refuses every call to a user without the AI key, and the knowledge admin calls to non-admins', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const aiCalls: [string, string, object?][] = [
      ['GET', '/common-questions/random'],
      ['POST', '/conversations', { initialQuestion: 'hi' }],
      ['GET', '/conversations'],
      ['GET', `/conversations/${uuid}/detail/cursor`],
      ['PUT', `/conversations/${uuid}/top`, {}],
      ['DELETE', `/conversations/${uuid}`],
      ['GET', '/feedback-tags/type/LIKE'],
      ['POST', '/chat-user-feedbacks', { like: 0, chatUuid: uuid }],
      ['POST', '/chat/stop', { chatUuid: uuid }],
      ['POST', '/chat/sse', { stream: true, content: 'hi', conversationUuid: uuid }],
      ['GET', `/kb/documents/${uuid}`],
    ];
    for (const [m, url, body] of aiCalls) {
      const r = await call(m as 'GET', url, ops, body);
      expect(r.code, `${m} ${url}`).toBe(Errors.NO_PERMISSION.code);
    }
    const adminCalls: [string, string, object?][] = [
      ['GET', '/knowledge/documents'],
      ['POST', '/knowledge/documents', { fileId: uuid }],
      ['PUT', `/knowledge/documents/${uuid}`, { fileId: uuid }],
      ['DELETE', `/knowledge/documents/${uuid}`],
    ];
    for (const who of [sales, ops])
      for (const [m, url, body] of adminCalls)
        expect((await call(m as 'GET', url, who, body)).code, `${m} ${url}`).toBe(Errors.NO_PERMISSION.code);
    // the routes list: every AI route declares a permission key
    const aiRoutes = t.app.routesList.filter((r) => r.url.startsWith(AI_API));
    expect(aiRoutes.length).toBeGreaterThan(10);
    for (const r of aiRoutes) expect(r.access, r.url).toHaveProperty('perm');
  });
});

describe('AI assistant with an OpenAI-compatible model', () => {
  let model: http.Server;
  let seen: {
    body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
    auth?: string;
  }[];
  let closedEarly: number;
  let mode: 'ok' | 'slow' | 'fail' = 'ok';
  let t: TestApp & { url: string };
  let sales: Tokens;

  beforeAll(async () => {
    seen = [];
    closedEarly = 0;
    // a small server speaking the streaming chat-completions protocol
    model = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', async () => {
        seen.push({ body: JSON.parse(raw), ...(req.headers.authorization ? { auth: req.headers.authorization } : {}) });
        if (mode === 'fail') return res.writeHead(500).end('overloaded');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.on('close', () => {
          if (!res.writableEnded) closedEarly++;
        });
        const words =
          mode === 'slow' ? Array.from({ length: 200 }, (_, i) => `w${i} `) : ['端口', '离线时', '先看', '心跳。'];
        for (const w of words) {
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: w } }] })}\n\n`);
          await new Promise((r) => setTimeout(r, mode === 'slow' ? 20 : 1));
        }
        res.write('data: [DONE]\n\n');
        res.end();
      });
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    process.env.AI_BASE_URL = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
    process.env.AI_API_KEY = 'test-key';
    process.env.AI_MODEL = 'company-llm';
    t = await startTestApp({ listen: true });
    delete process.env.AI_BASE_URL;
    delete process.env.AI_API_KEY;
    delete process.env.AI_MODEL;
    sales = await signIn(t.app, DEMO.sales01);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => model?.close(r));
  });

  const newConversation = async (q: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${AI_API}/conversations`,
        headers: bearer(sales),
        payload: { initialQuestion: q },
      })
    ).json().data.uuid as string;

  it('streams the model answer, given the retrieved passages as context, with sources and follow-ups', async () => {
    const q = 'SIM 卡池端口离线如何排查？';
    const conv = await newConversation(q);
    const res = await t.app.inject({
      method: 'POST',
      url: `${AI_API}/chat/sse`,
      headers: bearer(sales),
      payload: { stream: true, content: q, conversationUuid: conv },
    });
    const events = parseSse(res.body);
    expect(answerOf(events)).toBe('端口离线时先看心跳。');
    expect(events.filter((e) => e.event === 'message')).toHaveLength(4);
    expect(events.find((e) => e.event === 'kbdocs')!.data).toMatchObject({
      document_name: '故障处理：SIM 卡池端口离线 / Fault: SIM bank port offline',
    });
    expect((events.find((e) => e.event === 'guessQuestions')!.data as string[]).length).toBe(3);
    const req = seen.at(-1)!;
    expect(req.auth).toBe('Bearer test-key');
    expect(req.body).toMatchObject({ model: 'company-llm', stream: true });
    expect(req.body.messages[0]!.role).toBe('system');
    expect(req.body.messages[0]!.content).toContain('端口管理');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: q });
  });

  it('stop aborts the request to the model and keeps the partial answer', async () => {
    mode = 'slow';
    const q = 'How do I troubleshoot an offline SIM bank port?';
    const conv = await newConversation(q);
    const res = await fetch(`${t.url}${AI_API}/chat/sse`, {
      method: 'POST',
      headers: { ...bearer(sales), 'content-type': 'application/json' },
      body: JSON.stringify({ stream: true, content: q, conversationUuid: conv }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('w2 ')) text += decoder.decode((await reader.read()).value, { stream: true });
    const chatUuid = (parseSse(text)[0]!.data as { chatUuid: string }).chatUuid;
    await t.app.inject({ method: 'POST', url: `${AI_API}/chat/stop`, headers: bearer(sales), payload: { chatUuid } });
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await expect.poll(() => closedEarly).toBe(1);
    const chat = (
      await t.app.inject({ url: `${AI_API}/conversations/${conv}/detail/cursor`, headers: bearer(sales) })
    ).json().data.chats[0];
    expect(chat.status).toBe('stopped');
    expect(chat.aiResponse).toBe(answerOf(parseSse(text)));
    expect(chat.aiResponse).toMatch(/^w0 w1 w2 /);
    expect(chat.aiResponse).not.toContain('w199');
  });

  it('reports a failing model in the stream and keeps the chat as failed', async () => {
    mode = 'fail';
    const conv = await newConversation('hi');
    const res = await t.app.inject({
      method: 'POST',
      url: `${AI_API}/chat/sse`,
      headers: bearer(sales),
      payload: { stream: true, content: 'hi', conversationUuid: conv },
    });
    const events = parseSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['init', 'error']);
    expect(events[1]!.data).toMatchObject({ code: Errors.AI_MODEL_FAILED.code });
    const chat = (
      await t.app.inject({ url: `${AI_API}/conversations/${conv}/detail/cursor`, headers: bearer(sales) })
    ).json().data.chats[0];
    expect(chat.status).toBe('failed');
  });
});
