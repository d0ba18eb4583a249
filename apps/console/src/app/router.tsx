import { LOGIN_ROUTE } from '@portico/core';
import { lazy, useState, type ComponentType } from 'react';
import { createHashRouter } from 'react-router';
import type { Guards } from '../router/guards.ts';
import { LoginRoute } from '../login/login-route.tsx';
import { RouteError } from './route-error.tsx';

// The shell (chrome, frame, menus, dialogs) is loaded after sign-in only, or ahead while the user
// types on the sign-in page (createConsole's warmUp).
let loadedShell: ComponentType | null = null;
export const loadShellLayout = () =>
  import('../shell/shell-layout.tsx').then((module) => {
    loadedShell = module.default;
    return module;
  });
const LazyShellLayout = lazy(loadShellLayout);

/**
 * The shell, drawn in the first render when its code is here already (fetched while the user
 * typed): a lazy component suspends once even then, and the frame's tasks (it shares the main
 * thread) ran between the two halves of the first signed-in render. Chosen once per mount.
 */
function ShellLayout() {
  const [Shell] = useState(() => loadedShell ?? LazyShellLayout);
  return <Shell />;
}

function Empty() {
  return null;
}

export function createAppRouter(guards: Guards) {
  return createHashRouter([
    {
      path: LOGIN_ROUTE,
      loader: guards.loginLoader,
      Component: LoginRoute,
      ErrorBoundary: RouteError,
      HydrateFallback: Empty,
    },
    {
      path: '/',
      id: 'main',
      loader: guards.mainLayoutLoader,
      Component: ShellLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: Empty,
      children: [
        { index: true, loader: guards.appIndexLoader, Component: Empty },
        {
          path: 'app',
          children: [
            { index: true, loader: guards.appIndexLoader, Component: Empty },
            { path: '*', loader: guards.appPageLoader, Component: Empty },
          ],
        },
        { path: '*', loader: guards.placeholderLoader, Component: Empty },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
