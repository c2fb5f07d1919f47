import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  APP_META,
  appOfPath,
  createMatcher,
  isPublicPath,
  matchRoute,
  menuGroups,
  menuRoutes,
  PUBLIC_PREFIXES,
  permOf,
  type RouteMeta,
  routeByName,
  routeByPath,
  routes,
  routesBySection,
  SUB_APPS,
} from './index.js';

/* ------------------------------------------------------------------------------------------
 * The expected paths, built from a literal copy of the route lines of spec section 2.
 * `expand` reads the spec's shorthand:
 *   - items split on ';' (clauses) and ',' outside brackets;
 *   - `dir/{a, b}` is dir/a and dir/b;
 *   - an item with '/' is below the section; an item without one is below the directory of
 *     the previous item of its clause ("clue/all, invalid" → clue/invalid);
 *   - `item (+a, b)` adds item/a and item/b; other parenthesised text is a note;
 *   - a leading "Label: " (e.g. "Detail pages: ") is dropped; items starting with '/' are absolute.
 * Lines whose wording the rules cannot read carry their expansion by hand (`paths`).
 * ---------------------------------------------------------------------------------------- */

interface SpecLine {
  section: string;
  line: string;
  /** hand expansion for lines the rules above cannot read */
  paths?: string[];
}

const splitTop = (text: string, sep: string): string[] => {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '{' || ch === '(') depth++;
    if (ch === '}' || ch === ')') depth--;
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
};

function expandItem(item: string, base: string, dir: string): { paths: string[]; dir: string } {
  const brace = item.match(/^([^{]*)\{(.*)\}$/);
  if (brace) {
    const prefix = `${base}/${brace[1]!.replace(/\/$/, '')}`;
    return { paths: splitTop(brace[2]!, ',').flatMap((i) => expandItem(i, prefix, '').paths), dir };
  }
  const paren = item.match(/^(.*?)\s*\((.*)\)$/);
  const name = (paren ? paren[1]! : item).trim();
  const note = paren?.[2]?.trim() ?? '';
  const children = note.startsWith('+')
    ? note
        .split(';')[0]!
        .split(',')
        .map((c) => c.trim().replace(/^\+/, ''))
    : [];
  let path: string;
  let nextDir = dir;
  if (name.startsWith('/')) path = name;
  else if (name.includes('/')) {
    path = `${base}/${name}`;
    nextDir = name.slice(0, name.lastIndexOf('/') + 1);
  } else path = `${base}/${dir}${name}`;
  return { paths: [path, ...children.map((c) => `${path}/${c}`)], dir: nextDir };
}

function expand({ section, line, paths }: SpecLine): string[] {
  if (paths) return paths;
  const text = line.replace(/\.$/, '').replace(/^[A-Z][A-Za-z ]*: /, '');
  return splitTop(text, ';').flatMap((clause) => {
    let dir = '';
    return splitTop(clause, ',').flatMap((item) => {
      const r = expandItem(item, section, dir);
      dir = r.dir;
      return r.paths;
    });
  });
}

const VOIP_PAGES = [
  'voice-test',
  'time-task',
  'group-call-task',
  'group-call-time-task',
  'number-pool',
  'voice-monitor',
  'history-talk',
  'media-capture',
  'voice-source',
];

const SPEC: Record<string, SpecLine[]> = {
  public: [
    { section: '', line: '/login, /authorize, /refresh (query parameter redirectPath), /ddNotice, /home.' },
    { section: '', line: '/ redirects to /home.', paths: ['/'] },
  ],
  shellLinks: [
    {
      section: '',
      line: '/general/process/sponsor, /message/publicnotice/timeaxis (version iteration), download center (named route GeneralDownload, path /general/download), /csc/feedbackmanagement/feedback.',
      paths: [
        '/general/process/sponsor',
        '/message/publicnotice/timeaxis',
        '/general/download',
        '/csc/feedbackmanagement/feedback',
      ],
    },
  ],
  settings: [
    'authManage/menu, permissions, user.',
    'email/account, signature, inbox.',
    'process/configer, roles, notify, formword.',
    'purchase/dictionary, payment-method.',
    'purchase/rules/domain, seas, supplier, level, retention, suffix, cluevier, share.',
    'csc/dictionary; csc/rules/distribute, advertising-promotion, event-brand.',
    'setRate.',
    'financial/credit-whitelist, tariff, currency, brand, main-body, bank, xe-rate, credit-rule, notify, bill-cycle, quote-set, quote-email-template, billing-method, recon-config, seal-config, supplier-control-set.',
    'systemLog.',
    'purchase-set/duplicate-check, clue.',
    'crm/dictionary; crm/rules/domain, retention, churn, level, template, allow-buka.',
    'feedbackmanagement/fb-config.',
    'publicnotice/noticeconfig.',
    'uplatform/ucurrency, uconfig.',
    'departmentalOrganization.',
    'operate-set/two-way.',
  ].map((line) => ({ section: '/setModule', line })),
  inquiry: [
    {
      line: 'resultsQuery/day/c-end, r-end, and previews c/performance/preview, r/performance/preview.',
      paths: [
        '/businessInquiry/resultsQuery/day/c-end',
        '/businessInquiry/resultsQuery/day/r-end',
        '/businessInquiry/c/performance/preview',
        '/businessInquiry/r/performance/preview',
      ],
    },
    {
      line: 'smsPerformance, voicePerformance, mailPerformance, numberPerformance, star-promoter-performance, agentPerformance, gift-performance, resultsQuery/wa, resultsQuery/ants.',
    },
    { line: 'channelVoiceQuery, sendRcdQuery, voiceRecordQuery, voiceSipRecord, voiceCcRecord, voiceTaskManagement.' },
    { line: 'send-query/auto-recall-task, send-query/wa-send-record.' },
    {
      line: 'apiQueueManage, mailSendingRecord, sms-appointment-record, sms-bidirectional, twowaytask, channelManage, channelRecommend, marketChannel, minxSolution, vos-voice-account, wa-session-record, portquery.',
    },
    { line: 'app-query/sms, voice.' },
    { line: 'vos/online/landing, docking; vos/landing/gateway, vos/docking/gateway; gateway/ip.' },
    { line: 'agent-query/page, customer.' },
    {
      line: 'mcc-mnc-query, device-info, device-info/operation-log, channel/info, channel/sender-id, device-compliance, route-bind.',
      paths: [
        'mcc-mnc-query',
        'device-info',
        'device-info/operation-log',
        'channel/info',
        'channel/sender-id',
        'device-compliance',
        'route-bind',
      ].map((p) => `/businessInquiry/${p}`),
    },
    { line: 'Detail pages: operationLog, accountApprovalStatus, creditModifyRecord/consumer.' },
  ].map((l) => ({ section: '/businessInquiry', ...l })),
  crm: [
    'client-partner/my-client (+details, details-partner); business-partner (+details); open-sea (+details, partner-details, sea-details); blacklist (+details).',
    'wander/transfer, share.',
    'operate/alias-record (+details); operate/approval-order (+detail; shows items I initiated).',
    'data-analysis/sales-funnels; market-analysis/account-track; operate/team-name-change.',
  ].map((line) => ({ section: '/crm', line })),
  reports: [
    {
      section: '/reportAnalysis',
      line: 'userReport, channelReport, channel/analysis, equipReport, goip/analysis, supplierReport, voiceReport, voice/profit, smsProfitAnalysis, startSms, startVoice, sms/report (+c-end, r-end, operation), sms/analysis (+c-end, r-end), wa-session-statistics, consume-report, otp-sms-statistics.',
      paths: [
        'userReport',
        'channelReport',
        'channel/analysis',
        'equipReport',
        'goip/analysis',
        'supplierReport',
        'voiceReport',
        'voice/profit',
        'smsProfitAnalysis',
        'startSms',
        'startVoice',
        'sms/report',
        'sms/report/c-end',
        'sms/report/r-end',
        'sms/report/operation',
        'sms/analysis',
        'sms/analysis/c-end',
        'sms/analysis/r-end',
        'wa-session-statistics',
        'consume-report',
        'otp-sms-statistics',
      ].map((p) => `/reportAnalysis/${p}`),
    },
  ],
  finance: [
    {
      line: 'entitySettle/account (+details), report, proofreading; kingdeeSet/relationMapping; balanceReport/vos (+detail); proofreadData.',
    },
    {
      line: 'account/consumer/{consumer, authcheck, contract, auth, workspace, workspaceapi, recharge, bill, client, awsUser}.',
    },
    { line: 'account/supplier/{sms, vos, email, social}; account/snapshot.' },
    {
      line: 'recharge-apply/{recharge, payment, hedge} each with /detail, plus manual and gift.',
      paths: ['recharge', 'payment', 'hedge']
        .flatMap((k) => [`recharge-apply/${k}`, `recharge-apply/${k}/detail`])
        .concat(['recharge-apply/manual', 'recharge-apply/gift'])
        .map((p) => `/financial/${p}`),
    },
    { line: 'recharge-record/{platform, voice, main-account, u-platform}.' },
    { line: 'credit-customer/{credit-control (+details), bill-refund, credit-record}.' },
    { line: 'financial-erp/basic-data-material/{customer, supplier, material}.' },
    {
      line: 'financial-erp/document-management/{receipt, refund-receipt, payment-slip, payment-refund-slip, purchase-receipt, sales-delivery-order}.',
    },
    { line: 'postpaid-supplier/{bill-check, soa-manage}.' },
    { line: 'supplier-control/{overdue, blacklist, bad-debt, exempt, whitelist}.' },
    { line: 'contract-archive/{seal-apply, archive-records}; contract-seal/detail.' },
  ].map((l) => ({ section: '/financial', ...l })),
  operations: [
    { line: 'capturePacket.' },
    { line: 'shortChainRiskControl/{whitelist, shortlinkquery, shortlinkgroup}.' },
    { line: 'shortLinkTrace/{mixedChainStrategy, generationRules, shortLinkTrace}.' },
    {
      line: 'Two generations of VoIP tool pages (voIp/voipIframe/* and voip/*): voice-test, time-task, group-call-task, group-call-time-task, number-pool, voice-monitor, history-talk, media-capture, voice-source.',
      paths: VOIP_PAGES.flatMap((p) => [`/businessOperations/voIp/voipIframe/${p}`, `/businessOperations/voip/${p}`]),
    },
    {
      line: 'sms-test/{test-number-pool, number-device-blacklist, valid-number-alarm, test, cycle-test, test-record, number-source-setting}.',
    },
    { line: 'voice/voice-cc/smsTemplate.' },
    { line: 'voice/voice-group/{aiTalk, aiTalkTemplate, aiCustomIntent, aiCustomIntentWhitelist, aiCorpus}.' },
    { line: 'public/api-report, public/smsCardQueue.' },
    { line: 'channel-resource-mgr/{channel-resource-mer, resource-manage, resource-pool}.' },
    { line: 'two-way-review.' },
    { line: 'simbank/{vod/server, manager, imei, log, sim, port/manager, port/order, port/water, port/record}.' },
    {
      line: 'Detail pages: submittedApply, submittedDetail, workOrderDetail, orderInfoSumDetails, submitDetail, THSubmitDetail, rechargeDetails, rechargeApplication, submitApply, submitWorkOrder.',
    },
  ].map((l) => ({ section: '/businessOperations', ...l })),
  srm: [
    { line: 'supplierManagement, supplierManagementBuka.' },
    { line: 'clue/followed, invalid.' },
    { line: 'supplier/my-supplier (+details), sea-supplier (+details), equipment-supplier (+edit).' },
    {
      line: 'operate/supplier/transfer; operate/transfer-supplier/{list, apply, detail}; operate/supplier/lication, check.',
    },
    { line: 'wander/{distribute, transfer, share}.' },
    { line: 'tvs/{account-query, withdrawal-record, notice, content-rewrite}.' },
    { line: 'product-inventory/{product-manage (+detail), stock-manage, stock-flow}.' },
    {
      line: 'equipment-purchase/{purchase-plan (+create, create-purchase-order, detail), logs, equipment-purchase-request (archived), purchase-order (+detail, logs, update)}.',
    },
    {
      line: 'warehouse/{stock-in (+detail, operation), stock-out (+detail, operation), inventory-daily-report}.',
    },
    {
      line: 'device-sale/{order (+create, detail, logs), statistics, shipping-equipment}; shipped-device query screen.',
      paths: [
        'device-sale/order',
        'device-sale/order/create',
        'device-sale/order/detail',
        'device-sale/order/logs',
        'device-sale/statistics',
        'device-sale/shipping-equipment',
        'device-sale/shipped-device', // the shipped-device query screen (path chosen by us)
      ].map((p) => `/srm/${p}`),
    },
    {
      line: 'operate/mac-address/list, log; operate/change-source-approval (+detail, my initiated detail).',
      paths: [
        'operate/mac-address/list',
        'operate/mac-address/log',
        'operate/change-source-approval',
        'operate/change-source-approval/detail',
        'operate/change-source-approval/my-detail', // "my initiated detail" (path chosen by us)
      ].map((p) => `/srm/${p}`),
    },
    {
      line: 'Also /srm/submittedApply and /srm/submittedDetail.',
      paths: ['/srm/submittedApply', '/srm/submittedDetail'],
    },
  ].map((l) => ({ section: '/srm', ...l })),
  message: [
    {
      line: 'email/write, details, inbox (redirect from /message/email), star, spam, sent, drafts, none (no bound mailbox), logs.',
    },
    {
      line: 'email/vce (correspondence, one bookmark), adb (address book), set (mailbox settings, one bookmark), um (manual).',
    },
    { line: 'notification (message query).' },
    { line: 'publicnotice/timeaxis (release timeline), publicnotice/noticelist (version iteration list).' },
    { line: 'inbox (redirect from /message/email)', paths: ['/message/email'] },
  ].map((l) => ({ section: '/message', ...l })),
  quotation: [
    { line: 'supplierQuote/voiceSupplier, supplierQuote/sms, supplier-quote/ai-vendor-quote, ai-quote-log.' },
    { line: 'customer-quote/sms, voice, number, whatsapp.' },
    { line: 'quote-query/customer, supplier.' },
    { line: 'agents-quote.' },
    { line: 'quote-group/quote (+detail), quote-group/az.' },
    { line: 'quote-email (+detail).' },
    { line: 'sms-price-limit.' },
    {
      line: 'quota-apply-approval/special (+detail, +apply with query props), quota-apply-approval/supplier (+detail).',
      paths: [
        'quota-apply-approval/special',
        'quota-apply-approval/special/detail',
        'quota-apply-approval/special/apply',
        'quota-apply-approval/supplier',
        'quota-apply-approval/supplier/detail',
      ].map((p) => `/offerManage/${p}`),
    },
  ].map((l) => ({ section: '/offerManage', ...l })),
  csc: [
    { line: 'clue/all, invalid, followed, assign, register-black.' },
    { line: 'wander/distribute, transfer.' },
    { line: 'feedbackmanagement/fb-list, feedback.' },
    { line: 'marketing-activities/marketing-activities-list.' },
    {
      line: 'report-analysis/: roi-raise (+fine, details), roi-clue (+fine, details), r-exhibition-activity-roi (+conversion-detail, consumption-detail), r-channel-promotion-roi (+same two), roi-wander (+fine, details), roi-cost, roi-channel, channel-promotion-cost.',
      paths: [
        ...['roi-raise', 'roi-clue', 'roi-wander'].flatMap((r) => [r, `${r}/fine`, `${r}/details`]),
        ...['r-exhibition-activity-roi', 'r-channel-promotion-roi'].flatMap((r) => [
          r,
          `${r}/conversion-detail`,
          `${r}/consumption-detail`,
        ]),
        'roi-cost',
        'roi-channel',
        'channel-promotion-cost',
      ].map((p) => `/csc/report-analysis/${p}`),
    },
  ].map((l) => ({ section: '/csc', ...l })),
  general: [
    { line: 'process/sponsor, sponsor/submit.' },
    {
      line: 'my-agent, my-initiate, my-handle, my-deliver, each with /profile.',
      paths: ['my-agent', 'my-initiate', 'my-handle', 'my-deliver'].flatMap((p) => [
        `/general/${p}`,
        `/general/${p}/profile`,
      ]),
    },
    {
      line: 'Application forms under /general/process/: recharge-apply/recharge, payment, hedge (/apply); credit-apply/prepay, postpay, deferral, method, bill-change, temporary (/apply); special-apply/special/apply; supplier-apply/supplier/apply; supplier-body-replace/apply; modify-client-source/apply; modify-supplier-source/apply; contract-seal/apply.',
      paths: [
        ...['recharge', 'payment', 'hedge'].map((k) => `recharge-apply/${k}/apply`),
        ...['prepay', 'postpay', 'deferral', 'method', 'bill-change', 'temporary'].map(
          (k) => `credit-apply/${k}/apply`,
        ),
        'special-apply/special/apply',
        'supplier-apply/supplier/apply',
        'supplier-body-replace/apply',
        'modify-client-source/apply',
        'modify-supplier-source/apply',
        'contract-seal/apply',
      ].map((p) => `/general/process/${p}`),
    },
    { line: '/general/download (download center).' },
  ].map((l) => ({ section: '/general', ...l })),
  warning: [
    {
      section: '/heavenlyWarning',
      line: 'basiclibrary, configlibrary, monitoring, alrmrules/rules, alrmrules/alrmgroup, alarmdata.',
      paths: ['basiclibrary', 'configlibrary', 'monitoring', 'alrmrules/rules', 'alrmrules/alrmgroup', 'alarmdata'].map(
        (p) => `/heavenlyWarning/${p}`,
      ),
    },
  ],
};

const expected = Object.fromEntries(Object.entries(SPEC).map(([k, lines]) => [k, lines.flatMap(expand)]));
const allExpected = new Set(Object.values(expected).flat());
const paths = new Set(routes.map((r) => r.path));
const SECTION_OF_FILE: Record<string, string> = {
  settings: '/setModule',
  inquiry: '/businessInquiry',
  crm: '/crm',
  reports: '/reportAnalysis',
  finance: '/financial',
  operations: '/businessOperations',
  srm: '/srm',
  message: '/message',
  quotation: '/offerManage',
  csc: '/csc',
  general: '/general',
  warning: '/heavenlyWarning',
};

describe('route registry: the spec’s routes', () => {
  it('reads the shorthand the way the spec means it', () => {
    expect(expand({ section: '/x', line: 'a/b (+c, d); e, f/{g, h (+i)}, j.' })).toEqual([
      '/x/a/b',
      '/x/a/b/c',
      '/x/a/b/d',
      '/x/e',
      '/x/f/g',
      '/x/f/h',
      '/x/f/h/i',
      '/x/j',
    ]);
    expect(expand({ section: '/x', line: 'clue/all, invalid (note).' })).toEqual(['/x/clue/all', '/x/clue/invalid']);
  });

  for (const [section, list] of Object.entries(expected)) {
    it(`has every ${section} route of spec section 2`, () => {
      expect(list.length).toBeGreaterThan(0);
      expect(list.filter((p) => !paths.has(p))).toEqual([]);
    });
  }

  it('has a route per spec line count and more than 400 routes in all', () => {
    expect(allExpected.size).toBeGreaterThan(380);
    expect(routes.length).toBeGreaterThan(400);
  });

  it('adds only the invented pages the spec describes without paths', () => {
    const extra = (file: keyof typeof routesBySection) =>
      routesBySection[file].filter((r) => !allExpected.has(r.path) && !r.path.endsWith('/*'));
    // CRM "detail pages under a parent highlight": 17 screens named in the spec, and the sign-ups
    // of the promotion link the overview's linkPromotion figure counts (decision 0052), and the list
    // of marketing mails their details and edit pages belong to (decision 0082), a menu page (0084)
    expect(extra('crm')).toHaveLength(19);
    expect(
      extra('crm')
        .filter((r) => !(r.hidden && r.activeRouter))
        .map((r) => r.path),
    ).toEqual(['/crm/marketing-email']);
    // quotation "many send pages": 17 named in the spec; and the public page of a sent quote's signed link (0055)
    const sendPages = extra('quotation').filter((r) => r.path !== '/offerManage/quote/view');
    expect(sendPages).toHaveLength(17);
    expect(sendPages.every((r) => r.path.startsWith('/offerManage/send/') && r.hidden)).toBe(true);
    expect(extra('quotation')).toHaveLength(18);
    expect(routeByPath('/offerManage/quote/view')).toMatchObject({ public: true, hidden: true });
    // the AI knowledge base in settings, and the read-only view of one document AI answers link to
    // and the mobile networks (MCC/MNC), which the spec keeps as reference data without a page
    expect(extra('settings').map((r) => r.path)).toEqual([
      '/setModule/financial/mcc-mnc',
      '/setModule/ai/knowledge',
      '/setModule/ai/knowledge/doc',
    ]);
    // a credit-control application's own detail tab (decision 0064)
    expect(extra('finance').map((r) => r.path)).toEqual(['/financial/credit-customer/credit-record/detail']);
    // the report subscriptions issue 19 asks for (0066)
    expect(extra('reports').map((r) => r.path)).toEqual(['/reportAnalysis/subscriptions']);
    for (const f of ['inquiry', 'operations', 'srm', 'message', 'csc', 'general', 'warning'] as const)
      expect(extra(f).map((r) => r.path)).toEqual([]);
  });

  it('has a wildcard per section handing unknown subpaths to an embedded sub-application', () => {
    for (const app of SUB_APPS.filter((a) => a !== 'home')) {
      const w = routeByPath(`/${app}/*`);
      expect(w, app).toBeDefined();
      expect(permOf(w!)).toBe(app);
      expect(w!.hidden).toBe(true);
    }
  });
});

describe('route registry: consistency', () => {
  it('has unique paths (also ignoring case) and unique names', () => {
    expect(paths.size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.path.toLowerCase())).size).toBe(routes.length);
    const names = routes.flatMap((r) => (r.name ? [r.name] : []));
    expect(new Set(names).size).toBe(names.length);
  });

  it('has the named routes of the spec', () => {
    expect(routeByName('GeneralDownload')?.path).toBe('/general/download');
    expect(routeByName('MessageEmailInbox')?.path).toBe('/message/email/inbox');
    expect(routeByName('MessageEmailSpam')?.path).toBe('/message/email/spam');
    expect(routeByName('Nope')).toBeUndefined();
  });

  it('points every activeRouter at an existing menu route', () => {
    for (const r of routes.filter((x) => x.activeRouter)) {
      const parent = routeByPath(r.activeRouter!);
      expect(parent, r.path).toBeDefined();
      expect(parent!.hidden, r.path).toBeFalsy();
      expect(parent!.app, r.path).toBe(r.app);
    }
    for (const r of routes.filter((x) => x.detail)) expect(r.activeRouter, r.path).toBeDefined();
  });

  it('guards details with their parent’s key', () => {
    for (const r of routes.filter((x) => x.activeRouter))
      expect(permOf(r), r.path).toBe(permOf(routeByPath(r.activeRouter!)!));
  });

  it('assigns every route to the sub-app of its first segment', () => {
    for (const r of routes) {
      const app = appOfPath(r.path);
      if (app) expect(r.app, r.path).toBe(app);
      else {
        expect(r.app, r.path).toBe('home');
        expect(r.public || r.alwaysAllowed, r.path).toBe(true);
      }
    }
  });

  it('has zh and en titles everywhere', () => {
    for (const r of routes) {
      expect(r.title.zh.trim(), r.path).not.toBe('');
      expect(r.title.en.trim(), r.path).not.toBe('');
      expect(r.title.zh, r.path).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const app of SUB_APPS) expect(APP_META[app].title.zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps the permission keys the server and seed rely on', () => {
    expect(permOf(routeByPath('/setModule/authManage/user')!)).toBe('setModule:authManage:user');
    expect(permOf(routeByPath('/setModule/systemLog')!)).toBe('setModule:systemLog');
    expect(permOf(routeByPath('/crm/open-sea')!)).toBe('crm:open-sea');
    expect(permOf(routeByPath('/crm/open-sea/details')!)).toBe('crm:open-sea');
    expect(permOf(routeByPath('/message/email/details')!)).toBe('message:email:inbox');
    expect(permOf({ path: '/crm/customer/:id' })).toBe('crm:customer');
  });

  it('gives each menu screen its own key', () => {
    const screens = routes.filter(
      (r) => !r.activeRouter && !r.redirect && !r.public && !r.alwaysAllowed && !r.path.endsWith('/*'),
    );
    const keys = screens.map(permOf);
    expect(new Set(keys).size).toBe(keys.length);
    // a screen key never collides with a module root key (the sub-app name)
    for (const k of keys) expect(SUB_APPS as readonly string[]).not.toContain(k);
  });

  it('groups every menu entry of a module and names icons that exist', () => {
    for (const app of SUB_APPS.filter((a) => a !== 'home')) {
      expect(menuGroups[app].length, app).toBeGreaterThan(0);
      for (const r of menuRoutes(app)) {
        expect(r.group, r.path).toBeDefined();
        expect(r.icon, r.path).toBeDefined();
      }
      const keys = menuGroups[app].map((g) => g.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
    const iconDir = fileURLToPath(new URL('../../../../node_modules/@ant-design/icons/lib/icons', import.meta.url));
    if (!existsSync(iconDir)) return;
    const known = new Set(readdirSync(iconDir).map((f) => f.replace(/\.(d\.ts|js)$/, '')));
    const used = new Set<string>(Object.values(APP_META).map((m) => m.icon));
    for (const r of routes) {
      if (r.icon) used.add(r.icon);
      if (r.group?.icon) used.add(r.group.icon);
    }
    expect([...used].filter((i) => !known.has(i))).toEqual([]);
  });
});

describe('route registry: spec flags', () => {
  const r = (p: string) => routeByPath(p)!;

  it('marks public and always-allowed screens', () => {
    for (const p of ['/login', '/authorize']) expect(r(p).public).toBe(true);
    for (const p of ['/refresh', '/ddNotice', '/home', '/403', '/404']) expect(r(p).alwaysAllowed).toBe(true);
    expect(r('/').redirect).toBe('/home');
    expect(PUBLIC_PREFIXES).toEqual(['/login', '/authorize', '/offerManage']);
    expect(isPublicPath('/offerManage/customer-quote/sms')).toBe(true);
    expect(isPublicPath('/offerManage')).toBe(true);
    expect(isPublicPath('/offerManagement')).toBe(false);
    expect(isPublicPath('/crm/open-sea')).toBe(false);
  });

  it('hides the side menu and bookmark bar on home', () => {
    expect(r('/home')).toMatchObject({ aside: false, bookmark: false });
  });

  it('keeps one tab for the open sea, correspondence mails and mailbox settings only', () => {
    expect(routes.filter((x) => x.oneBookmark).map((x) => x.path)).toEqual([
      '/crm/open-sea',
      '/message/email/vce',
      '/message/email/set',
    ]);
  });

  it('redirects /message/email to the inbox and opens mail details by query', () => {
    expect(r('/message/email').redirect).toBe('/message/email/inbox');
    expect(r('/message/email/details')).toMatchObject({
      detail: true,
      hidden: true,
      activeRouter: '/message/email/inbox',
      tagPath: 'fullPath',
      titleFrom: 'subject',
    });
  });

  it('marks the classic VoIP pages as iframe pages', () => {
    for (const p of VOIP_PAGES) {
      expect(r(`/businessOperations/voIp/voipIframe/${p}`).iframe).toBeTruthy();
      expect(r(`/businessOperations/voip/${p}`).iframe).toBeUndefined();
    }
  });

  it('gives every user the shell links and personal screens', () => {
    for (const p of expected.shellLinks!) expect(r(p).common, p).toBe(true);
    for (const x of routes.filter((y) => y.app === 'message' || y.app === 'general'))
      if (!x.path.endsWith('/*')) expect(x.common, x.path).toBe(true);
    const commonElsewhere = routes.filter((x) => x.common && !['message', 'general', 'home'].includes(x.app));
    expect(commonElsewhere.map((x) => x.path)).toEqual(['/csc/feedbackmanagement/feedback']);
  });
});

describe('matchRoute', () => {
  it('finds exact paths, ignoring query, hash, trailing slash and case', () => {
    expect(matchRoute('/crm/open-sea')?.route.path).toBe('/crm/open-sea');
    expect(matchRoute('/crm/open-sea/?a=1#x')?.route.path).toBe('/crm/open-sea');
    expect(matchRoute('/businessinquiry/sendrcdquery')?.route.path).toBe('/businessInquiry/sendRcdQuery');
    expect(matchRoute('/message/email/details?id=7&type=inbox')?.route.path).toBe('/message/email/details');
  });

  it('hands unknown subpaths to the section wildcard, with the rest as the * param', () => {
    expect(matchRoute('/crm/some/embedded/page')).toEqual({
      route: routeByPath('/crm/*'),
      params: { '*': 'some/embedded/page' },
    });
    expect(matchRoute('/nowhere/at/all')).toBeUndefined();
  });

  it('matches :params and prefers exact paths over params, params over splats', () => {
    const list: RouteMeta[] = [
      { path: '/x/*', title: { zh: '甲', en: 'x' }, app: 'crm' },
      { path: '/x/:id', title: { zh: '乙', en: 'id' }, app: 'crm' },
      { path: '/x/new', title: { zh: '丙', en: 'new' }, app: 'crm' },
      { path: '/x/:id/items/:item', title: { zh: '丁', en: 'item' }, app: 'crm' },
      { path: '/x/:id/items/all', title: { zh: '戊', en: 'all' }, app: 'crm' },
    ];
    const m = createMatcher(list);
    expect(m('/x/new')?.route.path).toBe('/x/new');
    expect(m('/x/42')).toEqual({ route: list[1], params: { id: '42' } });
    expect(m('/x/a%20b')?.params).toEqual({ id: 'a b' });
    expect(m('/x/42/items/all')?.route.path).toBe('/x/:id/items/all');
    expect(m('/x/42/items/7')?.params).toEqual({ id: '42', item: '7' });
    expect(m('/x/42/other')?.route.path).toBe('/x/*');
    expect(m('/y')).toBeUndefined();
  });
});

describe('section files', () => {
  it('keep to their section', () => {
    for (const [file, prefix] of Object.entries(SECTION_OF_FILE))
      for (const x of routesBySection[file as keyof typeof routesBySection])
        expect(x.path.startsWith(`${prefix}/`), x.path).toBe(true);
  });
});
