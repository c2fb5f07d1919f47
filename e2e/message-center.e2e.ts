import { describe, expect, it } from 'vitest';
import { type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  chooseOption,
  confirmPopconfirm,
  keyedPost,
  SALES,
  signedIn,
  useShellServer,
} from './support/shell.js';

const FB = '/v2/sys/staff/feedback';
const LIST = '/message/notification';

/**
 * The message center's list on the resource kernel: sales01's feedback answered by admin reaches
 * the open list without a reload, rendered in the reader's language; marked read one by one and
 * all at once; opened at its source.
 */
describe('message center', () => {
  const shell = useShellServer({ settle: SALES });

  /** sales01 sends a feedback, admin answers it: one `feedback` message for sales01. */
  async function answeredFeedback(reply: string) {
    const base = shell.server.url;
    const sales = await apiToken(base, SALES);
    const [question] = await api<{ id: number }[]>(base, sales, 'GET', `${FB}/questionList`);
    const sent = await keyedPost<{ id: number }>(base, sales, `${FB}/commitFeedback`, {
      questionId: question!.id,
      content: `message center ${reply}`,
    });
    expect(sent.code).toBe(0);
    const admin = await apiToken(base, ADMIN);
    expect((await keyedPost(base, admin, `${FB}/feedbackReply`, { id: sent.data.id, content: reply })).code).toBe(0);
    return sent.data.id;
  }

  const rows = (page: Page) => page.getByTestId('content').locator('.ant-table-row');
  const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

  async function openFeedbackMessages(page: Page, type: string) {
    await page.goto(`${shell.server.url}${LIST}`);
    const content = page.getByTestId('content');
    await content.locator('.ant-table').first().waitFor({ timeout: 20_000 });
    // the CRM reminder job may write to sales01 at any time: look at the feedback messages only
    await content.locator('.ant-form-item').filter({ hasText: type }).first().locator('.ant-select').click();
    await chooseOption(page, type === 'Type' ? 'Feedback' : '反馈');
    await content.getByRole('button', { name: type === 'Type' ? 'Search' : /查\s*询/ }).click();
  }

  it('lists, follows live, marks read and opens the source (en, 1280 px)', async () => {
    const first = await answeredFeedback('Fixed in the next release');
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, SALES, { locale: 'en', width: 1280 });
    await openFeedbackMessages(page, 'Type');
    const one = row(page, 'Fixed in the next release');
    await expect.poll(() => one.count(), { timeout: 20_000 }).toBe(1);
    // the template's English title, the type and state as the definition labels them
    await expect.poll(() => one.textContent()).toContain('Your feedback has a reply');
    expect(await one.textContent()).toContain('Unread');
    await expect
      .poll(() => page.getByTestId('header-bell').getAttribute('data-live-state'), { timeout: 15_000 })
      .toBe('connected');
    await shot(page, 'message-center-1280-en');

    // a second answer arrives over the live channel: the open list shows it, no reload
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await answeredFeedback('Second answer');
    await expect.poll(() => row(page, 'Second answer').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    await one.getByTestId('message-read').click();
    await expect.poll(() => one.textContent(), { timeout: 10_000 }).toContain('Read');
    expect(await one.getByTestId('message-read').count()).toBe(0);

    await page.getByTestId('message-read-all').click();
    await confirmPopconfirm(page);
    await expect.poll(() => row(page, 'Second answer').textContent(), { timeout: 10_000 }).not.toContain('Unread');
    await shot(page, 'message-center-read-1280-en');

    await one.getByTestId('message-open').click();
    await page.waitForURL(new RegExp(`/csc/feedbackmanagement/feedback\\?id=${first}$`));
    await ctx.close();
  });

  it('renders the same messages in Chinese; both languages fit a phone (390 px)', async () => {
    const { ctx, page } = await signedIn(shell.browser, shell.server.url, SALES, { locale: 'zh-CN', width: 1280 });
    await openFeedbackMessages(page, '类型');
    const second = row(page, 'Second answer');
    await expect.poll(() => second.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => second.textContent()).toContain('您的反馈有新回复');
    expect(await second.textContent()).toContain('已读');
    await shot(page, 'message-center-1280-zh');
    // on a phone the secondary columns (type, content, time) give way; title and actions show
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => rows(page).first().textContent()).toContain('您的反馈有新回复');
    await shot(page, 'message-center-390-zh');
    await ctx.close();

    const en = await signedIn(shell.browser, shell.server.url, SALES, { locale: 'en', width: 390, height: 844 });
    await openFeedbackMessages(en.page, 'Type');
    await expect
      .poll(() => rows(en.page).first().textContent(), { timeout: 20_000 })
      .toContain('Your feedback has a reply');
    await shot(en.page, 'message-center-390-en');
    await en.ctx.close();
  });
});
