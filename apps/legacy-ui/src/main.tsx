import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFrameEndpoint, createWindowTransport } from '@portico/bridge';
import { createHashRouter } from './hash-router.ts';
import { prepareFormats } from './i18n.ts';
import { LegacyApp } from './legacy-app.tsx';
import { preloadPageFor } from './pages/page-for-route.tsx';
import './legacy-ui.css';
import './work-area.css';
import './theme.css';
import { installShellShortcuts } from './shell-shortcuts.ts';
import { applyTheme } from './theme.ts';

// The console's origin. Same origin by default (the services host both); a build for a split
// deployment sets VITE_PORTICO_CONSOLE_ORIGIN to the console's exact origin.
const consoleOrigin =
  (import.meta.env.VITE_PORTICO_CONSOLE_ORIGIN as string | undefined) ?? window.location.origin;
// Where records link to (real links: a new tab opens the console on that record).
const consoleBase =
  (import.meta.env.VITE_PORTICO_CONSOLE_URL as string | undefined) ?? `${consoleOrigin}/`;
const framed = window.parent !== window;
const router = createHashRouter(window);
// the shell opens the frame at its route: that page's code (when not in this script) is fetched
// now, alongside the session handshake, not after it
preloadPageFor(router.current());
const frame = framed
  ? createFrameEndpoint({
      transport: createWindowTransport(window, () => window.parent),
      peerOrigin: consoleOrigin,
      currentPath: () => router.current(),
    })
  : null;
if (frame) {
  // the shell's shortcuts and colour scheme reach the frame too
  installShellShortcuts(window, (command) => frame.send('shortcut', { command }));
  frame.on('theme', ({ scheme }) => applyTheme(document.documentElement, scheme));
}

// the first page's counts need Intl's number format: made while the frame waits (booted behind the
// sign-in form, or for the session's handshake), in the browser's language until the session says
const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
whenIdle(() => prepareFormats(navigator.language));

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <LegacyApp frame={frame} router={router} consoleBase={consoleBase} />
    </StrictMode>,
  );
}
