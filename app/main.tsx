import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { RouterProvider } from './router/router.js';
import { SessionProvider } from './session/session-context.js';
import './styles/app.css';

// The served index.html has `<div id="root">`; a page without one still gets the app.
const container = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
createRoot(container).render(
  <StrictMode>
    <RouterProvider>
      <SessionProvider>
        <App />
      </SessionProvider>
    </RouterProvider>
  </StrictMode>,
);
