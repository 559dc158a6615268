import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureCycle } from './eslint-rules/feature-cycle.js';
import { featureEntry } from './eslint-rules/feature-entry.js';

// ---- The device catalogue's tables (docs/architecture.md, "The device catalogue") ----
const catalogueTable = String.raw`(?:devices|templates|template_tags)`;
const catalogueMessage =
  'SQL on the device catalogue (devices, templates, template_tags) belongs to modules/device: ask its entry (the Catalogue, or a query fragment such as teamDeviceIds / visibleDeviceIds).';
/** Kysely builder calls that name a table, and raw `sql` that names one. */
const catalogueSql = [
  {
    selector: `CallExpression[callee.property.name=/^(?:selectFrom|updateTable|insertInto|deleteFrom|mergeInto|replaceInto|innerJoin|leftJoin|rightJoin|fullJoin|innerJoinLateral|leftJoinLateral|crossJoin|table)$/] > Literal[value=/^${catalogueTable}(?:\\s+as\\s+\\w+)?$/]`,
    message: catalogueMessage,
  },
  {
    selector: `CallExpression[callee.name=/^(?:selectFrom|updateTable|insertInto|deleteFrom)$/] > Literal[value=/^${catalogueTable}(?:\\s+as\\s+\\w+)?$/]`,
    message: catalogueMessage,
  },
  {
    selector: `CallExpression[callee.property.name=/^(?:selectFrom|deleteFrom)$/] > ArrayExpression > Literal[value=/^${catalogueTable}(?:\\s+as\\s+\\w+)?$/]`,
    message: catalogueMessage,
  },
  {
    selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(?:from|join|update|into|table)\\s+"?${catalogueTable}\\b/i]`,
    message: catalogueMessage,
  },
];
/**
 * Outside the catalogue but allowed on its tables: migrations (they create them), tests and test
 * fixtures (they seed rows), the demo seed, and the modules not yet moved onto the catalogue's
 * entry (docs/architecture.md lists them; each leaves this list as it moves).
 */
const catalogueExempt = [
  'apps/server/src/db/migrations/**',
  'apps/server/src/**/*.test.ts',
  'apps/server/src/**/*-test-{helpers,factories}.ts',
  'apps/server/src/demo/**',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },

  // ---- Layers (docs/architecture.md, "Layers"): who may import whom ----
  {
    // The domain is shared by server, web and simulator: it imports nothing of ours.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '**/bench/**', '**/e2e/**', '@hmi/server', '@hmi/web', '@hmi/simulator'],
              message: 'packages/domain imports nothing of ours: move the shared piece into the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server infrastructure (lib, plugins, db, mail, config) never imports a feature module: the
    // composition root wires features into it.
    files: [
      'apps/server/src/{lib,plugins,db,mail}/**/*.ts',
      'apps/server/src/config.ts',
      'apps/server/src/config-*.ts',
    ],
    ignores: [
      '**/*.test.ts',
      // Exceptions: these migrations convert rows to and from the history store's frame format.
      'apps/server/src/db/migrations/0007-history-frames.ts',
      'apps/server/src/db/migrations/0022-history-frames-bytes.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/composition-root.ts', '**/compose/**'],
              message: 'Infrastructure does not import features: let the composition root wire them.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server feature modules reach each other only through a module's public entry,
    // modules/<b>/index.ts (services, ports, event types, presenters, pure helpers): never another
    // module's repository or internals. The composition root and its groups (src/compose/), outside
    // modules/, may import any file.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./[^./][^/]*/(?!index\.ts$)`,
              message:
                'Import another module through its public entry (../<module>/index.ts); export what is needed there (no repository: add a service method or a port the composition root fills).',
            },
            {
              group: ['**/compose/**', '**/composition-root.ts'],
              message:
                'A module does not import the composition: declare a port in the constructor, and let its group (src/compose/) pass it.',
            },
          ],
        },
      ],
    },
  },
  {
    // The device catalogue (devices, templates, template_tags) is modules/device's: no SQL on its
    // tables elsewhere. Others ask modules/device/index.ts (the catalogue, or a query fragment of
    // it for a join). Migrations and tests (fixtures) are exempt.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/device/**', ...catalogueExempt],
    rules: { 'no-restricted-syntax': ['error', ...catalogueSql] },
  },
  {
    // A module's public entry exports no repository: its SQL stays with the module that owns it.
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportSpecifier[exported.name=/Repo$/], ExportAllDeclaration',
          message:
            'A public entry exports no repository (and no `export *`): export a service method, or declare a port the composition root fills.',
        },
        ...catalogueSql,
      ],
    },
  },
  {
    // Exception: tests and test helpers may also use other modules' test helpers and factories
    // (`*-test-helpers.ts`, `*-test-factories.ts`).
    files: [
      'apps/server/src/modules/**/*.test.ts',
      'apps/server/src/modules/**/*-test-{helpers,factories}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\.\./[^./][^/]*/(?!index\.ts$|[\w.-]+-test-(?:helpers|factories)\.ts$)`,
              message:
                'A test imports another module through its public entry (../<module>/index.ts) or its *-test-helpers.ts / *-test-factories.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web features are used by pages and the shell, never the other way round.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/pages/**', '**/shell/**'],
              message:
                'A web feature does not import pages or the shell: move the shared piece into the feature or shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web features reach each other only through a public entry: features/<b>/index.ts, and
    // never in a loop (a helper two features share goes to shared/ or to the feature that owns it).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { 'feature-entry': featureEntry, 'feature-cycle': featureCycle } } },
    rules: { 'layers/feature-entry': 'error', 'layers/feature-cycle': 'error' },
  },
  {
    // Pages are drawn inside the shell, never the other way round: a page imports features and
    // shared pieces, not the shell (its layout, router or providers).
    files: ['apps/web/src/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shell/**'],
              message:
                'A page does not import the shell: move the shared piece into shared/ (or the feature that owns it).',
            },
          ],
        },
      ],
    },
  },
  {
    // The web's shared layer (client, texts, storage, feedback, theme...) knows no feature.
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/pages/**', '**/shell/**'],
              message: 'The shared layer imports no feature, page or shell piece.',
            },
          ],
        },
      ],
    },
  },

  // ---- Size rules (docs/architecture.md, "Size rules") ----
  {
    // No source file over 400 lines, no function over 150, counted as a reader sees them: blank
    // lines and comments count (a reader scrolls past them too; a comment that makes a function
    // long is a sign it wants splitting, not an excuse). Tests and their helpers are exempt.
    files: ['apps/server/**/*.ts', 'apps/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*-test-{helpers,factories}.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
);
