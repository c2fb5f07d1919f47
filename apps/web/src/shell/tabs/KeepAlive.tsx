import { Activity, createContext, type ReactNode, Suspense, useContext, useLayoutEffect, useRef } from 'react';
import { type Location, UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType } from 'react-router';
import { PageLoading } from '../../platform/ui/PageLoading';
import { useTabs } from './tabs-store';

/** Which tab a page is rendered for (null outside the tab panes: error pages, the refresh hop). */
export interface PaneInfo {
  tabKey: string | null;
  active: boolean;
}

const PaneContext = createContext<PaneInfo>({ tabKey: null, active: true });
export const usePane = (): PaneInfo => useContext(PaneContext);

interface Pane {
  element: ReactNode;
  /** the location the page was last shown with: hidden pages keep reading their own address */
  location: { location: Location; navigationType: ReturnType<typeof useNavigationType> };
  generation: number;
  /** stable context values, so hidden panes are not re-rendered by the shell */
  shown: PaneInfo;
  hidden: PaneInfo;
}

/**
 * One scroll container per tab. Its scroll position is recorded while the tab is shown and put
 * back when the tab is shown again (Activity re-runs layout effects on show).
 */
function TabPane({ children, testId }: { children: ReactNode; testId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const saved = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (saved.current) el.scrollTop = saved.current;
    const onScroll = () => {
      saved.current = el.scrollTop;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <div ref={ref} className="portal-pane" data-testid={testId}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </div>
  );
}

/**
 * Keep-alive tabs with React 19.2 <Activity>: one Activity per open tab, keyed by tab key (and
 * the tab's generation, so closing, replacing or refreshing a tab mounts it anew). Hidden tabs
 * keep their state, form inputs, table state and scroll position; their effects are torn down
 * and run again when shown, so pages fetch through TanStack Query, not bare effects. Each pane
 * keeps the location it was shown with, so a hidden page never sees another tab's address.
 * Panes are never re-ordered (insertion order), and iframes live in IframeLayer, not here.
 */
export function KeepAlive({ activeKey, outlet }: { activeKey: string | null; outlet: ReactNode }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = useTabs((s) => s.tabs);
  const generation = useTabs((s) => s.generation);
  const cache = useRef(new Map<string, Pane>()).current;

  const open = new Set(tabs.map((t) => t.key));
  if (activeKey) {
    const gen = generation[activeKey] ?? 0;
    const prev = cache.get(activeKey);
    if (prev && prev.generation !== gen && !open.has(activeKey)) {
      // the shown tab was just closed and the navigation away is under way: do not mount it again
      cache.delete(activeKey);
    } else if (!prev || prev.element !== outlet || prev.location.location !== location || prev.generation !== gen) {
      cache.set(activeKey, {
        element: outlet,
        location: { location, navigationType },
        generation: gen,
        shown: prev?.shown ?? { tabKey: activeKey, active: true },
        hidden: prev?.hidden ?? { tabKey: activeKey, active: false },
      });
    }
  }
  // closed, replaced or refreshed tabs free their page
  for (const [key, pane] of cache) {
    if (key === activeKey) continue;
    if (!open.has(key) || pane.generation !== (generation[key] ?? 0)) cache.delete(key);
  }

  return (
    <>
      {[...cache.entries()].map(([key, pane]) => (
        <Activity key={`${key}@${pane.generation}`} mode={key === activeKey ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={pane.location}>
            <PaneContext.Provider value={key === activeKey ? pane.shown : pane.hidden}>
              <TabPane testId={`pane-${key}`}>{pane.element}</TabPane>
            </PaneContext.Provider>
          </LocationContext.Provider>
        </Activity>
      ))}
      {!activeKey && (
        <div className="portal-pane" data-testid="pane-page">
          <Suspense fallback={<PageLoading />}>{outlet}</Suspense>
        </div>
      )}
    </>
  );
}
