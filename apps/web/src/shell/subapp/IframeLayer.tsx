import { useTabs } from '../tabs/tabs-store';

/**
 * The embedded sub-applications' iframes. They live here, in one layer laid over the content
 * area, never inside a keep-alive pane: an iframe reloads whenever it is moved in the DOM, so
 * this layer only ever appends and removes frames (in tab-open order) and shows the active
 * tab's frame with CSS. A frame lives exactly as long as its tab.
 */
export function IframeLayer({ activeKey }: { activeKey: string | null }) {
  const tabs = useTabs((s) => s.tabs);
  const frames = useTabs((s) => s.frames);
  const generation = useTabs((s) => s.generation);
  const open = new Set(tabs.map((t) => t.key));
  const entries = Object.entries(frames).filter(([key]) => open.has(key));
  const anyShown = entries.some(([key]) => key === activeKey);
  return (
    <div className="portal-iframe-layer" style={{ display: anyShown ? 'block' : 'none' }} aria-hidden={!anyShown}>
      {entries.map(([key, src]) => (
        <iframe
          key={`${key}@${generation[key] ?? 0}`}
          src={src}
          title={key}
          data-testid={`frame-${key}`}
          style={{ display: key === activeKey ? 'block' : 'none' }}
        />
      ))}
    </div>
  );
}
