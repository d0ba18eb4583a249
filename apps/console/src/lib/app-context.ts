import { createContext, useContext } from 'react';
import type { PlatformApi } from '../api/platform-api.ts';
import type { FrameBridge } from '../frame/frame-bridge.ts';
import type { UnsavedWork } from '../frame/unsaved-work.ts';
import type { SessionExpiryWatcher } from '../session/session-expiry-watcher.ts';
import type { SessionController } from '../session/session-controller.ts';
import type { RuntimeConfig } from './runtime-config.ts';

export interface AppServices {
  config: RuntimeConfig;
  api: PlatformApi;
  session: SessionController;
  navigate(path: string, options?: { replace?: boolean }): void;
  frame: FrameBridge;
  /** The session's end: the warning's countdown, "Stay signed in". */
  expiry: SessionExpiryWatcher;
  /** The frame's unsaved work (asks before signing out or leaving the record). */
  unsaved: UnsavedWork;
}

export const AppContext = createContext<AppServices | null>(null);

export function useAppServices(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useAppServices outside <AppContext.Provider>');
  return services;
}
