import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AI_API } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import { shownPane } from './support/pane.js';
import {
  ADMIN,
  api,
  apiToken,
  confirmModal,
  confirmPopconfirm,
  OPS,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
  submitModal,
} from './support/shell.js';

/** Asks through the API (the stream read to its end), to prepare history quickly; answers the answer text. */
async function askByApi(base: string, token: string, conversationUuid: string, content: string) {
  const res = await fetch(`${base}${AI_API}/chat/sse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ stream: true, content, conversationUuid }),
  });
  return (await res.text())
    .split('\n\n')
    .filter((block) => block.startsWith('event: message'))
    .map((block) => JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}').content as string)
    .join('');
}

/** A question in a new conversation of its own, through the API; answers the answer text. */
async function answerByApi(base: string, token: string, content: string) {
  const conv = await api<{ uuid: string }>(base, token, 'POST', `${AI_API}/conversations`, {
    initialQuestion: content,
  });
  return askByApi(base, token, conv.uuid, content);
}

/** The test documents of the server's API tests: a pdf (English) and a docx (Chinese). */
const FIXTURES = fileURLToPath(new URL('../apps/server/test/fixtures/ai/', import.meta.url));

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
const panelWidth = (page: Page) =>
  page.getByTestId('ai-panel').evaluate((el) => Math.round(el.getBoundingClientRect().width));

describe('AI assistant panel', () => {
  let server: ShellServer;
  let browser: Browser;
  let salesToken: string;
  beforeAll(async () => {
    // slower pieces, so a stream can be stopped in the middle
    server = await startShellServer({ AI_EMBEDDED_PAUSE_MS: '40' });
    browser = await launch();
    await settlePopups(server.url, SALES);
    await settlePopups(server.url, OPS);
    await settlePopups(server.url, ADMIN);
    salesToken = await apiToken(server.url, SALES);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is not offered to a user without the AI key', async () => {
    const { ctx, page } = await signedIn(browser, server.url, OPS);
    await page.getByTestId('content').waitFor();
    expect(await page.getByTestId('ai-float').count()).toBe(0);
    await ctx.close();
  });

  it('asks, streams, cites, follows up, stops, likes, dislikes, pins, deletes and pages back', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN' });
    const icon = page.getByTestId('ai-float');
    await icon.waitFor();
    // at 1280 px docked as a narrow tab on the right edge (off table rows, pagers and cards),
    // 110 px from the bottom; drags vertically only
    const start = (await icon.boundingBox())!;
    expect(Math.round(1280 - start.x - start.width)).toBe(0);
    expect(Math.round(start.width)).toBeLessThanOrEqual(28);
    expect(Math.round(800 - start.y - start.height)).toBe(110);
    await page.mouse.move(start.x + 24, start.y + 24);
    await page.mouse.down();
    await page.mouse.move(start.x - 200, start.y - 176, { steps: 5 });
    await page.mouse.up();
    const moved = (await icon.boundingBox())!;
    expect(moved.x).toBe(start.x);
    expect(Math.round(start.y - moved.y)).toBe(200);
    await page.mouse.move(moved.x + 24, moved.y + 24);
    await page.mouse.down();
    await page.mouse.move(moved.x + 24, -500, { steps: 5 });
    await page.mouse.up();
    expect(Math.round((await icon.boundingBox())!.y)).toBe(0);

    // open: home view with three suggested questions, 556 px wide
    await icon.click();
    await page.getByTestId('ai-panel').waitFor();
    await expect.poll(() => page.getByTestId('ai-suggestion').count()).toBe(3);
    expect(await panelWidth(page)).toBe(556);
    await expect.poll(() => page.getByTestId('ai-send').isDisabled()).toBe(true);
    await shot(page, 'ai-home-1280');

    // ask a module question: Enter sends; the answer streams in with its source and three follow-ups
    const input = page.getByTestId('ai-input');
    await input.fill('SIM 卡池端口离线如何排查？');
    await input.press('Enter');
    const first = page.getByTestId('ai-message').first();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(await first.getByTestId('ai-answer').innerText()).toContain('端口管理');
    const source = first.getByTestId('ai-source').first();
    expect(await source.innerText()).toContain('SIM 卡池端口离线');
    await expect.poll(() => page.getByTestId('ai-guess').count()).toBe(3);
    expect(await page.getByTestId('ai-title').innerText()).toBe('SIM 卡池端口离线如何排查？');
    await shot(page, 'ai-answer-1280');

    // Shift+Enter is a newline, not a send; over 100 characters cannot be typed
    await input.fill('第一行');
    await input.press('Shift+Enter');
    await input.type('第二行');
    expect(await input.inputValue()).toBe('第一行\n第二行');
    await input.fill('长'.repeat(120));
    expect((await input.inputValue()).length).toBe(100);

    // stop in the middle: the partial answer stays
    await input.fill('How do I troubleshoot an offline SIM bank port?');
    await input.press('Enter');
    const stopButton = page.getByTestId('ai-stop');
    await expect.poll(() => stopButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await stopButton.click();
    const second = page.getByTestId('ai-message').nth(1);
    await expect.poll(() => second.getAttribute('data-status')).toBe('stopped');
    const partial = await second.getByTestId('ai-answer').innerText();
    expect(partial.length).toBeGreaterThan(0);
    const conversations = await api<{ records: { uuid: string; title: string }[] }>(
      server.url,
      salesToken,
      'GET',
      `${AI_API}/conversations`,
    );
    const conv = conversations.records.find((c) => c.title === 'SIM 卡池端口离线如何排查？')!;
    await expect
      .poll(
        async () =>
          (
            await api<{ chats: { status: string }[] }>(
              server.url,
              salesToken,
              'GET',
              `${AI_API}/conversations/${conv.uuid}/detail/cursor`,
            )
          ).chats[1]?.status,
      )
      .toBe('stopped');

    // like: a tag is required; like again returns to neutral
    await first.getByTestId('ai-like').click();
    const likeDialog = page.getByTestId('ai-like-dialog');
    await likeDialog.waitFor();
    await submitModal(page);
    await toast(page, '请至少选择一个标签');
    await likeDialog.getByTestId('ai-tag').first().click();
    await submitModal(page);
    await toast(page, '感谢您的反馈');
    await expect.poll(() => first.getByTestId('ai-like').getAttribute('data-on')).toBe('true');
    await first.getByTestId('ai-like').click();
    await expect.poll(() => first.getByTestId('ai-like').getAttribute('data-on')).toBe('false');

    // dislike with feedback
    await second.getByTestId('ai-dislike').click();
    await page.getByTestId('ai-dislike-dialog').waitFor();
    await page.getByTestId('ai-feedback-text').fill('回答被截断了');
    await submitModal(page);
    await expect.poll(() => second.getByTestId('ai-dislike').getAttribute('data-on')).toBe('true');

    // the session list: 700 px wide; pin with its confirmation
    await page.getByTestId('ai-toggle-list').click();
    expect(await panelWidth(page)).toBe(700);
    const session = page.getByTestId('ai-session').first();
    await session.hover();
    await session.getByTestId('ai-session-pin').click();
    await page.locator('.ant-modal-confirm-title', { hasText: '确认置顶？' }).waitFor();
    await confirmModal(page);
    await toast(page, '操作成功');
    await expect.poll(() => page.getByTestId('ai-session').first().getAttribute('data-top')).toBe('true');
    await shot(page, 'ai-sessions-1280');

    // a conversation with twelve questions, to page back through
    const long = await api<{ uuid: string }>(server.url, salesToken, 'POST', `${AI_API}/conversations`, {
      initialQuestion: '历史问题 1',
    });
    for (let i = 1; i <= 12; i++) await askByApi(server.url, salesToken, long.uuid, `历史问题 ${i}`);

    // a click outside closes the panel; the icon reopens it
    // (on the greeting card: the figure cards below it are links that open their screens)
    await page.mouse.click(300, 150);
    await expect.poll(() => page.getByTestId('ai-panel').count()).toBe(0);
    await icon.click();
    await page.getByTestId('ai-panel').waitFor();
    // so does a click on a figure card with no screen of its own (it must not swallow the mousedown)
    // (playwright waits for an aria-disabled element to be enabled: click where a user would)
    const panel = await page.getByTestId('ai-panel').boundingBox();
    const cards = await page
      .locator('.home-figure[aria-disabled=true]')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { x: number; y: number }));
    const card = cards.find((b) => panel && b.x + 20 < panel.x);
    if (!card) throw new Error('no figure card without a screen left of the assistant panel');
    await page.mouse.click(card.x + 20, card.y + 20);
    await expect.poll(() => page.getByTestId('ai-panel').count()).toBe(0);
    await icon.click();
    await page.getByTestId('ai-panel').waitFor();

    // reopen the long conversation: the last ten, older ones when scrolled to the top, then the notice
    await page.locator('[data-testid=ai-session]', { hasText: '历史问题 1' }).locator('.ai-session-title').click();
    await expect.poll(() => page.getByTestId('ai-message').count()).toBe(10);
    expect(await page.getByTestId('ai-question').first().innerText()).toBe('历史问题 3');
    await page.getByTestId('ai-conversation').evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => page.getByTestId('ai-message').count()).toBe(12);
    await page.getByTestId('ai-no-more').waitFor();
    expect(await page.getByTestId('ai-question').first().innerText()).toBe('历史问题 1');

    // delete the active conversation (confirmed): a new chat starts
    const active = page.locator('[data-testid=ai-session][data-active=true]');
    await active.hover();
    await active.getByTestId('ai-session-delete').click();
    await page.locator('.ant-modal-confirm-title', { hasText: '确认删除对话？删除后聊天记录不可恢复' }).waitFor();
    await confirmModal(page);
    await toast(page, '删除成功');
    await page.getByTestId('ai-home').waitFor();
    await expect.poll(() => page.locator('[data-testid=ai-session]', { hasText: '历史问题 1' }).count()).toBe(0);

    // the source document opens in the portal
    await page.locator('[data-testid=ai-session]', { hasText: 'SIM 卡池' }).locator('.ai-session-title').click();
    await page.getByTestId('ai-source').first().click();
    await page.waitForURL(/\/setModule\/ai\/knowledge\/doc\?uuid=/);
    await page.getByTestId('kb-doc').waitFor();
    expect(await page.getByTestId('kb-doc').innerText()).toContain('端口管理');

    // full screen, and the layouts at 900 and 390 px
    await page.getByTestId('ai-full').click();
    await shot(page, 'ai-full-1280');
    await page.getByTestId('ai-full').click();
    await page.setViewportSize({ width: 900, height: 800 });
    await shot(page, 'ai-900');
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'ai-390');
    expect(await panelWidth(page)).toBe(390);
    await ctx.close();
  });

  it('administrators upload, view, replace and remove knowledge documents through the upload service', async () => {
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'zh-CN',
      at: '/setModule/ai/knowledge',
    });
    const adminToken = await apiToken(server.url, ADMIN);
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/v2/')) uploads.push(new URL(r.url()).pathname);
    });

    // a pdf from disk: the file goes to the upload service, then its id becomes a document
    await page
      .getByTestId('kb-upload')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
      .setInputFiles(path.join(FIXTURES, 'kb-whatsapp-templates.pdf'));
    await toast(page, '文档已上传并建立索引');
    expect(uploads).toEqual(['/v2/sys/staff/file/upload', `${AI_API}/knowledge/documents`]);
    const pdfRow = page.locator('.ant-table-row', { hasText: 'kb-whatsapp-templates' });
    await expect.poll(() => pdfRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await pdfRow.textContent()).toContain('pdf');
    await shot(page, 'ai-knowledge-1280');
    expect(
      await answerByApi(server.url, adminToken, 'How long does Meta take to review a WhatsApp template?'),
    ).toContain('24 hours');

    // its view: the extracted text, and the original shown by the file preview
    await pdfRow.getByRole('button', { name: /查看/ }).click();
    const doc = page.getByTestId('kb-doc');
    await doc.waitFor();
    expect(await doc.textContent()).toContain('within 24 hours');
    await doc.getByRole('tab', { name: '原文件' }).click();
    await expect.poll(() => doc.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goBack();
    await shownPane(page, '/setModule/ai/knowledge');

    // replaced by a docx through the row's own upload
    await expect.poll(() => pdfRow.count(), { timeout: 15_000 }).toBe(1);
    // the server's answer to the replace is checked first, so a refusal fails here with its message
    const replaced = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/knowledge/documents/'),
      { timeout: 60_000 },
    );
    await pdfRow.locator('input[type=file]').setInputFiles(path.join(FIXTURES, 'kb-rcs-guide.docx'));
    expect(await (await replaced).json()).toMatchObject({ code: 0 });
    await toast(page, '文档已替换并重新建立索引');
    const docxRow = page.locator('.ant-table-row', { hasText: 'kb-rcs-guide' });
    await expect.poll(() => docxRow.count(), { timeout: 15_000 }).toBe(1);
    expect(await pdfRow.count()).toBe(0);
    expect(await answerByApi(server.url, adminToken, 'RCS 品牌认证需要多久？')).toContain('5 个工作日');
    expect(
      await answerByApi(server.url, adminToken, 'How long does Meta take to review a WhatsApp template?'),
    ).not.toContain('24 hours');

    // a file that is no document is refused with the server's message, and nothing is added
    const rows = await page.locator('.ant-table-row').count();
    await page
      .getByTestId('kb-upload')
      .locator('xpath=ancestor::span[contains(@class,"ant-upload")]//input[@type="file"]')
      .setInputFiles({ name: 'blank.txt', mimeType: 'text/plain', buffer: Buffer.from('   \n\n  ') });
    await toast(page, '文档中没有可读取的文字');
    expect(await page.locator('.ant-table-row').count()).toBe(rows);

    await docxRow.getByTestId('kb-remove').click();
    await confirmPopconfirm(page);
    await expect.poll(() => docxRow.count(), { timeout: 15_000 }).toBe(0);
    expect(await answerByApi(server.url, adminToken, 'RCS 品牌认证需要多久？')).not.toContain('5 个工作日');
    await ctx.close();
  });
});
