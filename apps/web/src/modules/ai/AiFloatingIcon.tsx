import { RobotOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChat } from './chat-store';

/** The whole panel loads on first open: only this icon is part of the shell. */
const AiPanel = lazy(() => import('./AiPanel'));

const SIZE = 48;
/** spec 2: starts 62 px from the right and 110 px from the bottom */
export const ICON_RIGHT = 62;
export const ICON_BOTTOM = 110;
// inline: the shell's stylesheet is not this module's, and the panel's styles load with the panel
const ICON_STYLE: React.CSSProperties = {
  position: 'fixed',
  zIndex: 1000,
  width: SIZE,
  height: SIZE,
  borderRadius: '50%',
  border: 'none',
  background: 'linear-gradient(135deg, #1677ff, #722ed1)',
  color: '#fff',
  fontSize: 24,
  boxShadow: '0 4px 12px rgba(0, 0, 0, 0.2)',
  cursor: 'grab',
  touchAction: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
};
/**
 * Up to this window width the icon is docked as a narrow tab on the right edge (over the page's
 * margin, not over table rows, pagers and cards); wider windows have room for the spec's round icon.
 */
export const DOCK_MAX_WIDTH = 1440;
export const DOCKED_WIDTH = 28;

export function iconPlacement(windowWidth: number): React.CSSProperties {
  if (windowWidth > DOCK_MAX_WIDTH) return { right: ICON_RIGHT };
  return {
    right: 0,
    width: DOCKED_WIDTH,
    borderRadius: `${SIZE / 2}px 0 0 ${SIZE / 2}px`,
    fontSize: 16,
    justifyContent: 'flex-start',
    paddingInlineStart: 6,
  };
}

const clamp = (bottom: number) => Math.min(Math.max(0, bottom), Math.max(0, window.innerHeight - SIZE));

/**
 * Spec 2: a round floating icon, dragged vertically only and kept within the window height.
 * A click (not a drag) opens the AI panel.
 */
export function AiFloatingIcon() {
  const { t } = useTranslation();
  const open = useChat((s) => s.open);
  const [bottom, setBottom] = useState(ICON_BOTTOM);
  const [width, setWidth] = useState(() => window.innerWidth);
  const [loaded, setLoaded] = useState(false);
  const drag = useRef<{ y: number; bottom: number; moved: boolean } | null>(null);

  useEffect(() => {
    const keep = () => {
      setBottom((b) => clamp(b));
      setWidth(window.innerWidth);
    };
    window.addEventListener('resize', keep);
    return () => window.removeEventListener('resize', keep);
  }, []);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="ai-float"
        data-ai-float
        data-testid="ai-float"
        aria-label={t('ai.open')}
        title={t('ai.open')}
        style={{ ...ICON_STYLE, ...iconPlacement(width), bottom }}
        onPointerDown={(e) => {
          drag.current = { y: e.clientY, bottom, moved: false };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          const dy = e.clientY - d.y;
          if (Math.abs(dy) > 3) d.moved = true;
          if (d.moved) setBottom(clamp(d.bottom - dy));
        }}
        onPointerUp={() => {
          const d = drag.current;
          drag.current = null;
          if (d && !d.moved) useChat.getState().setOpen(!useChat.getState().open);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            useChat.getState().setOpen(!open);
          }
        }}
      >
        <RobotOutlined />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AiPanel />
        </Suspense>
      )}
    </>
  );
}
