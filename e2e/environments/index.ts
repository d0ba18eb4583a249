// The deployed shapes the end-to-end suite runs against, by Playwright project name (each project's
// setup starts its environment through serve.ts; e2e/playwright.config.ts lists the projects).
import { defaultEnvironment } from './default.ts';
import type { E2eEnvironment } from './environment.ts';
import { legacyPlainEnvironment } from './legacy-plain.ts';
import { nginxEnvironment } from './nginx.ts';
import { platformShapesEnvironment } from './platform-shapes.ts';
import { upstreamEnvironment } from './upstream.ts';

export const ENVIRONMENTS: Record<string, E2eEnvironment> = Object.fromEntries(
  [
    defaultEnvironment,
    nginxEnvironment,
    legacyPlainEnvironment,
    upstreamEnvironment,
    platformShapesEnvironment,
  ].map((environment) => [environment.name, environment]),
);
