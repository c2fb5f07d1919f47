import {
  envelope,
  homeSummary,
  loginPrompt,
  Perm,
  quickEntrance,
  quickEntranceSaveBody,
  userSetting,
  userSettingBody,
  userSettingQuery,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuTreeOf } from '../../platform/access/resources.js';
import { ok } from '../../platform/http/envelope.js';
import { localeOf } from '../../platform/http/locale.js';
import type { Platform } from '../../platform/platform.js';
import {
  currentLoginPrompt,
  homeSummaryOf,
  quickEntrancesOf,
  saveQuickEntrances,
  saveSetting,
  settingOf,
} from './service.js';

const authed = { access: 'authenticated' as const };

export async function homeRoutes(app: FastifyInstance, p: Platform) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v2/sys/staff/home/summary',
    {
      schema: { tags: ['home'], summary: 'Home overview figures', response: { 200: envelope(homeSummary) } },
      config: authed,
    },
    async (req) => ok(await homeSummaryOf(p.db, p.clock, req.auth!, p.summary)),
  );

  r.get(
    '/v2/sys/staff/quickEntrance/getUserQuickEntranceList',
    {
      schema: { tags: ['home'], summary: 'My quick entrances', response: { 200: envelope(z.array(quickEntrance)) } },
      config: authed,
    },
    async (req) => ok(await quickEntrancesOf(p.db, req.auth!.userId)),
  );

  r.post(
    '/v2/sys/staff/quickEntrance/patchSaveQuickEntrance',
    {
      schema: {
        tags: ['home'],
        summary: 'Replace my quick entrances',
        body: quickEntranceSaveBody,
        response: { 200: envelope(z.array(quickEntrance)) },
      },
      config: authed,
    },
    async (req) => {
      const menus = await menuTreeOf(p.db, req.auth!.userId);
      const routers = new Set<string>();
      const walk = (ns: typeof menus) => {
        for (const n of ns) {
          if (n.router) routers.add(n.router);
          walk(n.children);
        }
      };
      walk(menus);
      return ok(await saveQuickEntrances(p.db, req.auth!, req.body.paths, (path) => routers.has(path)));
    },
  );

  r.get(
    '/v2/sys/staff/user/setting',
    {
      schema: {
        tags: ['home'],
        summary: 'Read one of my settings (guide flags, date mode)',
        querystring: userSettingQuery,
        response: { 200: envelope(userSetting.nullable()) },
      },
      config: authed,
    },
    async (req) => ok(await settingOf(p.db, req.auth!.userId, req.query.type)),
  );

  r.post(
    '/v2/sys/staff/user/setting',
    {
      schema: {
        tags: ['home'],
        summary: 'Write one of my settings',
        body: userSettingBody,
        response: { 200: envelope(userSetting) },
      },
      config: authed,
    },
    async (req) => ok(await saveSetting(p.db, req.auth!.userId, req.body)),
  );

  r.get(
    '/v2/sys/staff/simbank/check',
    {
      schema: {
        tags: ['home'],
        summary: 'May I use SIM-bank operations?',
        response: { 200: envelope(z.object({ isSimbank: z.boolean() })) },
      },
      config: authed,
    },
    async (req) => ok({ isSimbank: req.auth!.perms.has(Perm.SIMBANK) }),
  );

  r.get(
    '/kunlun/crm/sysLoginPrompt/genQuery/one',
    {
      schema: {
        tags: ['home'],
        summary: 'The current sign-in prompt, if any',
        response: { 200: envelope(loginPrompt) },
      },
      config: authed,
    },
    async (req) =>
      ok((await currentLoginPrompt(p.db)) ?? (await p.loginPrompts.first(req.auth!, localeOf(req.headers)))),
  );
}
