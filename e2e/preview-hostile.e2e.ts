import { Errors } from '@portal/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launch, type Page, signInWithPassword } from './support/browser.js';
import {
  api,
  apiToken,
  type DemoUser,
  keyedPost,
  SALES,
  type ShellServer,
  settlePopups,
  startShellServer,
} from './support/shell.js';

/**
 * Hostile attachments (issue "[1 of 9] Harden what exists"): a requester uploads documents built to
 * run script as the portal, and the approver previews each one in the real preview. No script may
 * run (window.__pwned stays unset, no dialog opens) and no javascript: link may stay in the page.
 * The first test bypasses the Content-Security-Policy, so the previews' own cleaning is what is
 * proven; the second keeps the policy on and checks the app itself breaks none of it.
 */
const SALESMGR: DemoUser = { username: 'salesmgr', password: 'Sales#2026' };
const JS = (tag: string) => `javascript:window.__pwned='${tag}'`;
const IMG = (tag: string) => `<img src=x onerror="window.__pwned='${tag}'">`;
const esc = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const NS_A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const NS_P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

async function zip(parts: [string, string][]): Promise<Buffer> {
  const z = new JSZip();
  for (const [name, body] of parts) z.file(name, body);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A .docx with an alt-chunk HTML page that runs script, a javascript: hyperlink and markup as text. */
function hostileDocx() {
  const chunk = `<html><body><script>parent.__pwned='docx-chunk-script'</script>${IMG('docx-chunk-img')}<p>chunk</p></body></html>`;
  return zip([
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="html" ContentType="text/html"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ],
    [
      'word/document.xml',
      `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${REL}"><w:body>` +
        '<w:p><w:r><w:t>hostile docx</w:t></w:r></w:p>' +
        '<w:p><w:hyperlink r:id="rId1"><w:r><w:t>docx js link</w:t></w:r></w:hyperlink></w:p>' +
        '<w:p><w:hyperlink r:id="rId3"><w:r><w:t>docx vbscript link</w:t></w:r></w:hyperlink></w:p>' +
        '<w:p><w:hyperlink r:id="rId4"><w:r><w:t>docx good link</w:t></w:r></w:hyperlink></w:p>' +
        '<w:altChunk r:id="rId2"/>' +
        `<w:p><w:r><w:t>${esc(IMG('docx-text'))}</w:t></w:r></w:p>` +
        '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>',
    ],
    [
      'word/_rels/document.xml.rels',
      `${XML}<Relationships xmlns="${PKG_REL}">` +
        `<Relationship Id="rId1" Type="${REL}/hyperlink" Target="${esc(JS('docx-link'))}" TargetMode="External"/>` +
        `<Relationship Id="rId2" Type="${REL}/aFChunk" Target="chunk.html"/>` +
        `<Relationship Id="rId3" Type="${REL}/hyperlink" Target="vbscript:msgbox(1)" TargetMode="External"/>` +
        `<Relationship Id="rId4" Type="${REL}/hyperlink" Target="https://example.com/ok" TargetMode="External"/>` +
        '</Relationships>',
    ],
    ['word/chunk.html', chunk],
  ]);
}

/** A .pptx whose slide text is markup with a handler (pptx-preview writes text with innerHTML) and a javascript: link. */
function hostilePptx() {
  const grp =
    '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';
  const ns = `xmlns:a="${NS_A}" xmlns:r="${REL}" xmlns:p="${NS_P}"`;
  const clr = (name: string, v: string) => `<a:${name}><a:srgbClr val="${v}"/></a:${name}>`;
  const font = '<a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/>';
  const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const theme =
    `${XML}<a:theme xmlns:a="${NS_A}" name="T"><a:themeElements><a:clrScheme name="T">` +
    clr('dk1', '000000') +
    clr('lt1', 'FFFFFF') +
    clr('dk2', '1F497D') +
    clr('lt2', 'EEECE1') +
    ['4F81BD', 'C0504D', '9BBB59', '8064A2', '4BACC6', 'F79646'].map((v, i) => clr(`accent${i + 1}`, v)).join('') +
    clr('hlink', '0000FF') +
    clr('folHlink', '800080') +
    `</a:clrScheme><a:fontScheme name="T"><a:majorFont>${font}</a:majorFont><a:minorFont>${font}</a:minorFont></a:fontScheme>` +
    `<a:fmtScheme name="T"><a:fillStyleLst>${fill.repeat(3)}</a:fillStyleLst><a:lnStyleLst>${`<a:ln w="9525">${fill}</a:ln>`.repeat(3)}</a:lnStyleLst>` +
    `<a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${fill.repeat(3)}</a:bgFillStyleLst></a:fmtScheme>` +
    '</a:themeElements></a:theme>';
  const ct = (part: string, type: string) =>
    `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`;
  const rel = (id: string, type: string, target: string, external = false) =>
    `<Relationship Id="${id}" Type="${REL}/${type}" Target="${esc(target)}"${external ? ' TargetMode="External"' : ''}/>`;
  const rels = (...r: string[]) => `${XML}<Relationships xmlns="${PKG_REL}">${r.join('')}</Relationships>`;
  return zip([
    [
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        ct('/ppt/presentation.xml', 'presentationml.presentation.main+xml') +
        ct('/ppt/slides/slide1.xml', 'presentationml.slide+xml') +
        ct('/ppt/slideLayouts/slideLayout1.xml', 'presentationml.slideLayout+xml') +
        ct('/ppt/slideMasters/slideMaster1.xml', 'presentationml.slideMaster+xml') +
        ct('/ppt/theme/theme1.xml', 'theme+xml') +
        '</Types>',
    ],
    ['_rels/.rels', rels(rel('rId1', 'officeDocument', 'ppt/presentation.xml'))],
    [
      'ppt/presentation.xml',
      `${XML}<p:presentation ${ns}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst><p:sldSz cx="9144000" cy="5143500"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
    ],
    [
      'ppt/_rels/presentation.xml.rels',
      rels(
        rel('rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'),
        rel('rId2', 'slide', 'slides/slide1.xml'),
        rel('rId3', 'theme', 'theme/theme1.xml'),
      ),
    ],
    [
      'ppt/slideMasters/slideMaster1.xml',
      `${XML}<p:sldMaster ${ns}><p:cSld><p:spTree>${grp}</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`,
    ],
    [
      'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      rels(rel('rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'), rel('rId2', 'theme', '../theme/theme1.xml')),
    ],
    [
      'ppt/slideLayouts/slideLayout1.xml',
      `${XML}<p:sldLayout ${ns}><p:cSld><p:spTree>${grp}</p:spTree></p:cSld></p:sldLayout>`,
    ],
    [
      'ppt/slideLayouts/_rels/slideLayout1.xml.rels',
      rels(rel('rId1', 'slideMaster', '../slideMasters/slideMaster1.xml')),
    ],
    ['ppt/theme/theme1.xml', theme],
    [
      'ppt/slides/slide1.xml',
      `${XML}<p:sld ${ns}><p:cSld><p:spTree>${grp}` +
        '<p:sp><p:nvSpPr><p:cNvPr id="2" name="T"><a:hlinkClick r:id="rId2"/></p:cNvPr><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>' +
        '<p:spPr><a:xfrm><a:off x="457200" y="457200"/><a:ext cx="6000000" cy="1000000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>' +
        `<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="2400"><a:hlinkClick r:id="rId2"/></a:rPr><a:t>${esc(IMG('pptx-text'))}hostile pptx</a:t></a:r></a:p></p:txBody></p:sp>` +
        '</p:spTree></p:cSld></p:sld>',
    ],
    [
      'ppt/slides/_rels/slide1.xml.rels',
      rels(
        rel('rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'),
        rel('rId2', 'hyperlink', JS('pptx-link'), true),
      ),
    ],
  ]);
}

/** An .xlsx with a javascript: hyperlink, a HYPERLINK formula and markup in cells and the sheet name. */
async function hostileXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('<b onmouseover=x>');
  ws.addRow(['name', IMG('xlsx-header')]);
  ws.addRow([{ text: 'xlsx js link', hyperlink: JS('xlsx-link') }, '<script>window.__pwned="xlsx-script"</script>']);
  ws.addRow([{ formula: `HYPERLINK("${JS('xlsx-formula')}","go")`, result: IMG('xlsx-formula-result') }, 'x']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A PDF that asks for JavaScript on open and carries a javascript: link annotation. */
function hostilePdf(): Buffer {
  const content = 'BT /F1 18 Tf 20 100 Td (hostile pdf) Tj ET';
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> /Annots [7 0 R] >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /S /JavaScript /JS (app.alert(1); window.__pwned='pdf-open') >>",
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    "<< /Type /Annot /Subtype /Link /Rect [20 90 200 120] /A << /S /URI /URI (javascript:window.__pwned='pdf-link') >> >>",
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const TXT = `<!doctype html><html><body><script>window.__pwned='txt'</script>${IMG('txt')}<a href="${JS('txt-link')}">x</a></body></html>`;
const MD = `# Hostile\n\n<script>window.__pwned='md'</script>\n\n[click](${JS('md-link')})\n\n${IMG('md')}\n`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg"><script>window.__pwned='svg'</script><a href="${JS('svg-link')}"><text y="20">x</text></a></svg>`;

interface Upload {
  name: string;
  body: Buffer;
}

async function upload(base: string, token: string, file: Upload) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.body)]), file.name);
  const res = await fetch(`${base}/v2/workflow/form/file/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return (await res.json()) as { code: number; data: { id: string }; msg: string };
}

/** What a preview left in the page: script that ran, dialogs, javascript: links, live elements. */
async function inspect(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __pwned?: string };
    // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip these inside a scheme
    const squeeze = (s: string) => s.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
    const scripted = Array.from(document.querySelectorAll('*')).flatMap((el) =>
      Array.from(el.attributes)
        .filter((a) => /(^|:)href$|^src$|^action$|^formaction$/i.test(a.name))
        .map((a) => squeeze(a.value))
        .filter((v) => v.startsWith('javascript:') || v.startsWith('vbscript:') || v.startsWith('data:text/html')),
    );
    const drawer = document.querySelector('.ant-drawer-body');
    const live = drawer
      ? Array.from(drawer.querySelectorAll('iframe,frame,object,embed,script')).map((e) => e.localName)
      : [];
    const handlers = drawer
      ? Array.from(drawer.querySelectorAll('*')).flatMap((el) =>
          Array.from(el.attributes)
            .filter((a) => a.name.toLowerCase().startsWith('on'))
            .map((a) => `${el.localName}[${a.name}]`),
        )
      : [];
    return { pwned: w.__pwned ?? null, scripted, live, handlers };
  });
}

describe('previews of hostile attachments', () => {
  let server: ShellServer;
  let browser: Browser;
  let instanceId: number;
  const files: Record<string, Upload> = {};

  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, SALES);
    await settlePopups(server.url, SALESMGR);
    browser = await launch();
    files.docx = { name: 'hostile.docx', body: await hostileDocx() };
    files.pptx = { name: 'hostile.pptx', body: await hostilePptx() };
    files.xlsx = { name: 'hostile.xlsx', body: await hostileXlsx() };
    files.pdf = { name: 'hostile.pdf', body: hostilePdf() };
    files.txt = { name: 'hostile.txt', body: Buffer.from(TXT) };
    files.md = { name: 'hostile.md', body: Buffer.from(MD) };

    // the requester uploads them through the real upload API and starts a request with them
    const token = await apiToken(server.url, SALES);
    const ids: string[] = [];
    for (const f of Object.values(files)) {
      const up = await upload(server.url, token, f);
      expect(up.code, `${f.name}: ${JSON.stringify(up)}`).toBe(0);
      ids.push(up.data.id);
    }
    const processes = await api<{ id: number; name: string }[]>(
      server.url,
      token,
      'GET',
      '/v2/workflow/process/sponsor',
    );
    const processId = processes.find((p) => p.name === '通用申请')!.id;
    const started = await keyedPost<{ instanceId: number }>(server.url, token, '/v2/workflow/start', {
      processId,
      title: `Hostile files ${Date.now().toString(36)}`,
      formData: { subject: 'Files', amount: 100, reason: 'Preview me', attachments: ids },
    });
    expect(started.code, JSON.stringify(started)).toBe(0);
    instanceId = started.data.instanceId;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses SVG and HTML uploads, and markup renamed to an image', async () => {
    const token = await apiToken(server.url, SALES);
    expect((await upload(server.url, token, { name: 'x.svg', body: Buffer.from(SVG) })).code).toBe(
      Errors.FILE_TYPE_NOT_ALLOWED.code,
    );
    expect((await upload(server.url, token, { name: 'x.html', body: Buffer.from(TXT) })).code).toBe(
      Errors.FILE_TYPE_NOT_ALLOWED.code,
    );
    expect((await upload(server.url, token, { name: 'x.png', body: Buffer.from(SVG) })).code).toBe(
      Errors.FILE_TYPE_MISMATCH.code,
    );
  });

  /** The approver opens the request and previews every attachment; returns what each left behind. */
  async function previewAll(page: Page) {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInWithPassword(page, server.url, SALESMGR.username, SALESMGR.password);
    await page.goto(`${server.url}/general/my-agent/profile?id=${instanceId}`);
    await expect.poll(() => page.getByTestId('attachment-item').count(), { timeout: 20_000 }).toBe(6);
    const ready: Record<string, (p: Page) => Promise<unknown>> = {
      docx: (p) => p.getByTestId('preview-docx').getByText('hostile docx').waitFor({ timeout: 20_000 }),
      pptx: (p) => p.getByTestId('preview-pptx').getByText('hostile pptx').waitFor({ timeout: 20_000 }),
      xlsx: (p) => p.getByTestId('preview-xlsx').getByText('xlsx js link').waitFor({ timeout: 20_000 }),
      pdf: (p) => p.locator('[data-testid="preview-pdf"] canvas').first().waitFor({ timeout: 20_000 }),
      txt: (p) => p.getByTestId('preview-text').waitFor({ timeout: 20_000 }),
      md: (p) => p.getByTestId('preview-unsupported').waitFor({ timeout: 20_000 }),
    };
    const seen: Record<string, Awaited<ReturnType<typeof inspect>>> = {};
    let docxLinks: { good: (string | null)[]; bad: string | null } | null = null;
    for (const [kind, f] of Object.entries(files)) {
      // each file is judged on its own (a flag set by one must not be blamed on the next)
      await page.evaluate(() => delete (window as { __pwned?: string }).__pwned);
      await page.getByTestId('attachment-item').filter({ hasText: f.name }).getByTestId('attachment-preview').click();
      await ready[kind]!(page);
      // renderers finish asynchronously (images, fonts, handlers firing): give them time to misbehave
      await page.waitForTimeout(1500);
      seen[kind] = await inspect(page);
      if (kind === 'txt')
        expect(await page.getByTestId('preview-text').textContent()).toContain("<script>window.__pwned='txt'</script>");
      if (kind === 'docx') {
        // the safe link stays, opening in a new tab; the scripted ones are left as plain text
        const link = (text: string) => page.getByTestId('preview-docx').locator('a', { hasText: text });
        docxLinks = {
          good: [
            await link('docx good link').getAttribute('href'),
            await link('docx good link').getAttribute('target'),
          ],
          bad: await link('docx js link').getAttribute('href'),
        };
      }
      await page.keyboard.press('Escape');
      await page.locator('.ant-drawer-body').waitFor({ state: 'detached', timeout: 10_000 });
    }
    await page.waitForTimeout(1000);
    const pwned = await page.evaluate(() => (window as { __pwned?: string }).__pwned ?? null);
    return { seen, dialogs, pwned, docxLinks };
  }

  it('runs no script from any previewed file, even with the CSP switched off', async () => {
    // bypassCSP: the previews' own cleaning must hold without the second wall
    const ctx = await browser.newContext({ bypassCSP: true, locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const { seen, dialogs, pwned, docxLinks } = await previewAll(page);
    const clean = { pwned: null, scripted: [], live: [], handlers: [] };
    expect(seen).toEqual(Object.fromEntries(Object.keys(files).map((k) => [k, clean])));
    expect(dialogs).toEqual([]);
    expect(pwned).toBeNull();
    expect(docxLinks).toEqual({ good: ['https://example.com/ok', '_blank'], bad: null });
    await ctx.close();
  });

  it('keeps them inert under the CSP, and the app itself breaks no rule of it', async () => {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const { seen, dialogs, pwned, docxLinks } = await previewAll(page);
    const clean = { pwned: null, scripted: [], live: [], handlers: [] };
    expect(seen).toEqual(Object.fromEntries(Object.keys(files).map((k) => [k, clean])));
    expect(dialogs).toEqual([]);
    expect(pwned).toBeNull();
    expect(docxLinks).toEqual({ good: ['https://example.com/ok', '_blank'], bad: null });
    expect(violations).toEqual([]);
    await ctx.close();
  });
});

describe('the app under its Content-Security-Policy', () => {
  let server: ShellServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startShellServer();
    await settlePopups(server.url, SALES);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in, shows home and streams an AI answer without one violation', async () => {
    const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto(`${server.url}/login`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInWithPassword(page, server.url, SALES.username, SALES.password);
    await page.getByTestId('header').waitFor();
    await page.getByTestId('content').waitFor();
    // the run-time configuration still arrives (now from /portal-config.js)
    expect(await page.evaluate(() => typeof (window as { __PORTAL_CONFIG__?: object }).__PORTAL_CONFIG__)).toBe(
      'object',
    );
    await page.getByTestId('ai-float').click();
    await page.getByTestId('ai-panel').waitFor();
    const input = page.getByTestId('ai-input');
    await input.fill('SIM 卡池端口离线如何排查？');
    await input.press('Enter');
    const first = page.getByTestId('ai-message').first();
    await expect.poll(() => first.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    // an inline script is refused: the policy is really enforced
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = "window.__pwned='inline'";
      document.body.appendChild(s);
    });
    expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned ?? null)).toBeNull();
    expect(violations.filter((v) => !v.includes('inline'))).toEqual([]);
    expect(violations.length).toBe(1);
    await ctx.close();
  });
});
