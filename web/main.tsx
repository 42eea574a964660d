import '@web/styles.css';
import { App, startFirstScreen } from '@web/app/app';
import { followSystemTheme } from '@web/lib/theme';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

followSystemTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// The first screen's downloads start here, and nowhere on import (decision 024). A failed fetch
// renders anyway: the lazy component tries again and shows the error if it fails.
// The first render is a transition (decision 058): React then renders in slices and yields to the
// browser between them, instead of one long task that a slow phone cannot answer a tap during;
// the HTML's first paint stays on screen until the render is done.
void startFirstScreen(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
