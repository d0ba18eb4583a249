import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { disposeAll } from './disposables.ts';
import { closeBroadcastChannels, installTrackedBroadcastChannel } from './broadcast-channels.ts';

installTrackedBroadcastChannel();

// FingerprintJS needs a canvas jsdom lacks and then waits on its own timeouts (seconds per file);
// the clientId header only needs some stable value here.
vi.mock('../src/session/client-id.ts', () => ({
  getClientId: () => Promise.resolve('test-client-id'),
}));

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  cleanup();
  disposeAll();
  closeBroadcastChannels();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  window.history.replaceState(null, '', '/');
  document.title = '';
});
