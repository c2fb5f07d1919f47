import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, shot } from './support/browser.js';
import {
  api,
  apiToken,
  keyedPost,
  SALES,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

interface Summary {
  myCustomer?: number;
  todayCustomer?: number;
  task?: number;
  applyNum?: number;
  todoNum?: number;
  waiting?: Record<string, string>;
}

/** The home overview's real figures (live) and the assistant's data answers, as sales01 sees them. */
describe('home figures and the assistant’s data answers', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    server = await startShellServer({ AI_EMBEDDED_PAUSE_MS: '0' });
    await settlePopups(server.url, SALES);
    browser = await launch();
    token = await apiToken(server.url, SALES);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const figure = (page: import('./support/browser.js').Page, key: string) =>
    page.getByTestId(`home-figure-${key}`).locator('.home-figure-value');

  it('shows sales01’s own figures, today’s sends and the 30-day chart from the traffic room, and refreshes live', async () => {
    const summary = await api<Summary>(server.url, token, 'GET', '/v2/sys/staff/home/summary');
    expect(summary.myCustomer).toBeGreaterThan(0);
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN' });
    await page.getByTestId('home-figures').waitFor();
    for (const key of ['myCustomer', 'todayCustomer', 'task', 'applyNum', 'todoNum'] as const)
      expect(await figure(page, key).textContent(), key).toBe(String(summary[key]));
    // the traffic room is mounted: nothing waits, today's sends are a number and the trend is a chart
    expect(summary.waiting).toBeUndefined();
    expect(await figure(page, 'todaySend').textContent()).toMatch(/^[\d,]+$/);
    await page.getByTestId('home-trend').locator('canvas').first().waitFor();
    await shot(page, 'home-figures-1280-zh');

    // a request started elsewhere moves "my open requests" on the open page (live channel, no reload)
    const processes = await api<{ id: number; name: string }[]>(
      server.url,
      token,
      'GET',
      '/v2/workflow/process/sponsor',
    );
    const started = await keyedPost(server.url, token, '/v2/workflow/start', {
      processId: processes.find((p) => p.name === '通用申请')!.id,
      title: `Home live ${Date.now().toString(36)}`,
      formData: { subject: 'Live', amount: 100, reason: 'Home figures refresh' },
    });
    expect(started.code).toBe(0);
    await expect
      .poll(() => figure(page, 'applyNum').textContent(), { timeout: 10_000 })
      .toBe(String((summary.applyNum ?? 0) + 1));
    await ctx.close();

    const narrow = await signedIn(browser, server.url, SALES, { locale: 'en', width: 390 });
    await narrow.page.getByTestId('home-figures').waitFor();
    expect(await figure(narrow.page, 'todaySend').textContent()).toMatch(/^[\d,]+$/);
    await shot(narrow.page, 'home-figures-390-en');
    await narrow.ctx.close();
  });

  it('answers a data question with the figure and a link that opens the screen in a tab', async () => {
    const { ctx, page } = await signedIn(browser, server.url, SALES, { locale: 'zh-CN' });
    await page.getByTestId('ai-float').click();
    await page.getByTestId('ai-panel').waitFor();
    const input = page.getByTestId('ai-input');
    await input.fill('我有哪些待办审批？');
    await input.press('Enter');
    const answer = page.getByTestId('ai-message').first();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    const todo = (await api<Summary>(server.url, token, 'GET', '/v2/sys/staff/home/summary')).todoNum ?? 0;
    expect(await answer.getByTestId('ai-answer').textContent()).toContain(
      todo ? `您有 ${todo} 条待审批事项` : '您目前没有待审批的事项',
    );
    await shot(page, 'home-ai-data-answer-1280');
    await answer.getByRole('link', { name: '我的待办' }).click();
    await page.locator('[role="tab"][aria-selected="true"][data-testid="tab-/general/my-agent"]').waitFor();
    await ctx.close();
  });
});
