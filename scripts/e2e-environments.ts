// The shapes the end-to-end suite runs against. `npm test` runs each in turn (scripts/test.ts):
// it starts the environment, runs Playwright with the environment's variables and arguments, and
// stops it. Each start-up is in e2e/environments/.
import { defaultEnvironment } from '../e2e/environments/default.ts';
import { nginxEnvironment } from '../e2e/environments/nginx.ts';
import { legacyPlainEnvironment } from '../e2e/environments/legacy-plain.ts';
import { upstreamEnvironment } from '../e2e/environments/upstream.ts';
import type { E2eEnvironment } from '../e2e/environments/environment.ts';

/**
 * The environments `npm test` runs, one after the other: the plain shape with the whole suite, then
 * the deployed shapes with the specs their issues name — nginx (issue 14: session, settings, frame
 * through deploy/nginx/portico.conf over two instances on PostgreSQL), legacy-plain (issue 16: the
 * frame contract and the plain example) and upstream (issue 16: session, settings and frame through
 * a Portico in upstream mode, plus frame-contract and upstream.spec). nginx reports itself skipped
 * where nginx or PostgreSQL 15 is missing (`.ci/run` installs both).
 */
export const E2E_ENVIRONMENTS: E2eEnvironment[] = [
  defaultEnvironment,
  nginxEnvironment,
  legacyPlainEnvironment,
  upstreamEnvironment,
];

/** Every environment, for `--env=NAME`. */
export const ALL_E2E_ENVIRONMENTS: E2eEnvironment[] = [...E2E_ENVIRONMENTS];
