import { configureStore } from '@reduxjs/toolkit';
import { authnSlice, authzSlice, configSlice, routingSlice, sessionSlice } from './slices.ts';

export function createAppStore() {
  return configureStore({
    reducer: {
      authn: authnSlice.reducer,
      authz: authzSlice.reducer,
      config: configSlice.reducer,
      session: sessionSlice.reducer,
      routing: routingSlice.reducer,
    },
    // DESIGN §3 / spec §9: 25 entries, log-only (no dispatch from the devtools) in production.
    devTools: import.meta.env.PROD
      ? {
          maxAge: 25,
          features: {
            dispatch: false,
            jump: false,
            skip: false,
            import: false,
            persist: false,
            reorder: false,
            lock: false,
            pause: true,
            export: true,
            test: false,
          },
        }
      : { maxAge: 25 },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
