import '@web/styles.css';
import { App, preloadFirstScreen } from '@web/app/app';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// A failed fetch renders anyway: the lazy component tries again and shows the error if it fails.
void preloadFirstScreen(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
