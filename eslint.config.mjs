// ESLint for the whole repository (npm run lint, part of npm test). Fast rules only (no type-aware linting: tsc
// checks types in every package's test). The architecture's rules (docs/architecture.md) are import boundaries here:
// no remote imports another remote or the shell, the shared package imports no app, the server imports no
// browser-only code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const REMOTES = ['listings', 'content', 'forms', 'chat', 'admin'];

/**
 * The server's layers, lowest first: a folder imports its own layer and the ones below, never one above.
 * The composition root (app.ts, plugins.ts, index.ts, startup.ts) and the tools beside (seed CLI, bench, testing,
 * tools) sit on top. Each zone repeats the rule of the server's files below (no-restricted-imports does not merge).
 */
const SERVER_TOP = ['app', 'plugins', 'index', 'startup', 'bench', 'testing', 'tools'];
const SERVER_FEATURES = ['site', 'webhooks', 'auth', 'alerts', 'assistant'];
const SERVER_LAYERS = [
  {
    files: ['server/src/{http,store}/**/*.ts', 'server/src/{log,config,secrets}.ts'],
    above: ['formula', 'seed', 'media', 'records', ...SERVER_FEATURES, ...SERVER_TOP],
  },
  { files: ['server/src/formula/**/*.ts'], above: ['seed', 'media', 'records', ...SERVER_FEATURES, ...SERVER_TOP] },
  { files: ['server/src/{seed,media}/**/*.ts'], above: ['records', ...SERVER_FEATURES, ...SERVER_TOP] },
  { files: ['server/src/records/**/*.ts'], above: [...SERVER_FEATURES, ...SERVER_TOP] },
  { files: [`server/src/{${SERVER_FEATURES.join(',')}}/**/*.ts`], above: SERVER_TOP },
];

/** no-restricted-imports that keep a package out of the listed folders (patterns) and exact modules (paths). */
const boundaries = (message, groups, paths = []) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }], paths: paths.map((name) => ({ name, message })) }],
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'server/data/**', '**/coverage/**', '**/.cache/**', '.wt-*/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['{shell,shared,mfe-*}/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // the rules of hooks; not the React Compiler's rules (refs read while rendering, …): the site does not use the
      // compiler, and its hydration helpers read refs on purpose (typedBeforeHydration)
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['**/*.{cjs,mjs,js}', 'server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // browser tests: the callbacks of page.evaluate run in the page
    files: ['e2e/**/*.mjs', 'shared/build/jest-setup.cjs', 'shared/build/provide-bundler-runtime.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/src/test/**', '**/src/testing/**', 'shared/build/jest-*.cjs'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // docs/architecture.md rule 1: a remote imports only @gta/shared and npm packages
  ...REMOTES.map((remote) => ({
    files: [`mfe-${remote}/src/**/*.{ts,tsx}`],
    rules: boundaries(
      `A remote never imports another remote's or the shell's source: load it by id at run time (remoteComponent) or move the code to @gta/shared.`,
      ['**/shell/**', '**/server/**', ...REMOTES.filter((r) => r !== remote).map((r) => `**/mfe-${r}/**`)],
    ),
  })),
  {
    // the page holds one federated copy of @gta/shared (the core included); @gta/shared/core is not federated, so a
    // value imported from it bundles a second copy of the core into the part (docs/bench-history.md, issue 27)
    files: ['{shell,mfe-*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/src/test/**', '**/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@gta/shared/core',
              allowTypeImports: true,
              message:
                "In browser code import values from @gta/shared (the page's one federated copy); @gta/shared/core would bundle a second copy of the core into this part.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}'],
    rules: boundaries('The shell loads remotes by id at run time; it never imports their source or the server.', ['**/mfe-*/**', '**/server/**']),
  },
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: boundaries('The shared package imports no app: the apps import it.', ['**/mfe-*/**', '**/shell/**', '**/server/**']),
  },
  {
    // docs/shared-package.md, "The contract and the library": a part may run its own copy of the library, so library
    // code reaches the page's state (bus, runtime config, remote loader, first-screen state) only by the federated
    // specifier, never by a relative import that would bundle a second copy of that state into the library
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/contract.ts', 'shared/src/firstScreen/**', 'shared/src/ui/{bus,runtimeConfig,remote,usePageMeta}.{ts,tsx}', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(bus|runtimeConfig|remote|usePageMeta|contract|firstScreen(/.*)?)$',
              allowTypeImports: true,
              message: "Library code imports the page's state from '@gta/shared/contract' (one copy per page), never by a relative path.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: boundaries(
      'The server imports only the framework-free part of the shared package (@gta/shared/core) and no app source; it renders first screens from the built dist-server files.',
      ['@gta/shared/src/**', '**/mfe-*/**', '**/shell/**'],
      ['@gta/shared', 'react-dom/client'],
    ),
  },
  // the server's layers import downwards only (docs/architecture.md): each zone lists the folders above it
  ...SERVER_LAYERS.map(({ files, above }) => ({
    files,
    ignores: ['server/src/**/*.test.ts'],
    rules: boundaries(
      `The server's layers import downwards only (docs/architecture.md, "Rules"): this folder may not import ${above.join(', ')}. Move what both need down a layer.`,
      [...above.map((name) => `**/${name}`), ...above.map((name) => `**/${name}/**`), '@gta/shared/src/**', '**/mfe-*/**', '**/shell/**'],
      ['@gta/shared', 'react-dom/client'],
    ),
  })),
);
