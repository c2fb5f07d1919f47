import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, shot } from './support/browser.js';
import {
  ADMIN,
  api,
  apiToken,
  keyedWrite,
  type ShellServer,
  settlePopups,
  signedIn,
  startShellServer,
} from './support/shell.js';

const BUYER = { username: 'purchase01', password: 'Purchase#2026' };

interface CostRow {
  bookId: number;
  dest: string;
  unitPrice: string;
  effectiveUntil: string | null;
}

/** a carrier's sheet as it comes: a title row, a blank line, odd headers, the currency in the rate's header */
async function carrierSheet(file: string, dest: string, rate: string, day: string) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('SMS rates');
  ws.addRow(['Acme Global Telecom — A2P SMS rate notice (prices per segment)']);
  ws.addRow([]);
  ws.addRow([
    'Country Name',
    'Operator Name',
    'Mobile Country Code',
    'Mobile Network Code',
    'New Rate (USD)',
    'Valid From',
  ]);
  ws.addRow(['Demo', 'Net raised', dest.slice(0, 3), dest.slice(3), rate, day]);
  ws.addRow(['Atlantis', 'Broken row', '4x0', '9', 'free', day]);
  await wb.xlsx.writeFile(file);
}

describe('AI vendor quotes', () => {
  let server: ShellServer;
  let browser: Browser;
  let sheet: string;
  let channel: { id: number; code: string };
  let dest: string;

  beforeAll(async () => {
    server = await startShellServer();
    for (const who of [ADMIN, BUYER]) await settlePopups(server.url, who);
    browser = await launch();
    const admin = await apiToken(server.url, ADMIN);
    const live = await api<{ records: { id: number; code: string }[] }>(
      server.url,
      admin,
      'POST',
      '/v2/srm/channel/page',
      {
        state: 'live',
        product: 'sms',
        size: 20,
      },
    );
    let cur: CostRow | undefined;
    for (const c of live.records) {
      const rows = await api<{ records: CostRow[] }>(server.url, admin, 'POST', '/v2/qm/price/page', {
        bookKind: 'channel',
        bookId: c.id,
        product: 'sms',
        at: new Date().toISOString(),
      });
      cur = rows.records.find((r) => r.effectiveUntil === null && r.dest.length >= 5);
      if (cur) {
        channel = c;
        break;
      }
    }
    expect(cur, 'a live SMS channel with a cost in force').toBeDefined();
    dest = cur!.dest;
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    sheet = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aiquote-')), 'acme-sms-rates.xlsx');
    await carrierSheet(sheet, dest, (Number(cur!.unitPrice) * 1.3 + 0.001).toFixed(4), day);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const upload = async (page: Page) => {
    await page.goto(`${server.url}/offerManage/supplier-quote/ai-vendor-quote`);
    await page.getByTestId('ai-quote-channel').click();
    await page.keyboard.type(channel.code);
    await page.locator('.ant-select-item-option').filter({ hasText: channel.code }).first().click();
    await page.locator('input[type=file]').setInputFiles(sheet);
    await page.getByTestId('ai-quote-mapping').waitFor();
  };

  it('reads an odd carrier sheet: the mapping, the preview with an increase; saved, the run is in the log', async () => {
    const { ctx, page } = await signedIn(browser, server.url, BUYER, { locale: 'en' });
    await upload(page);
    expect(await page.getByTestId('ai-quote-mapped-by').textContent()).toContain('Columns guessed by rules');
    expect(await page.getByTestId('ai-quote-map-rate').textContent()).toContain('New Rate (USD)');
    expect(await page.getByTestId('ai-quote-map-mcc').textContent()).toContain('Mobile Country Code');
    const raised = page.getByTestId('qm-preview-rows').locator('.ant-table-row').filter({ hasText: dest });
    expect(await raised.textContent()).toContain('Increase');
    expect(await page.getByTestId('qm-preview-errors').textContent()).toContain('5');
    await shot(page, 'quotation-ai-vendor-1280-en');
    for (const [w, h] of [
      [900, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `quotation-ai-vendor-${w}-en`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('ai-quote-save').click();
    // a raise on a live channel waits for approval in one supplier-quote request (decision 0103)
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.textContent(), { timeout: 20_000 }).toContain('awaiting approval: 1');
    await confirm.getByRole('button', { name: 'Close' }).click();

    const buyer = await apiToken(server.url, BUYER);
    const runs = await api<{ records: { source: string; outcome: string }[] }>(
      server.url,
      buyer,
      'POST',
      '/v2/qm/ai-quote-log/page',
      { size: 20 },
    );
    expect(runs.records.find((r) => r.source === 'acme-sms-rates.xlsx')?.outcome).toBe('saved');
    await page.goto(`${server.url}/offerManage/supplier-quote/ai-quote-log`);
    await page.locator('.ant-table').first().waitFor();
    await shot(page, 'quotation-ai-quote-log-1280-en');
    const logged = page
      .locator('.ant-table-row')
      .filter({ hasText: 'acme-sms-rates.xlsx' })
      .filter({ hasText: 'Saved' });
    await expect.poll(() => logged.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await logged.first().textContent()).toContain(channel.code);
    await shot(page, 'quotation-ai-quote-log-1280-en');
    await ctx.close();
  });

  it('in Chinese: the same sheet read again, discarded, logged', async () => {
    const { ctx, page } = await signedIn(browser, server.url, BUYER, { locale: 'zh-CN' });
    await upload(page);
    expect(await page.getByTestId('ai-quote-mapped-by').textContent()).toContain('列由规则识别');
    expect(await page.getByTestId('ai-quote-understood').textContent()).toBe('1');
    await shot(page, 'quotation-ai-vendor-1280-zh');
    for (const [w, h] of [
      [900, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `quotation-ai-vendor-${w}-zh`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('ai-quote-discard').click();
    await expect.poll(() => page.locator('.ant-message').textContent(), { timeout: 20_000 }).toContain('已放弃');
    await page.goto(`${server.url}/offerManage/supplier-quote/ai-quote-log`);
    const logged = page
      .locator('.ant-table-row')
      .filter({ hasText: 'acme-sms-rates.xlsx' })
      .filter({ hasText: '已放弃' });
    await expect.poll(() => logged.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'quotation-ai-quote-log-1280-zh');
    for (const [w, h] of [
      [900, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await shot(page, `quotation-ai-quote-log-${w}-zh`);
    }
    await ctx.close();
  });

  it('reads the price list a carrier mailed: the mail picked on the screen, its attachment mapped and previewed', async () => {
    // admin's mailbox gets the carrier's sheet (an attachment uploaded and mailed to admin)
    const admin = await apiToken(server.url, ADMIN);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(sheet)]), 'acme-mailed-rates.xlsx');
    const up = (await (
      await fetch(`${server.url}/v2/emailbox/file/uploadFileAndGetPresignedUrl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      })
    ).json()) as { code: number; data: { id: string } };
    expect(up.code).toBe(0);
    await keyedWrite(server.url, admin, '/v2/emailbox/email/send', {
      receiverEmailList: [{ email: 'admin@portal.example' }],
      subject: 'Acme rate deck by mail',
      content: '<p>Please find our new SMS rates attached.</p>',
      fileIds: [up.data.id],
    });
    const { ctx, page } = await signedIn(browser, server.url, ADMIN, {
      locale: 'en',
      at: '/offerManage/supplier-quote/ai-vendor-quote',
    });
    await page.getByTestId('ai-quote-channel').click();
    await page.keyboard.type(channel.code);
    await page.locator('.ant-select-item-option').filter({ hasText: channel.code }).first().click();
    await page.getByTestId('ai-quote-mail').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: 'Acme rate deck by mail' })
      .filter({ hasText: 'acme-mailed-rates.xlsx' })
      .first()
      .click();
    await page.getByTestId('ai-quote-mapping').waitFor();
    expect(await page.getByTestId('ai-quote-map-rate').textContent()).toContain('New Rate (USD)');
    const raised = page.getByTestId('qm-preview-rows').locator('.ant-table-row').filter({ hasText: dest });
    expect(await raised.textContent()).toContain('Increase');
    await shot(page, 'quotation-ai-vendor-mail-1280-en');
    await page.getByTestId('ai-quote-discard').click();
    // logged with the mail's subject as its source
    await expect
      .poll(
        async () =>
          (
            await api<{ records: { source: string; outcome: string }[] }>(
              server.url,
              admin,
              'POST',
              '/v2/qm/ai-quote-log/page',
              { size: 20 },
            )
          ).records.find((r) => r.source === 'Acme rate deck by mail')?.outcome,
        { timeout: 20_000 },
      )
      .toBe('discarded');
    await ctx.close();
  });
});
