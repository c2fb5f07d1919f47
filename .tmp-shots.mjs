import { chromium } from 'playwright-core';

const base = 'http://127.0.0.1:8099';
const pages = [
  ['finance01', 'Finance#2026', '/financial/account/consumer/consumer', 'fin-accounts'],
  ['finance01', 'Finance#2026', '/financial/recharge-record/platform', 'fin-records'],
  ['sales01', 'Sales#2026', '/businessInquiry/sendRcdQuery', 'trf-records'],
  ['sales01', 'Sales#2026', '/businessInquiry/smsPerformance', 'trf-perf'],
  ['sales01', 'Sales#2026', '/offerManage/customer-quote/sms', 'qm-sms'],
  ['sales01', 'Sales#2026', '/home', 'home'],
];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
for (const [locale, width] of [
  ['zh-CN', 1280],
  ['en-US', 1280],
  ['zh-CN', 390],
  ['en-US', 900],
]) {
  for (const [u, pw, url, name] of pages) {
    const ctx = await browser.newContext({ locale, viewport: { width, height: 820 } });
    const page = await ctx.newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').fill(u);
    await page.getByTestId('login-password').fill(pw);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((x) => !x.pathname.startsWith('/login'), { timeout: 20000 });
    await page.goto(`${base}${url}`);
    await page.waitForTimeout(4000);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/${name}-${locale}-${width}.png` });
    await ctx.close();
  }
}
await browser.close();
console.log('done');
