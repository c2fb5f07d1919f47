import { lazy, Suspense, useEffect } from 'react';
import { useShell } from '../shell-store';

const PathSearchDialog = lazy(() => import('./PathSearchDialog'));

/** The path search dialog (lazy) and its shortcut Ctrl/⌘+K. */
export function PathSearch() {
  const open = useShell((s) => s.searchOpen);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        useShell.getState().setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PathSearchDialog />
    </Suspense>
  );
}
