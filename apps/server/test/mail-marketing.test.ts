import { Errors } from '@portal/contracts';
import { MARKETING_CLICK_PATH, MARKETING_OPEN_PATH } from '@portal/contracts/mail';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignSender, MARKETING_SEND_JOB } from '../src/modules/mail/marketing/sending.js';
import { mailRoomOf } from '../src/modules/mail/room.js';
import { mailCampaignCopies, mailCampaignEvents, mailCampaigns, mailMessages } from '../src/modules/mail/schema.js';
import { bearer, DEMO, poll, signIn, startTestApp, type TestApp, type Tokens } from './harness.js';

const E = '/v2/emailbox';
const OFFER = 'https://offers.example/sms?plan=a&ref=mail';

/** Marketing mail on the built-in (local) connector: copies, the open pixel, tracked clicks, a reply, a bounce. */
describe('marketing mail with tracking (local connector)', () => {
  let t: TestApp;
  let sales: Tokens;
  let contacts: { email: string; name: string; customerId: number }[] = [];
  let campaign = 0;
  beforeAll(async () => {
    // the copies go out in the `mail.marketing` job
    t = await startTestApp({ jobs: true });
    sales = await signIn(t.app, DEMO.sales01);
    contacts = (await post('email/customer/contact', { size: 10 })).data;
    // starting the job queue on a loaded machine takes a while
  }, 180_000);
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, tok: Tokens = sales) =>
    t.app
      .inject({ method: 'POST', url: `${E}/${url}`, headers: bearer(tok), payload })
      .then((r) => ({ status: r.statusCode, ...r.json() }));
  const hit = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });
  const events = () => t.p.db.select().from(mailCampaignEvents);
  /** the tracked addresses in the copy sent to `email` (read from the sender's sent folder) */
  const trackedOf = async (email: string) => {
    const sent = await t.p.db
      .select({ html: mailMessages.html, to: mailMessages.toList })
      .from(mailMessages)
      .where(and(eq(mailMessages.folder, 'sent'), eq(mailMessages.subject, 'Spring SMS offer')));
    const m = sent.find((x) => x.to.some((a) => a.email === email));
    const html = m!.html;
    const path = (p: string) =>
      [...html.matchAll(new RegExp(`${p.replace(/\//g, '\\/')}/([^"&<]+)`, 'g'))].map((x) => `${p}/${x[1]}`);
    return { opens: path(MARKETING_OPEN_PATH), clicks: path(MARKETING_CLICK_PATH) };
  };

  it('refuses a recipient who is not a contact of a customer in my scope, and saves nothing', async () => {
    expect(contacts.length).toBeGreaterThanOrEqual(2);
    const bad = await post('marketing/save', {
      subject: 'Spring SMS offer',
      content: '<p>hi</p>',
      recipients: [{ customerId: contacts[0]!.customerId, email: 'stranger@nowhere.example' }],
    });
    expect(bad.code).toBe(Errors.MAIL_MARKETING_RECIPIENT.code);
    expect(bad.msg).toContain('stranger@nowhere.example');
    expect((await post('marketing/query', {})).data.total).toBe(0);
    const finance = await signIn(t.app, DEMO.finance01);
    expect((await post('marketing/query', {}, finance)).code).toBe(Errors.NO_PERMISSION.code);
  });

  it('sends one tracked copy per recipient: each its own message, sent and delivered', async () => {
    const two = contacts.slice(0, 2);
    const saved = await post('marketing/save', {
      subject: 'Spring SMS offer',
      content: `<p>Dear customer, see <a href="${OFFER.replace(/&/g, '&amp;')}">our offer</a> and <a href="https://portal.example/prices">prices</a>.</p>`,
      recipients: two.map((c) => ({ customerId: c.customerId, email: c.email, name: c.name })),
    });
    expect(saved.code).toBe(0);
    campaign = saved.data.id;
    expect((await post('marketing/detail', { id: campaign })).data).toMatchObject({ status: 'draft', copies: [] });

    const queued = (await post('marketing/send', { id: campaign })).data;
    // the call claims the draft, records the copies and queues their send; the job sends them
    expect(queued.status).toBe('sending');
    expect(queued.copies).toHaveLength(2);
    expect((await post('marketing/send', { id: campaign })).code).toBe(Errors.MAIL_MARKETING_SENT.code);
    const sent = await poll(
      async () => (await post('marketing/detail', { id: campaign })).data,
      (d) => d.status === 'sent',
    );
    expect(sent.status).toBe('sent');
    expect(sent.stats).toMatchObject({ recipients: 2, sent: 2, delivered: 2, opened: 0, clicked: 0 });
    expect(sent.links.map((l: { url: string }) => l.url)).toEqual([OFFER, 'https://portal.example/prices']);
    for (const c of two) {
      const got = await trackedOf(c.email);
      expect(got.opens).toHaveLength(1);
      expect(got.clicks).toHaveLength(2);
    }
    // each copy went alone: no sent mail carries both recipients
    const mine = await t.p.db
      .select({ to: mailMessages.toList })
      .from(mailMessages)
      .where(eq(mailMessages.subject, 'Spring SMS offer'));
    expect(mine.filter((m) => m.to.length === 1)).toHaveLength(2);

    expect((await post('marketing/send', { id: campaign })).code).toBe(Errors.MAIL_MARKETING_SENT.code);
    expect(
      (await post('marketing/save', { id: campaign, subject: 'x', content: 'x', recipients: sent.recipients })).code,
    ).toBe(Errors.MAIL_MARKETING_SENT.code);
  });

  it('counts an open through the pixel; a bad token gets the same pixel and changes nothing', async () => {
    const c = contacts[0]!;
    const { opens, clicks } = await trackedOf(c.email);
    const good = await hit(opens[0]!);
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toBe('image/gif');
    const before = (await events()).length;
    for (const bad of [
      `${opens[0]!.slice(0, -2)}xx`,
      `${MARKETING_OPEN_PATH}/1.0.${'A'.repeat(43)}`,
      `${MARKETING_OPEN_PATH}/nothing`,
      // a click token is not an open token
      clicks[0]!.replace(MARKETING_CLICK_PATH, MARKETING_OPEN_PATH),
    ]) {
      const r = await hit(bad);
      expect(r.statusCode).toBe(200);
      expect(r.rawPayload.equals(good.rawPayload)).toBe(true);
    }
    expect((await events()).length).toBe(before);
    const d = (await post('marketing/detail', { id: campaign })).data;
    expect(d.stats.opened).toBe(1);
    expect(d.copies.find((x: { email: string }) => x.email === c.email)).toMatchObject({ opens: 1 });
  });

  it('redirects a click only to the copy’s recorded link; anything else is a plain 404 that records nothing', async () => {
    const c = contacts[1]!;
    const { clicks } = await trackedOf(c.email);
    const r = await hit(clicks[0]!);
    expect(r.statusCode).toBe(302);
    expect(r.headers.location).toBe(OFFER);
    const before = (await events()).length;
    const other = (await trackedOf(contacts[0]!.email)).clicks[0]!;
    const [copyId, , sig] = clicks[0]!.split('/').pop()!.split('.');
    for (const bad of [
      `${clicks[0]!}x`,
      // a signed token's link number changed: the signature no longer fits
      `${MARKETING_CLICK_PATH}/${copyId}.999.${sig}`,
      `${MARKETING_CLICK_PATH}/${encodeURIComponent('https://evil.example')}`,
    ]) {
      const res = await hit(bad);
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain('@');
    }
    expect((await events()).length).toBe(before);
    expect((await hit(other)).statusCode).toBe(302);
    const d = (await post('marketing/detail', { id: campaign })).data;
    expect(d.stats.clicked).toBe(2);
    expect(d.links[0].clicks).toBe(2);
  });

  it('links a reply by In-Reply-To and a delivery report by the returned Message-ID', async () => {
    const room = await mailRoomOf(t.p);
    const d = (await post('marketing/detail', { id: campaign })).data;
    const [a, b] = d.copies as { id: number; email: string }[];
    const msgId = async (id: number) =>
      (
        await t.p.db
          .select({ m: mailCampaignCopies.messageId })
          .from(mailCampaignCopies)
          .where(eq(mailCampaignCopies.id, id))
      )[0]!.m!;
    const smtp = nodemailer.createTransport({
      host: '127.0.0.1',
      port: room.local.port,
      secure: false,
      ignoreTLS: true,
    });
    await smtp.sendMail({
      from: a!.email,
      to: 'sales01@portal.example',
      subject: 'Re: Spring SMS offer',
      text: 'Interested, call me.',
      inReplyTo: await msgId(a!.id),
      references: [await msgId(a!.id)],
    });
    const dsn = [
      'From: MAILER-DAEMON@portal.example',
      'To: sales01@portal.example',
      'Subject: Undelivered Mail Returned to Sender',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'The mail could not be delivered.',
      '--b1',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.customer.example',
      '',
      `Final-Recipient: rfc822; ${b!.email}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 user unknown',
      '--b1',
      'Content-Type: text/rfc822-headers',
      '',
      'From: sales01@portal.example',
      `Message-ID: ${await msgId(b!.id)}`,
      'Subject: Spring SMS offer',
      '--b1--',
      '',
    ].join('\r\n');
    await smtp.sendMail({ envelope: { from: '', to: ['sales01@portal.example'] }, raw: dsn });
    smtp.close();

    const after = (await post('marketing/detail', { id: campaign })).data;
    expect(after.stats).toMatchObject({ replied: 1, bounced: 1 });
    const ta = (await post('marketing/tracking', { id: a!.id })).data;
    expect(ta.events.map((e: { kind: string }) => e.kind)).toEqual([
      'sent',
      'delivered',
      'opened',
      'clicked',
      'replied',
    ]);
    const tb = (await post('marketing/tracking', { id: b!.id })).data;
    expect(tb.copy.bouncedAt).not.toBeNull();
    expect(tb.events.at(-1)).toMatchObject({ kind: 'bounced', detail: 'smtp; 550 5.1.1 user unknown' });
    expect(tb.events.find((e: { kind: string }) => e.kind === 'clicked').url).toBe(OFFER);
  });

  it('shows campaigns by data scope; only the author may change or send them', async () => {
    const admin = await signIn(t.app, DEMO.admin);
    const manager = await signIn(t.app, { username: 'salesmgr', password: 'Sales#2026' });
    const colleague = await signIn(t.app, { username: 'sales02', password: 'Sales#2026' });
    // the manager (department tree) and the administrator (all) read it, marked as not theirs
    for (const who of [manager, admin]) {
      const list = (await post('marketing/query', {}, who)).data;
      expect(list.records.map((r: { id: number }) => r.id)).toContain(campaign);
      expect(list.records.find((r: { id: number }) => r.id === campaign)).toMatchObject({ mine: false });
      expect((await post('marketing/query', { mine: true }, who)).data.total).toBe(0);
      const d = (await post('marketing/detail', { id: campaign }, who)).data;
      expect(d).toMatchObject({ mine: false, userName: '王伟' });
      const copy = d.copies[0].id;
      expect((await post('marketing/tracking', { id: copy }, who)).data.copy.id).toBe(copy);
      expect((await post('marketing/delete', { id: campaign }, who)).code).toBe(Errors.NO_PERMISSION.code);
    }
    expect((await post('marketing/detail', { id: campaign }, sales)).data).toMatchObject({ mine: true });
    // a draft of sales01's: readable by the manager, not sendable or editable by them
    const draft = (
      await post('marketing/save', {
        subject: 'Draft only',
        content: '<p>x</p>',
        recipients: [{ customerId: contacts[0]!.customerId, email: contacts[0]!.email }],
      })
    ).data.id;
    expect((await post('marketing/send', { id: draft }, manager)).code).toBe(Errors.NO_PERMISSION.code);
    expect(
      (
        await post(
          'marketing/save',
          {
            id: draft,
            subject: 'x',
            content: 'x',
            recipients: [{ customerId: contacts[0]!.customerId, email: contacts[0]!.email }],
          },
          manager,
        )
      ).code,
    ).toBe(Errors.NO_PERMISSION.code);
    expect((await post('marketing/detail', { id: draft })).data).toMatchObject({
      status: 'draft',
      subject: 'Draft only',
    });
    // a colleague with their own scope neither lists nor finds it
    expect((await post('marketing/query', {}, colleague)).data.total).toBe(0);
    expect((await post('marketing/detail', { id: campaign }, colleague)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('marketing/tracking', { id: 1 }, colleague)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('marketing/delete', { id: draft })).code).toBe(0);
  });

  it('resumes an interrupted send without sending any copy twice', async () => {
    const [a, b] = contacts;
    const id = (
      await post('marketing/save', {
        subject: 'Resumed offer',
        content: '<p>Offer</p>',
        recipients: [a!, b!].map((c) => ({ customerId: c.customerId, email: c.email, name: c.name })),
      })
    ).data.id;
    // as if the send had been claimed and a worker died after claiming the first copy, before SMTP answered
    await t.p.db.update(mailCampaigns).set({ status: 'sending' }).where(eq(mailCampaigns.id, id));
    const [first] = await t.p.db
      .insert(mailCampaignCopies)
      .values([
        { campaignId: id, customerId: a!.customerId, email: a!.email, claimedAt: new Date() },
        { campaignId: id, customerId: b!.customerId, email: b!.email },
      ])
      .returning({ id: mailCampaignCopies.id });
    const sender = campaignSender(t.p, (await mailRoomOf(t.p)).service);
    await sender.run(id);
    const done = (await post('marketing/detail', { id })).data;
    expect(done.status).toBe('sent');
    expect(done.stats).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
    expect(done.copies.find((c: { id: number }) => c.id === first!.id).error).toMatch(/interrupted/);
    const sentOut = async () =>
      (
        await t.p.db
          .select({ to: mailMessages.toList })
          .from(mailMessages)
          .where(and(eq(mailMessages.folder, 'sent'), eq(mailMessages.subject, 'Resumed offer')))
      ).map((m) => m.to[0]!.email);
    expect(await sentOut()).toEqual([b!.email]);
    // running the job again (a retry, a second worker) sends nothing more
    await sender.run(id);
    expect(await sentOut()).toEqual([b!.email]);
    expect((await post('marketing/detail', { id })).data.stats).toMatchObject({ sent: 1, failed: 1 });
  });

  it('resumes a send whose job failed for good: author or administrator, only when no job is queued, no copy twice', async () => {
    expect(contacts.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = contacts;
    const admin = await signIn(t.app, DEMO.admin);
    const manager = await signIn(t.app, { username: 'salesmgr', password: 'Sales#2026' });
    const colleague = await signIn(t.app, { username: 'sales02', password: 'Sales#2026' });
    const subject = 'Stuck offer';
    const draft = (
      await post('marketing/save', {
        subject,
        content: '<p>Offer</p>',
        recipients: [a!, b!, c!].map((x) => ({ customerId: x.customerId, email: x.email, name: x.name })),
      })
    ).data.id;
    // a draft or a finished campaign is not stuck
    expect((await post('marketing/resume', { id: draft })).code).toBe(Errors.MAIL_MARKETING_NOT_STUCK.code);
    expect((await post('marketing/resume', { id: campaign })).code).toBe(Errors.MAIL_MARKETING_NOT_STUCK.code);
    expect((await post('marketing/detail', { id: draft })).data.resumable).toBe(false);

    // as a send whose job ran out of retries leaves it: claimed; the first copy went, the second was
    // claimed when the job died, the third was never reached; no job is queued any more
    const at = new Date();
    await t.p.db
      .update(mailCampaigns)
      .set({ status: 'sending', sentAt: at, updatedAt: at })
      .where(eq(mailCampaigns.id, draft));
    const copies = await t.p.db
      .insert(mailCampaignCopies)
      .values([
        {
          campaignId: draft,
          customerId: a!.customerId,
          email: a!.email,
          claimedAt: at,
          sentAt: at,
          messageId: '<x@a>',
        },
        { campaignId: draft, customerId: b!.customerId, email: b!.email, claimedAt: at },
        { campaignId: draft, customerId: c!.customerId, email: c!.email },
      ])
      .returning({ id: mailCampaignCopies.id });
    const row = async (tok: Tokens) =>
      (await post('marketing/query', {}, tok)).data.records.find((r: { id: number }) => r.id === draft);
    expect((await row(sales)).resumable).toBe(true);
    expect((await row(admin)).resumable).toBe(true);
    expect((await row(manager)).resumable).toBe(false);

    // the manager reads it but may not resume it; a colleague outside the scope does not find it
    expect((await post('marketing/resume', { id: draft }, manager)).code).toBe(Errors.NO_PERMISSION.code);
    expect((await post('marketing/resume', { id: draft }, colleague)).code).toBe(Errors.NOT_FOUND.code);
    expect((await post('marketing/resume', { id: 0 })).code).toBe(Errors.VALIDATION_FAILED.code);

    // while a send job waits in the queue, resuming is refused and changes nothing
    const waiting = await t.p.jobs.send(
      MARKETING_SEND_JOB,
      { campaignId: draft },
      {
        singletonKey: `mail.marketing:${draft}`,
        startAfter: 3600,
      },
    );
    expect((await row(sales)).resumable).toBe(false);
    const before = (await post('marketing/detail', { id: draft })).data;
    const refused = await post('marketing/resume', { id: draft }, admin);
    expect(refused.code).toBe(Errors.MAIL_MARKETING_NOT_STUCK.code);
    expect([Errors.MAIL_MARKETING_NOT_STUCK.zh, Errors.MAIL_MARKETING_NOT_STUCK.en]).toContain(refused.msg);
    expect((await post('marketing/detail', { id: draft })).data.updatedAt).toBe(before.updatedAt);
    await t.p.jobs.pgBoss.cancel(MARKETING_SEND_JOB, waiting!);

    // two resumes at once (the author and the administrator): one queues the job, the other is refused
    const both = await Promise.all([
      post('marketing/resume', { id: draft }),
      post('marketing/resume', { id: draft }, admin),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([0, Errors.MAIL_MARKETING_NOT_STUCK.code].sort());
    const done = await poll(
      async () => (await post('marketing/detail', { id: draft })).data,
      (d) => d.status === 'sent',
    );
    expect(done).toMatchObject({ status: 'sent', resumable: false });
    expect(done.stats).toMatchObject({ recipients: 3, sent: 2, failed: 1 });
    expect(done.copies.find((x: { id: number }) => x.id === copies[1]!.id).error).toMatch(/interrupted/);
    // only the copy nobody had claimed went out now; the sent one and the cut-off one were not sent again
    const out = await t.p.db
      .select({ to: mailMessages.toList })
      .from(mailMessages)
      .where(and(eq(mailMessages.folder, 'sent'), eq(mailMessages.subject, subject)));
    expect(out.map((m) => m.to[0]!.email)).toEqual([c!.email]);
    expect((await post('marketing/resume', { id: draft })).code).toBe(Errors.MAIL_MARKETING_NOT_STUCK.code);
  }, 60_000);

  it('rate-limits the public tracking calls', async () => {
    let limited = 0;
    for (let i = 0; i < 65; i++) if ((await hit(`${MARKETING_OPEN_PATH}/x${i}`)).statusCode === 429) limited++;
    expect(limited).toBeGreaterThan(0);
  });
});
