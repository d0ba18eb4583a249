// Redux Toolkit slices of DESIGN §3. Rules live in @portico/core; these only hold state.
import { createSlice, original, type PayloadAction } from '@reduxjs/toolkit';
import { keepWhenSame } from '@portico/core';
import type { AuthState } from '@portico/core';
import type { PlatformUser, VisibilityGroup } from '../api/platform-api.ts';

/** Spec §4 authentication states; SESSION_EXPIRED is derived for display from `expiredFlag`. */
export type AuthStatus = AuthState;

export interface AuthnState {
  status: AuthStatus;
  /** Mirror of the local-storage session-expired flag (spec §4). */
  expiredFlag: boolean;
  error: string | null;
}

const initialAuthn: AuthnState = { status: 'NO_AUTH', expiredFlag: false, error: null };

export const authnSlice = createSlice({
  name: 'authn',
  initialState: initialAuthn,
  reducers: {
    statusChanged(state, action: PayloadAction<{ status: AuthStatus; expiredFlag: boolean }>) {
      state.status = action.payload.status;
      state.expiredFlag = action.payload.expiredFlag;
      if (action.payload.status !== 'NO_AUTH') state.error = null;
    },
    reset: (state) => ({ ...initialAuthn, expiredFlag: state.expiredFlag }),
  },
});

export interface AuthzState {
  permissions: string[];
  visibilityGroups: VisibilityGroup[];
}

const initialAuthz: AuthzState = { permissions: [], visibilityGroups: [] };

export const authzSlice = createSlice({
  name: 'authz',
  initialState: initialAuthz,
  reducers: {
    // a reload with the same permissions keeps the old list: the frame is pushed only a change
    loaded(draft, action: PayloadAction<AuthzState>) {
      const state = original(draft) ?? initialAuthz;
      return keepWhenSame(state, {
        permissions: keepWhenSame(state.permissions, action.payload.permissions),
        visibilityGroups: keepWhenSame(state.visibilityGroups, action.payload.visibilityGroups),
      });
    },
    reset: () => initialAuthz,
  },
});

export interface ConfigState {
  language: string;
  timeZone: string;
  dateFormat: string;
  calendarFormat: string;
  hiddenTabs: string[];
  /** Effective group fields of the active group, JSON values parsed (spec §3 "Group fields"). */
  groupFields: Record<string, unknown>;
  /** The user's inherited fields: own value and the value inherited from the group tree. */
  userFields: Record<string, { value: unknown; parentValue: unknown }>;
  loaded: boolean;
}

const initialConfig: ConfigState = {
  language: 'en',
  timeZone: 'EST5EDT',
  dateFormat: 'MM/DD/YYYY',
  calendarFormat: '12h',
  hiddenTabs: [],
  groupFields: {},
  userFields: {},
  loaded: false,
};

export const configSlice = createSlice({
  name: 'config',
  initialState: initialConfig,
  reducers: {
    // a reload (after a group's settings were saved, another window's change) that brings the
    // same group fields keeps the old object: the frame is pushed only a change
    loaded(draft, action: PayloadAction<Omit<ConfigState, 'loaded'>>) {
      const state = original(draft) ?? initialConfig;
      const next = {
        ...action.payload,
        hiddenTabs: keepWhenSame(state.hiddenTabs, action.payload.hiddenTabs),
        groupFields: keepWhenSame(state.groupFields, action.payload.groupFields),
        userFields: keepWhenSame(state.userFields, action.payload.userFields),
        loaded: true,
      };
      return keepWhenSame(state, next);
    },
    fieldUpdated(
      state,
      action: PayloadAction<{
        field: 'language' | 'timeZone' | 'dateFormat' | 'calendarFormat';
        value: string;
      }>,
    ) {
      state[action.payload.field] = action.payload.value;
    },
    reset: () => initialConfig,
  },
});

export interface SessionState {
  user: PlatformUser | null;
  isRoot: boolean;
  /** Where this user lands by default (spec §2 "default landing page"); null: no module permitted. */
  defaultUrl: string | null;
}

const initialSession: SessionState = { user: null, isRoot: false, defaultUrl: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    loaded(_state, action: PayloadAction<SessionState>) {
      return action.payload;
    },
    reset: () => initialSession,
  },
});

export type RoutingChange = 'CHANGED' | 'UPDATED';

export interface RoutingState {
  /** The last console URL asked for (navigate). */
  url: string | null;
  /** navigate → navigateSuccess (frame confirmed) or navigateUpdate (frame navigated itself) (spec §4). */
  phase: 'idle' | 'navigate' | 'navigateSuccess' | 'navigateUpdate';
  module: string | null;
  featureModule: string | null;
  page: string | null;
  changes: { module: RoutingChange; featureModule: RoutingChange; page: RoutingChange } | null;
}

const initialRouting: RoutingState = {
  url: null,
  phase: 'idle',
  module: null,
  featureModule: null,
  page: null,
  changes: null,
};

export const routingSlice = createSlice({
  name: 'routing',
  initialState: initialRouting,
  reducers: {
    navigate(state, action: PayloadAction<Omit<RoutingState, 'phase'>>) {
      return { ...action.payload, phase: 'navigate' as const };
    },
    navigateSuccess(state, action: PayloadAction<{ url: string }>) {
      if (state.url === action.payload.url) state.phase = 'navigateSuccess';
    },
    navigateUpdate(_state, action: PayloadAction<Omit<RoutingState, 'phase'>>) {
      return { ...action.payload, phase: 'navigateUpdate' as const };
    },
    reset: () => initialRouting,
  },
});
