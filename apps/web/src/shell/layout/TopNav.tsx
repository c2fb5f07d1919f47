import { EllipsisOutlined, ExportOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, type SubApp } from '../../platform/registry';
import { firstRouter, isExternalRouter, visibleNodes } from '../../platform/resources';
import { useSession } from '../../platform/session';
import type { ModuleEntry } from '../../platform/shell-port';
import { MenuIcon } from '../../platform/ui/MenuIcon';
import { useUser } from '../../platform/user-store';
import { buildEnv, EXTERNAL_ENTRIES, externalLink, runtimeConfig } from '../portal-config';
import { useTabs } from '../tabs/tabs-store';
import { nodeLabel } from './menu-items';

/**
 * The entries of the top navigation: the user's top-level menu nodes (modules), then the
 * external entries IMFS, MONITOR, NWP and BIBOARD with a configured address (a top-level node
 * keyed so, or any node whose router is an absolute URL, is external too). An entry without an
 * address is left out.
 */
export function useModuleEntries(): ModuleEntry[] {
  const menus = useUser((s) => s.menus);
  const locale = useSession((s) => s.locale);
  return useMemo(() => {
    const entries: ModuleEntry[] = [];
    const seen = new Set<string>();
    for (const n of visibleNodes(menus)) {
      const external = (EXTERNAL_ENTRIES as readonly string[]).includes(n.international);
      if (external || (n.router && isExternalRouter(n.router))) {
        const href =
          externalLink(n.international, runtimeConfig(), buildEnv) ??
          (n.router && isExternalRouter(n.router) ? n.router : null);
        if (href) entries.push({ key: n.international, label: nodeLabel(n, locale), icon: n.icon, href });
        seen.add(n.international);
        continue;
      }
      entries.push({ key: n.international, label: nodeLabel(n, locale), icon: n.icon, node: n });
    }
    for (const name of EXTERNAL_ENTRIES) {
      if (seen.has(name)) continue;
      const href = externalLink(name, runtimeConfig(), buildEnv);
      if (href) entries.push({ key: name, label: name, icon: null, href });
    }
    return entries;
  }, [menus, locale]);
}

/** Open a module: back to the tab the user last had in it, else its first page. */
export function useOpenModule() {
  const navigate = useNavigate();
  const lastByApp = useTabs((s) => s.lastByApp);
  return (entry: ModuleEntry) => {
    if (entry.href) {
      window.open(entry.href, '_blank', 'noopener,noreferrer');
      return;
    }
    if (!entry.node) return;
    if (entry.node.router === HOME_PATH || entry.key === 'home') {
      void navigate(HOME_PATH);
      return;
    }
    const target = lastByApp[entry.key as SubApp] ?? firstRouter(entry.node) ?? entry.node.router;
    if (target) void navigate(target);
  };
}

/**
 * Top navigation by module (header): one button per entry; entries that do not fit go into a
 * "more" popover (no menu library: the home layout loads no menu code).
 */
export function TopNav({ current }: { current: string }) {
  const { t } = useTranslation();
  const entries = useModuleEntries();
  const open = useOpenModule();
  const bar = useRef<HTMLDivElement>(null);
  const widths = useRef(new Map<string, number>());
  const [fit, setFit] = useState(entries.length);
  const [moreOpen, setMoreOpen] = useState(false);

  const measure = useCallback(() => {
    const el = bar.current;
    if (!el) return;
    for (const item of el.querySelectorAll<HTMLElement>('[data-entry]')) {
      widths.current.set(item.dataset.entry ?? '', item.offsetWidth);
    }
    const room = el.clientWidth - MORE_WIDTH;
    let used = 0;
    let n = 0;
    for (const e of entries) {
      const w = widths.current.get(e.key) ?? 96;
      if (used + w > (n === entries.length - 1 ? room + MORE_WIDTH : room)) break;
      used += w;
      n++;
    }
    setFit(n);
  }, [entries]);

  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    setFit(entries.length); // render all once so every entry gets measured
    const ro = new ResizeObserver(() => measure());
    ro.observe(el);
    return () => ro.disconnect();
  }, [entries, measure]);
  useLayoutEffect(() => measure(), [measure]);

  const item = (e: ModuleEntry, inMore = false) => (
    <button
      type="button"
      key={e.key}
      data-entry={inMore ? undefined : e.key}
      data-testid={`topnav-${e.key}`}
      className={`portal-topnav-item${e.key === current ? ' is-active' : ''}${inMore ? ' in-more' : ''}`}
      aria-current={e.key === current ? 'page' : undefined}
      onClick={() => {
        setMoreOpen(false);
        open(e);
      }}
    >
      {e.icon && (
        <span className="portal-topnav-icon">
          <MenuIcon name={e.icon} />
        </span>
      )}
      <span>{e.label}</span>
      {e.href && <ExportOutlined className="portal-topnav-external" />}
    </button>
  );

  const { shown, rest } = splitEntries(entries, fit, current);
  return (
    <nav className="portal-topnav" ref={bar} data-testid="topnav" aria-label={t('nav.modules')}>
      {shown.map((e) => item(e))}
      {rest.length > 0 && (
        <Popover
          open={moreOpen}
          onOpenChange={setMoreOpen}
          trigger="click"
          placement="bottomRight"
          arrow={false}
          content={<div className="portal-topnav-more">{rest.map((e) => item(e, true))}</div>}
        >
          <button
            type="button"
            className={`portal-topnav-item${rest.some((e) => e.key === current) ? ' is-active' : ''}`}
            data-testid="topnav-more"
            aria-label={t('nav.more')}
          >
            <EllipsisOutlined />
          </button>
        </Popover>
      )}
    </nav>
  );
}

const MORE_WIDTH = 44;

/**
 * The entries shown in the bar (the first `fit`) and those under "···". The current module always
 * stays in the bar: when it would fall under "···" it takes the last place in the bar.
 */
export function splitEntries<E extends { key: string }>(
  entries: readonly E[],
  fit: number,
  current: string,
): { shown: E[]; rest: E[] } {
  const at = entries.findIndex((e) => e.key === current);
  if (at < fit || fit < 1 || at < 0) return { shown: entries.slice(0, fit), rest: entries.slice(fit) };
  const shown = [...entries.slice(0, fit - 1), entries[at]!];
  return { shown, rest: entries.filter((e) => !shown.includes(e)) };
}
