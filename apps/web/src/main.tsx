import './platform/i18n';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
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

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
