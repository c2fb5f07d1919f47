import { CloseOutlined, LeftOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { metaForPath, type SubApp } from '../../platform/registry';
import { useSession } from '../../platform/session';
import {
  groupTabs,
  HOME_KEY,
  isOverflowing,
  type MenuDisabled,
  menuDisabled,
  scrollOffset,
  type Tab,
  tabLabel,
} from './tab-rules';
import { useTabs } from './tabs-store';

/** The home tab of a group opens the home overview inside that group's layout (see ShellLayout). */
export const KEEP_LAYOUT = { keepLayout: true } as const;

/**
 * Bookmark bar: the home tab and the tabs of the current sub-application; right-click opens the
 * tab menu (close current / others / all); scroll buttons move the strip 300 px when it overflows.
 */
export function TabBar({ app, activeKey }: { app: SubApp; activeKey: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useSession((s) => s.locale);
  const tabs = useTabs((s) => s.tabs);
  const group = groupTabs(tabs, app);
  const strip = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ any: false, left: false, right: false });
  const [menu, setMenu] = useState<{ key: string; x: number; y: number } | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const go = useCallback(
    async (tab: Tab) => {
      // spec 8: a tab whose route no longer exists only warns
      if (!metaForPath(tab.path)) {
        console.warn(`unknown tab ${tab.key}`);
        return;
      }
      await navigate(tab.url, tab.key === HOME_KEY ? { state: KEEP_LAYOUT } : undefined);
    },
    [navigate],
  );

  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    const any = isOverflowing(el.scrollWidth, el.clientWidth);
    setOverflow({
      any,
      left: any && el.scrollLeft > 0,
      right: any && el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
    });
  }, []);

  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);

  // keep the active tab in view
  const count = group.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tab or the number of tabs changes
  useEffect(() => {
    const el = strip.current;
    const tab = el?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (el && tab) {
      if (tab.offsetLeft < el.scrollLeft) el.scrollLeft = tab.offsetLeft;
      else if (tab.offsetLeft + tab.offsetWidth > el.scrollLeft + el.clientWidth) {
        el.scrollLeft = tab.offsetLeft + tab.offsetWidth - el.clientWidth;
      }
    }
    measure();
  }, [activeKey, count, measure]);

  const scroll = (direction: -1 | 1) => {
    const el = strip.current;
    if (el)
      el.scrollTo({ left: scrollOffset(el.scrollLeft, direction, el.scrollWidth, el.clientWidth), behavior: 'smooth' });
  };

  const close = (key: string) => {
    const next = useTabs.getState().close(key);
    if (key === activeKey) void go(next);
  };
  const closeOthers = (key: string) => {
    const next = useTabs.getState().closeOthers(app, key);
    if (activeKey !== key && activeKey !== HOME_KEY) void go(next);
  };
  const closeAll = () => {
    const next = useTabs.getState().closeAll(app);
    if (activeKey !== HOME_KEY) void go(next);
  };

  return (
    <div className="portal-tabbar" data-testid="tabbar">
      {overflow.any && (
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          disabled={!overflow.left}
          onClick={() => scroll(-1)}
          aria-label={t('tabs.scrollLeft')}
          data-testid="tabs-scroll-left"
          className="portal-tab-scroll"
        />
      )}
      <div className="portal-tab-strip" ref={strip} onScroll={measure} role="tablist">
        {group.map((tab) => {
          const label = tabLabel(tab, locale);
          return (
            <div
              key={tab.key}
              role="tab"
              tabIndex={0}
              aria-selected={tab.key === activeKey}
              className={`portal-tab${tab.key === activeKey ? ' is-active' : ''}`}
              data-testid={`tab-${tab.key}`}
              title={label}
              onClick={() => void go(tab)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void go(tab);
              }}
              onContextMenu={(e) => {
                e.preventDefault();
                setMenu({ key: tab.key, x: e.clientX, y: e.clientY });
              }}
              onMouseDown={(e) => {
                // middle click closes, as in browsers
                if (e.button === 1 && tab.closable) {
                  e.preventDefault();
                  close(tab.key);
                }
              }}
            >
              <span className="portal-tab-label">{label}</span>
              {tab.closable && (
                <CloseOutlined
                  className="portal-tab-close"
                  aria-label={t('tabs.close')}
                  data-testid={`tab-close-${tab.key}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    close(tab.key);
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
      {overflow.any && (
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          disabled={!overflow.right}
          onClick={() => scroll(1)}
          aria-label={t('tabs.scrollRight')}
          data-testid="tabs-scroll-right"
          className="portal-tab-scroll"
        />
      )}
      {activeKey && (
        <Tooltip title={t('tabs.refresh')}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('tabs.refresh')}
            data-testid="tab-refresh"
            className="portal-tab-scroll"
            onClick={() => {
              const current = group.find((g) => g.key === activeKey);
              const address = current ? `${window.location.pathname}${window.location.search}` : '/home';
              void navigate(`/refresh?redirectPath=${encodeURIComponent(address)}`, { replace: true });
            }}
          />
        </Tooltip>
      )}
      {menu && (
        <TabMenu
          at={menu}
          disabled={menuDisabled(group, menu.key)}
          onClose={closeMenu}
          onPick={(action) => {
            setMenu(null);
            if (action === 'closeCurrent') close(menu.key);
            if (action === 'closeOthers') closeOthers(menu.key);
            if (action === 'closeAll') closeAll();
          }}
        />
      )}
    </div>
  );
}

type MenuAction = keyof MenuDisabled;
const ACTIONS: {
  action: MenuAction;
  testId: string;
  label: 'tabs.closeCurrent' | 'tabs.closeOthers' | 'tabs.closeAll';
}[] = [
  { action: 'closeCurrent', testId: 'tab-menu-close-current', label: 'tabs.closeCurrent' },
  { action: 'closeOthers', testId: 'tab-menu-close-others', label: 'tabs.closeOthers' },
  { action: 'closeAll', testId: 'tab-menu-close-all', label: 'tabs.closeAll' },
];

/** The tab menu (right click): close current / others / all, each disabled per the spec rules. */
function TabMenu({
  at,
  disabled,
  onClose,
  onPick,
}: {
  at: { x: number; y: number };
  disabled: MenuDisabled;
  onClose: () => void;
  onPick: (action: MenuAction) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const away = (e: Event) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', away, true);
    window.addEventListener('resize', onClose);
    window.addEventListener('blur', onClose);
    document.addEventListener('keydown', key);
    ref.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
    return () => {
      document.removeEventListener('mousedown', away, true);
      window.removeEventListener('resize', onClose);
      window.removeEventListener('blur', onClose);
      document.removeEventListener('keydown', key);
    };
  }, [onClose]);
  // keep the menu inside the window
  const left = Math.min(at.x, window.innerWidth - 170);
  const top = Math.min(at.y, window.innerHeight - 130);
  return (
    <div ref={ref} className="portal-popmenu portal-tab-menu" role="menu" style={{ left, top }} data-testid="tab-menu">
      {ACTIONS.map((a) => (
        <button
          type="button"
          role="menuitem"
          key={a.action}
          className="portal-popmenu-item"
          disabled={disabled[a.action]}
          aria-disabled={disabled[a.action]}
          data-testid={a.testId}
          onClick={() => onPick(a.action)}
        >
          {t(a.label)}
        </button>
      ))}
    </div>
  );
}
