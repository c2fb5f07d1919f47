import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from './platform/i18n';
import { installPlainCopy } from './platform/plain-copy';
import { startTokenRefreshTimer } from './platform/token-refresh';
import { AppProviders } from './platform/ui/AppProviders';
import { reloadOnceForChunkFailure } from './shell/chunk-guard';
import { router } from './shell/router';

startTokenRefreshTimer();
installPlainCopy();

// A chunk's preload failed (a deploy replaced the files): reload once; if that already happened
// the import fails on and the route's error screen says the system was upgraded.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkFailure()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The platform texts of the session's language (one small chunk) are there before anything renders
// (a promise, not a top-level await: see platform/i18n.ts). Should that chunk fail twice (the preload
// guard above reloads once), render anyway: keys beat a blank page.
void i18nReady
  .catch((err: unknown) => console.error('UI texts failed to load', err))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
