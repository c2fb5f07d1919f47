import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot, views } from './support/browser.js';
import {
  api,
  apiToken,
  type DemoUser,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const MANAGER: DemoUser = { username: 'purchasemgr', password: 'Purchase#2026' };
const URL = '/setModule/purchase/rules/level';
const STEPS = [
  { level: 'direct', minLiveChannels: 2, admittedOnly: true, minDeliveryRate: 95, minAsr: 50, minShare: 10 },
  { level: 'tier1', minLiveChannels: 1, admittedOnly: false, minDeliveryRate: null, minAsr: null, minShare: 5 },
];

/** How many lines a step box's inputs stand on (tops within a few pixels are one line). */
const lineCount = async (page: Page, step: number) => {
  const tops = await page
    .getByTestId('steps-row')
    .nth(step)
    .locator('.ant-form-item-control')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top).sort((x, y) => x - y));
  return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
};

describe('SRM level rules screen', () => {
  let server: ShellServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startShellServer({ TRAFFIC_SIMULATOR: 'false' });
    await settlePopups(server.url, MANAGER);
    browser = await launch();
    token = await apiToken(server.url, MANAGER);
    const { key } = await api<{ key: string }>(server.url, token, 'GET', '/v2/sys/staff/common/request/idempotence');
    const res = await fetch(`${server.url}/v2/srm/settings/level-rules`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotence-key': key },
      body: JSON.stringify({ steps: STEPS }),
    });
    expect((await res.json()).code).toBe(0);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows each step on one line at 1280 px and saves a voice ASR floor', async () => {
    const { ctx, page } = await signedIn(browser, server.url, MANAGER, { width: 1280, height: 900, at: URL });
    await page.getByTestId('level-rules-form').waitFor();
    await expect.poll(() => page.getByTestId('steps-row').count(), { timeout: 20_000 }).toBe(2);
    for (const step of [0, 1]) expect(await lineCount(page, step)).toBe(1);
    await shot(page, 'srm-level-rules-1280-en');
    const asr = page.getByTestId('steps-row').nth(1).locator('.ant-form-item').filter({ hasText: 'Voice ASR' });
    await asr.locator('input').fill('40');
    await page.getByTestId('level-rules-form').getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ steps: { minAsr: number | null }[] }>(server.url, token, 'GET', '/v2/srm/settings/level-rules'))
            .steps[1]?.minAsr,
        { timeout: 15_000 },
      )
      .toBe(40);
    await ctx.close();
  });

  for (const [width, locale] of views([
    [1280, 'zh-CN'],
    [900, 'en-US'],
    [900, 'zh-CN'],
    [390, 'en-US'],
    [390, 'zh-CN'],
  ] as const)) {
    it(`lays the steps out in a grid at ${width} px in ${locale}`, async () => {
      const { ctx, page } = await signedIn(browser, server.url, MANAGER, { locale, width, height: 900, at: URL });
      await page.getByTestId('level-rules-form').waitFor();
      await expect.poll(() => page.getByTestId('steps-row').count(), { timeout: 20_000 }).toBe(2);
      await shot(page, `srm-level-rules-${width}-${locale === 'zh-CN' ? 'zh' : 'en'}`);
      // both steps break at the same places: as many lines each, the widest at 1280
      const lines = [await lineCount(page, 0), await lineCount(page, 1)];
      expect(lines[0]).toBe(lines[1]);
      if (width === 1280) expect(lines[0]).toBe(1);
      // nothing runs out of the page sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await ctx.close();
    });
  }
});
