import './platform/i18n';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startTokenRefreshTimer } from './platform/token-refresh';
import { AppProviders } from './platform/ui/AppProviders';
import { router } from './shell/router';

startTokenRefreshTimer();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
