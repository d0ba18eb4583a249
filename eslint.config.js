// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Boundary rules of DESIGN.md §2, shared by every file. */
const noFocusedTests = ['describe', 'it', 'test'].flatMap((object) => [
  { object, property: 'only', message: 'A focused test hides the rest of the suite.' },
]);

/**
 * Comments keep their reasoning, never a tracker's numbers (the word "issue" with a number): the
 * repository does not hold the tracker, so such a reference tells a reader nothing; the why goes in
 * the comment itself or in the commit message.
 */
const porticoRules = {
  rules: {
    'no-tracker-references': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: {
          tracker:
            'Say the reason in the comment, not a tracker number (the repository does not hold the tracker).',
        },
      },
      /** @param {import('eslint').Rule.RuleContext} context */
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (/\bissues? #?\d+/i.test(comment.value)) {
                context.report({
                  loc: comment.loc ?? { line: 1, column: 0 },
                  messageId: 'tracker',
                });
              }
            }
          },
        };
      },
    },
  },
};

/** The console's feature folders: they stand on lib/, api/, store/, session/ and i18n/. */
const CONSOLE_FEATURES = [
  'app',
  'frame',
  'shell',
  'palette',
  'login',
  'router',
  'analytics',
  'updates',
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      // the peers' own recipes (bench/peers/README.md): built with their own toolchain, not ours
      'bench/peers/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The plain legacy example: classic browser scripts with the frame kit's global.
    files: ['apps/legacy-plain/www/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { ...globals.browser, PorticoFrame: 'readonly' },
    },
  },
  {
    plugins: { 'import-x': importX, portico: porticoRules },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'packages/*/tsconfig.json',
            'apps/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-eval': 'error',
      'portico/no-tracker-references': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-properties': ['error', ...noFocusedTests],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Function']",
          message: 'Never build code from strings.',
        },
        {
          selector: "CallExpression[callee.name='Function']",
          message: 'Never build code from strings.',
        },
        { selector: 'ExportAllDeclaration', message: 'Use explicit named re-exports (DESIGN §2).' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portico/*/*'],
              message: 'Import a workspace only through its public index (no deep imports).',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-relative-packages': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Type-aware rules: the project service reads each workspace's tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['packages/*/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-deprecated': 'error',
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'No React in packages (DESIGN §2).' },
            { name: 'react-dom', message: 'No React in packages (DESIGN §2).' },
          ],
          patterns: [
            { group: ['@portico/*/*'], message: 'No deep imports into another workspace.' },
            {
              group: [
                'react-*',
                'react/*',
                '@portico/console',
                '@portico/legacy-ui',
                '@portico/services',
              ],
              message: 'Packages never depend on apps or React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react', message: 'No React in packages (DESIGN §2).' }],
          patterns: [
            {
              group: ['@portico/*', 'react*'],
              message: '@portico/core depends on nothing of ours (DESIGN §2).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'fetch',
          'navigator',
          'location',
        ].map((name) => ({
          name,
          message: '@portico/core is pure: pass state in, no DOM, storage or fetch.',
        })),
      ],
    },
  },
  {
    // Build configs and the bench use the root scripts/ helpers. (The services get their version
    // from whoever starts them: scripts/start.ts reads git, the services never import scripts/.)
    files: [
      'apps/*/vite.config.ts',
      'bench/**/*.ts',
      'e2e/playwright.config.ts',
      'e2e/global-setup.ts',
      'scripts/e2e-env-nginx.ts',
      'e2e/environments/*.ts',
      'apps/services/test/deploy-nginx.test.ts',
      'apps/console/test/compile-hints.test.ts',
    ],
    rules: { 'import-x/no-relative-packages': 'off' },
  },
  {
    // One storage module. The console's code reaches localStorage, sessionStorage and
    // cookies only through session/browser-storage.ts, and the access token only through
    // session/token-store.ts (as tldraw bans direct storage outside its own helpers). Tests may
    // still act as another tab would.
    files: ['apps/console/src/**/*.{ts,tsx}'],
    ignores: ['apps/console/src/session/browser-storage.ts', 'apps/console/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['localStorage', 'sessionStorage'].map((name) => ({
          name,
          message: 'Use session/browser-storage.ts (the one storage module).',
        })),
      ],
      'no-restricted-properties': [
        'error',
        ...noFocusedTests,
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['localStorage', 'sessionStorage'].map((property) => ({
            object,
            property,
            message: 'Use session/browser-storage.ts (the one storage module).',
          })),
        ),
        {
          object: 'document',
          property: 'cookie',
          message: 'Use session/browser-storage.ts (the one storage module).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'js-cookie',
              message: 'Use session/browser-storage.ts (the one storage module).',
            },
          ],
          patterns: [
            {
              group: ['@portico/*/*'],
              message: 'Import a workspace only through its public index (no deep imports).',
            },
          ],
        },
      ],
    },
  },
  {
    // The services' layers point one way. db/ is the bottom; cache/ depends on
    // nothing of ours; auth/ knows nothing of HTTP (it throws AuthError, app.ts maps it); http/,
    // policies/ and presenters/ serve the route modules and never import them; only the process
    // entries (index.ts, cluster/worker-main.ts) import the composition (app.ts, context.ts).
    files: ['apps/services/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/services/src/db',
              from: [
                'audit',
                'auth',
                'cache',
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'ops',
                'cluster',
                'app.ts',
                'context.ts',
                'seed',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message: 'db/ is the bottom layer: it imports nothing of the services above it.',
            },
            {
              target: 'apps/services/src/audit',
              from: [
                'auth',
                'cache',
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'ops',
                'cluster',
                'app.ts',
                'context.ts',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message:
                "audit/ writes entries through the caller's transaction: it imports only db/.",
            },
            {
              target: 'apps/services/src/webhooks',
              from: [
                'audit',
                'auth',
                'cache',
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'ops',
                'cluster',
                'app.ts',
                'context.ts',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message:
                "webhooks/ writes the outbox through the caller's transaction and sends it: it imports only db/.",
            },
            {
              target: 'apps/services/src/retention',
              from: [
                'auth',
                'cache',
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'ops',
                'cluster',
                'webhooks',
                'app.ts',
                'context.ts',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message:
                'retention/ counts and purges through db/ and audits through audit/: nothing else.',
            },
            {
              target: 'apps/services/src/licenses',
              from: [
                'audit',
                'auth',
                'cache',
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'ops',
                'cluster',
                'webhooks',
                'retention',
                'app.ts',
                'context.ts',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message:
                'licenses/ signs, verifies and counts through db/ and node:crypto: nothing else.',
            },
            {
              target: 'apps/services/src/cache',
              from: [
                'auth',
                'db',
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'ops',
                'cluster',
                'app.ts',
                'context.ts',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message: 'cache/ is a building block: it imports nothing of the services.',
            },
            {
              target: 'apps/services/src/auth',
              from: [
                'http',
                'routes',
                'resources',
                'policies',
                'presenters',
                'analytics',
                'app.ts',
                'context.ts',
                'services-context.ts',
              ].map((from) => `apps/services/src/${from}`),
              message: 'auth/ knows nothing of HTTP or routes: throw AuthError, the edge maps it.',
            },
            {
              target: ['http', 'policies', 'presenters'].map(
                (layer) => `apps/services/src/${layer}`,
              ),
              from: ['routes', 'analytics', 'app.ts', 'context.ts'].map(
                (from) => `apps/services/src/${from}`,
              ),
              message:
                'http/, policies/ and presenters/ serve the route modules; they never import them.',
            },
            {
              target: [
                ...['resources', 'analytics', 'static', 'ops', 'seed', 'cluster'].map(
                  (layer) => `apps/services/src/${layer}`,
                ),
                'apps/services/src/upstream/!(upstream-app).ts',
              ],
              from: 'apps/services/src/routes',
              message:
                'Every HTTP handler lives in routes/; the logic it uses (queries, transport, files) never imports it.',
            },
            {
              target: [
                ...[
                  'auth',
                  'cache',
                  'db',
                  'http',
                  'routes',
                  'resources',
                  'policies',
                  'presenters',
                  'analytics',
                  'ops',
                  'kit',
                  'static',
                  'upstream',
                ].map((layer) => `apps/services/src/${layer}`),
                'apps/services/src/cluster/!(worker-main).ts',
                'apps/services/src/{listen,services-context}.ts',
                'apps/services/src/seed',
              ],
              from: [
                'apps/services/src/app.ts',
                'apps/services/src/context.ts',
                'apps/services/src/index.ts',
              ],
              message:
                'Only the process entries (index.ts, cluster/worker-main.ts) compose the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The console's layers point one way (CONTRIBUTING.md). app/ composes and nothing
    // imports it; lib/, api/ and store/ are the shared floor; session/ and i18n/ stand on that
    // floor; the features (frame, shell, palette, login, router, analytics, updates) stand on both.
    // lib/app-context.ts is the one seam that names the features' types (type-only imports).
    files: ['apps/console/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/console/src/!(app)/**/*',
              from: 'apps/console/src/app',
              message: 'app/ is the composition root: it imports the rest, nothing imports it.',
            },
            {
              target: [
                'apps/console/src/lib/!(app-context).ts',
                'apps/console/src/lib/*.tsx',
                'apps/console/src/api/**/*',
                'apps/console/src/store/**/*',
              ],
              from: CONSOLE_FEATURES.concat(['session', 'i18n']).map(
                (folder) => `apps/console/src/${folder}`,
              ),
              message:
                'lib/, api/ and store/ are the shared floor: they import no session, i18n or feature code.',
            },
            {
              target: ['apps/console/src/session/**/*', 'apps/console/src/i18n/**/*'],
              from: CONSOLE_FEATURES.map((folder) => `apps/console/src/${folder}`),
              message:
                'session/ and i18n/ sit below the features: features import them, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}', 'apps/legacy-ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
