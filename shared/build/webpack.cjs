// The one webpack + Module Federation setup that the shell and the five remotes use, so every app builds
// the same way and shares the same singletons. Each app calls createAppConfig() from its webpack.config.js.
const path = require('path');
const fs = require('fs');
const { PublishServerBuildPlugin, isPublishedServerBuild } = require('./serverManifest.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedDir = path.resolve(__dirname, '..');

/**
 * The react-router-dom exports any part of the site may use: every client-side component, hook and helper.
 * A shared module is normally bundled whole (any consumer might need any export: 57 KB compressed for the
 * router); federation's shared tree-shaking keeps only these (about half). The list is one fixed contract for
 * every build, so the shell and every remote provide the same copy: a consumer needing an export outside it would
 * get a second router instance and lose the router context. routerImportsOutsideContract() fails the build
 * instead; to use a new export, add it here and redeploy the shell with the remotes.
 */
const ROUTER_EXPORTS = [
  // declarative routing only: the site has no loaders or actions, and the data router (RouterProvider,
  // createBrowserRouter, useLoaderData, ScrollRestoration…) would more than double the router's bytes
  'BrowserRouter',
  'HashRouter',
  'Link',
  'MemoryRouter',
  'Navigate',
  'NavLink',
  'Outlet',
  'Route',
  'Router',
  'Routes',
  'createRoutesFromElements',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'resolvePath',
  'useHref',
  'useInRouterContext',
  'useLinkClickHandler',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
];

/** Router exports an app's sources import at run time that the contract above lacks. */
function routerImportsOutsideContract(appDir) {
  const fs = require('fs');
  const missing = new Set();
  const importRe = /import\s*\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g; // `import type {…}` does not match
  const src = path.join(appDir, 'src');
  if (!fs.existsSync(src)) return [];
  for (const file of fs.readdirSync(src, { recursive: true })) {
    if (!/\.tsx?$/.test(file) || /\.(test|server)\.tsx?$/.test(file)) continue; // *.server.tsx runs only in Node
    const text = fs.readFileSync(path.join(src, file), 'utf8');
    for (const match of text.matchAll(importRe)) {
      for (const part of match[1].split(',')) {
        const spec = part.trim();
        const name = spec.split(/\s+as\s+/)[0];
        // `type X` imports vanish at run time; a type imported without the keyword is reported too (mark it `type`)
        if (name && !spec.startsWith('type ') && !ROUTER_EXPORTS.includes(name)) missing.add(name);
      }
    }
  }
  return [...missing];
}

/** Webpack aliases of the entries of @gta/shared that are bundled, not federated (bundledEntries.cjs). */
function bundledEntryAliases() {
  return Object.fromEntries(Object.entries(require('./bundledEntries.cjs')).map(([specifier, file]) => [`${specifier}$`, path.join(sharedDir, file)]));
}

/**
 * TypeScript through ts-loader, transpile only: `npm test` type-checks each package with tsc --noEmit.
 * @param {string} appDir
 * @param {{ refresh?: boolean }} [options] refresh: the development build's React Fast Refresh transform (devRefresh.cjs)
 */
function typeScriptRule(appDir, { refresh = false } = {}) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'ts-loader',
      options: {
        configFile: path.join(appDir, 'tsconfig.json'),
        transpileOnly: true,
        compilerOptions: { module: 'esnext', noEmit: false },
        ...(refresh ? { getCustomTransformers: require('./devRefresh.cjs').refreshTransformers() } : {}),
      },
    },
  };
}

/**
 * The singletons of docs/architecture.md rule 2: one copy of each in the browser, whichever app loads first (the
 * shell); and @gta/shared, split into its contract (a singleton) and its library (not one).
 * @param {string} [appDir] the app whose build this is: its @gta/shared ranges come from the names it imports
 * @param {{ name?: string, production?: boolean }} [app] the shell provides the 2.x bridge; production remotes carry no contract of their own
 */
function sharedSingletons(appDir, app = {}) {
  const version = (name) => require(`${name}/package.json`).version;
  // the version is stated, not looked up: for a subpath key ('@emotion/react/' → jsx-runtime) the lookup finds no
  // package.json and registers version 0, which the runtime then warns does not satisfy ^11 on every page
  const dep = (name) => ({ singleton: true, requiredVersion: `^${version(name)}`, version: version(name) });
  return {
    react: dep('react'),
    'react/': dep('react'),
    'react-dom': dep('react-dom'),
    'react-dom/': dep('react-dom'),
    'react-router-dom': { ...dep('react-router-dom'), treeShaking: { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS } },
    '@emotion/react': dep('@emotion/react'),
    // the css prop compiles to '@emotion/react/jsx-runtime': without this key every remote bundled its own emotion
    // cache and theme context (a second emotion in the page)
    '@emotion/react/': dep('@emotion/react'),
    '@emotion/styled': dep('@emotion/styled'),
    zustand: dep('zustand'),
    // the stores import 'zustand/vanilla' (no React binding): shared like the other subpaths
    'zustand/': dep('zustand'),
    ...sharedPackageShares(appDir, app),
  };
}

/** The share key of the library half of @gta/shared (3.0 on): apart from `@gta/shared`, which 2.x parts consume as a singleton. */
const LIBRARY_SHARE_KEY = '@gta/shared/library';
/** The last 2.x release: the version the shell's bridge for 2.x parts registers under `@gta/shared`. */
const LAST_2X_RELEASE = '2.0.0';

/**
 * @gta/shared in the federation (docs/shared-package.md, "The contract and the library"):
 * - `@gta/shared/contract`: the page's state (bus, runtime config, remote loader, first-screen state). A singleton
 *   with strictVersion, required `>=` the newest version that added a contract name the app (or the library it
 *   carries) uses: the contract only grows, so any newer one satisfies. Each exposed module checks its own need
 *   too (contractCheckedExposes), so one module needing a newer contract does not take the remote's others down.
 *   A production remote's own copy is no copy of the state: it is the bridge to a 2.x shell's `@gta/shared`
 *   (contractFrom2x.js), used only on a page with no contract at all.
 * - `@gta/shared` (share key `@gta/shared/library`): the UI kit, rules, formatting and theme. Not a singleton, not
 *   strict, `^` the newest version that added a library name the app imports: the page's copy when it satisfies
 *   that, else the app's own (federation's fallback), so a part built against an older or newer library still runs.
 *   It reaches the state only through `@gta/shared/contract` (ESLint), so its own copy uses the page's state.
 * - the shell also registers its package under `@gta/shared` at version 2.0.0, a singleton: what a 2.x remote asks
 *   for (libraryFor2x.js), so remotes built before 3.0 keep running behind a 3.x shell.
 */
function sharedPackageShares(appDir, { name, production = true } = {}) {
  const surface = require('./exportSurface.cjs');
  const version = require(path.join(sharedDir, 'package.json')).version;
  const snapshot = surface.readSnapshot();
  if (snapshot.version !== version)
    throw new Error(
      `shared/package.json says ${version} but shared/exports.json ${snapshot.version}: change the version only with npm run release -w @gta/shared.`,
    );
  const isShell = name === 'shell';
  const needs = appDir && name && !isShell ? Object.values(surface.contractNeedsOfModules(appDir, exposesOf(name), snapshot)) : [];
  // the remote as a whole needs the least of its modules: each module checks the rest when it loads
  const contractFloor = needs.reduce((least, need) => (surface.compareVersions(need, least) < 0 ? need : least), needs[0] ?? surface.CONTRACT_FLOOR);
  const shares = {
    '@gta/shared/contract': {
      singleton: true,
      strictVersion: true,
      requiredVersion: `>=${contractFloor}`,
      version,
      ...(production && name && !isShell ? { import: path.join(__dirname, 'contractFrom2x.js') } : {}),
    },
    '@gta/shared': {
      shareKey: LIBRARY_SHARE_KEY,
      singleton: false,
      strictVersion: false,
      requiredVersion: appDir ? surface.requiredSharedRange(appDir, snapshot) : `^${version}`,
      version,
    },
  };
  // what contractFrom2x.js asks for: the 2.x shell's package, never a copy of this part's own
  if (production && name && !isShell)
    shares['@gta/shared/page-2x'] = { shareKey: '@gta/shared', singleton: true, strictVersion: true, requiredVersion: `^${LAST_2X_RELEASE}`, import: false };
  if (isShell)
    shares['@gta/shared/for-2x-parts'] = {
      import: path.join(__dirname, 'libraryFor2x.js'),
      shareKey: '@gta/shared',
      singleton: true,
      requiredVersion: false,
      version: LAST_2X_RELEASE,
    };
  return shares;
}

/**
 * A production remote's `exposes`, each module behind a generated file that checks the page's contract first
 * (CONTRACT_VERSION) against the version of the newest contract name the module uses (contractNeedsOfModules), and
 * refuses to load with the federation runtime's own wording when it is older: that module's region says so, and
 * the remote's other modules still load.
 */
function contractCheckedExposes(app) {
  const { contractNeedsOfModules } = require('./exportSurface.cjs');
  const exposes = app.exposes ?? {};
  const needs = contractNeedsOfModules(app.dir, exposes);
  const dir = path.join(sharedDir, '..', 'node_modules', '.cache', 'gta-exposes', app.name);
  fs.mkdirSync(dir, { recursive: true });
  return Object.fromEntries(
    Object.entries(exposes).map(([key, request]) => {
      const name = key.replace(/^\.\//, '');
      const base = path.resolve(app.dir, request);
      const file = [`${base}.tsx`, `${base}.ts`, base].find((candidate) => fs.existsSync(candidate)) ?? base;
      const hasDefault = /^export default |^export \{[^}]*\bdefault\b/m.test(fs.readFileSync(file, 'utf8'));
      const wrapper = path.join(dir, `${name}.js`);
      const need = needs[name];
      fs.writeFileSync(
        wrapper,
        `// generated by shared/build/webpack.cjs (contractCheckedExposes): ${app.name}/${name} needs the contract ${need} or newer\n` +
          `import { CONTRACT_VERSION } from '@gta/shared/contract';\n` +
          `const have = String(CONTRACT_VERSION ?? '0.0.0').split('.').map(Number);\n` +
          `const need = ${JSON.stringify(need.split('.').map(Number))};\n` +
          `if ((have[0] - need[0] || have[1] - need[1] || have[2] - need[2]) < 0)\n` +
          `  throw new Error(\`Version \${CONTRACT_VERSION} from the page of shared singleton module @gta/shared/contract does not satisfy the requirement of ${app.name}/${name} which needs >=${need}\`);\n` +
          `export * from ${JSON.stringify(file)};\n` +
          (hasDefault ? `export { default } from ${JSON.stringify(file)};\n` : ''),
      );
      return [key, wrapper];
    }),
  );
}

/**
 * @param {{
 *   name: string,            // federation name: shell, listings, content, forms, chat, admin
 *   dir: string,             // the app's folder (__dirname of its webpack.config.js)
 *   port: number,            // dev-server port
 *   exposes?: Record<string, string>,
 *   title?: string,
 * }} app
 */
function createAppConfig(app) {
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const client = createClientConfig(app, production);
    // production builds also emit the Node build the server renders first screens with (firstScreenBuild below)
    const serverRendered = ['shell', 'content', 'listings', 'forms'].includes(app.name); // admin and chat never are
    if (!(production && serverRendered && !(env && env.clientOnly))) return client;
    // a remote's Node build runs after its browser build: mf-server.json names the browser build it pairs with
    const server = createServerRenderConfig(app);
    return app.name === 'shell'
      ? [client, server]
      : [
          { ...client, name: `${app.name}-client` },
          { ...server, dependencies: [`${app.name}-client`] },
        ];
  };
}

/**
 * Externals rule of a production remote: the bundler runtime its federation entry imports is the shell's copy
 * (provide-bundler-runtime.js). Like experiments.externalRuntime, this ties a remote to the federation version
 * of the shell it is deployed with (one package-lock for the whole repo).
 */
function bundlerRuntimeFromShell({ request }, callback) {
  if (request && /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/.test(request))
    return callback(null, 'global __GTA_FEDERATION_BUNDLER_RUNTIME__');
  return callback();
}

/**
 * Writes a brotli copy (quality 11) beside each text file of a production build: the server sends it instead of
 * compressing at quality 5 per request, about 8% fewer bytes (server/src/http/static.ts checks that the copy
 * matches its file). Runs in the zlib thread pool, in parallel.
 */
class BrotliCopiesPlugin {
  apply(compiler) {
    const zlib = require('zlib');
    const { promisify } = require('util');
    const brotli = promisify(zlib.brotliCompress);
    const { Compilation, sources } = compiler.webpack;
    // after minification and the real content hashes: the copy is of the file as written
    const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER;
    if (typeof stage !== 'number') throw new Error('BrotliCopiesPlugin: this webpack has no PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER');
    compiler.hooks.thisCompilation.tap('BrotliCopiesPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise({ name: 'BrotliCopiesPlugin', stage }, async (assets) => {
        const names = Object.keys(assets).filter((name) => /\.(js|css|json|svg|txt)$/.test(name) && !name.startsWith('independent-packages/'));
        await Promise.all(
          names.map(async (name) => {
            const body = compilation.getAsset(name).source.buffer();
            if (body.length < 1024) return;
            const compressed = await brotli(body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            });
            // marked as a development asset so the federation manifest and stats do not list it as part of the app
            compilation.emitAsset(`${name}.br`, new sources.RawSource(compressed), { development: true });
          }),
        );
      });
    });
  }
}

/**
 * A remote's entry under names of this build alone: `remoteEntry.<hash>.js` and `mf-manifest.<hash>.json` (naming
 * it), beside the fixed names that always hold the newest build, and `mf-build.json` (fixed) naming that manifest.
 * The server names the manifest of the build it rendered a page with in the page (mf-server.json carries it), and
 * the browser loads that build, not whatever the fixed name holds a moment later: a redeploy between the server's
 * render and the browser's load is no hydration mismatch. Kept with the build's other hashed files (KEEP_BUILDS).
 */
class VersionedEntryPlugin {
  apply(compiler) {
    const crypto = require('crypto');
    const { Compilation, sources } = compiler.webpack;
    const hash = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    compiler.hooks.thisCompilation.tap('VersionedEntryPlugin', (compilation) => {
      // after the federation manifest (written at OPTIMIZE_TRANSFER) and minification
      compilation.hooks.processAssets.tap({ name: 'VersionedEntryPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = compilation.getAsset('remoteEntry.js');
        const manifest = compilation.getAsset('mf-manifest.json');
        if (!entry || !manifest) return;
        const entryName = `remoteEntry.${hash(entry.source.buffer())}.js`;
        compilation.emitAsset(entryName, new sources.RawSource(entry.source.buffer()));
        const json = JSON.parse(manifest.source.source().toString());
        json.metaData.remoteEntry.name = entryName;
        const body = Buffer.from(JSON.stringify(json, null, 2));
        const manifestName = `mf-manifest.${hash(body)}.json`;
        compilation.emitAsset(manifestName, new sources.RawSource(body));
        compilation.emitAsset('mf-build.json', new sources.RawSource(`${JSON.stringify({ manifest: manifestName })}\n`));
      });
    });
  }
}

/**
 * Previous builds' hashed files stay in dist for a while, so a tab opened before a deploy still finds the chunks it
 * was built against (its lazy imports name them). dist/.builds.json lists the hashed files of each build, newest
 * first; a build cleans away every file except those of the previous builds that are among the last KEEP_BUILDS
 * (default 5, this one included) and younger than KEEP_BUILD_DAYS (default 14). Fixed names (remoteEntry.js,
 * mf-manifest.json, main.js, index.html) always hold the newest build. KEEP_BUILDS=1 keeps nothing old.
 */
const BUILD_HISTORY = '.builds.json';
const HASHED_FILE = /\.[0-9a-f]{10}\.[A-Za-z0-9]+(\.br)?$/;

function retentionOptions(env = process.env) {
  const builds = Number(env.KEEP_BUILDS ?? 5);
  const days = Number(env.KEEP_BUILD_DAYS ?? 14);
  return { builds: Number.isInteger(builds) && builds >= 1 ? builds : 5, days: Number.isFinite(days) && days >= 0 ? days : 14 };
}

function readBuildHistory(dir) {
  try {
    const history = JSON.parse(fs.readFileSync(path.join(dir, BUILD_HISTORY), 'utf8'));
    return Array.isArray(history) ? history.filter((b) => b && typeof b.builtAt === 'number' && Array.isArray(b.files)) : [];
  } catch {
    return [];
  }
}

/** output.clean.keep for a production build: the federation fallbacks, the history, and the retained builds' files. */
function keepPreviousBuilds(dir, options = retentionOptions(), now = Date.now) {
  let retained;
  return (asset) => {
    const name = asset.split(path.sep).join('/');
    if (name.startsWith('independent-packages') || name === BUILD_HISTORY || isPublishedServerBuild(name)) return true;
    retained ??= new Set(
      readBuildHistory(dir)
        .slice(0, options.builds - 1)
        .filter((b) => now() - b.builtAt <= options.days * 86_400_000)
        .flatMap((b) => b.files),
    );
    return retained.has(name);
  };
}

/** Writes this build's hashed files at the head of dist/.builds.json (kept to the retention's length). */
class BuildHistoryPlugin {
  constructor(options = retentionOptions(), now = Date.now) {
    this.options = options;
    this.now = now;
  }
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BuildHistoryPlugin', (compilation) => {
      const dir = compiler.outputPath;
      const files = Object.keys(compilation.assets)
        .filter((name) => HASHED_FILE.test(name) && !name.startsWith('independent-packages/'))
        .sort();
      const history = [{ builtAt: this.now(), files }, ...readBuildHistory(dir)].slice(0, this.options.builds);
      fs.writeFileSync(path.join(dir, BUILD_HISTORY), `${JSON.stringify(history, null, 1)}\n`);
    });
  }
}

/**
 * Module Federation writes its runtime entry to node_modules/.federation/entry.<hash>.js, the hash taken over the
 * absolute paths it imports: webpack's deterministic module id of that file (a hash of its name) then changed with
 * the checkout's folder, and so did main.js and every build's hashes. The entry gets a fixed id instead, taken before
 * the deterministic ids are given (which skip modules that have one), so the same sources build the same files in
 * any folder on any machine.
 */
class StableFederationEntryIdPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StableFederationEntryIdPlugin', (compilation) => {
      compilation.hooks.beforeModuleIds.tap('StableFederationEntryIdPlugin', (modules) => {
        const { chunkGraph } = compilation;
        const taken = new Set();
        for (const module of modules) {
          if (chunkGraph.getModuleId(module) !== null) continue;
          const resource = typeof module.resource === 'string' ? module.resource : '';
          const match = /[\\/]\.federation[\\/](entry|shared-entry)(?:\.[0-9a-f]+)?\.js$/.exec(resource);
          // the tree-shaken shared fallback's entry ('shared module react-router-dom /abs/path/index.mjs') too
          const shared = module.constructor.name === 'SharedEntryModule' ? /^shared module (\S+)/.exec(module.identifier()) : null;
          const base = match ? `mf-${match[1]}` : shared ? `mf-shared-${shared[1]}` : null;
          if (!base) continue;
          let id = base;
          for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
          taken.add(id);
          chunkGraph.setModuleId(module, id);
        }
      });
    });
  }
}

function createClientConfig(app, production) {
  {
    const outside = [...routerImportsOutsideContract(app.dir), ...(app.name === 'shell' ? routerImportsOutsideContract(sharedDir) : [])];
    if (outside.length > 0)
      throw new Error(
        `${app.name} imports ${outside.join(', ')} from react-router-dom, outside the shared router contract (ROUTER_EXPORTS in shared/build/webpack.cjs): add them there and rebuild the shell with the remotes.`,
      );
    const isShell = app.name === 'shell';
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      // production: the shell hands its federation bundler runtime to the remotes (provide-bundler-runtime.js)
      entry: { main: production && isShell ? [path.join(__dirname, 'provide-bundler-runtime.js'), './src/index.ts'] : './src/index.ts' },
      // production remotes use the shell's bundler runtime instead of bundling their own
      externals: production && !isShell ? [bundlerRuntimeFromShell] : [],
      devtool: production ? false : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(app.dir, 'dist'),
        // the shell is served at the site root; a remote works wherever the server mounts it
        publicPath: isShell ? '/' : 'auto',
        // entry files keep fixed names (the federation runtime renders this pattern without hash context); they are
        // tiny async boundaries, served with revalidation; every chunk below carries its content hash
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: `gta_${app.name}`,
        // keep the tree-shaken shared fallbacks, which federation builds into dist/independent-packages, and in
        // production the previous builds' hashed files for open tabs (keepPreviousBuilds)
        clean: { keep: production ? keepPreviousBuilds(path.join(app.dir, 'dist')) : /^independent-packages/ },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          '@gta/shared$': path.join(sharedDir, 'src/index.ts'),
          '@gta/shared/contract$': path.join(sharedDir, 'src/contract.ts'),
          '@gta/shared/page-2x$': path.join(__dirname, 'page2xMissing.js'),
          '@gta/shared/core$': path.join(sharedDir, 'src/core/index.ts'),
          // the entries that are not federated (the field kit, the mortgage and listings rules, …): each part that
          // imports one bundles it, and a page whose parts use none loads none of it
          ...bundledEntryAliases(),
          // the runtime the shell provides to the remotes (provideExternalRuntime) is require()d by the injecting
          // plugin, which resolves to the CommonJS build of runtime-core and the sdk, while everything else imports
          // their ES builds: two copies of the runtime in main.js (+80 KB raw) and two runtime instances in the page
          '@module-federation/runtime-tools/runtime-core$': require
            .resolve('@module-federation/runtime-tools/runtime-core', { paths: [sharedDir] })
            .replace(/\.cjs$/, '.js'),
        },
      },
      module: {
        rules: [
          typeScriptRule(app.dir, { refresh: !production }),
          { test: /\.(png|jpe?g|webp|avif|gif|svg)$/i, type: 'asset/resource' },
          { test: /\.woff2?$/i, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:10][ext]' } },
        ],
      },
      plugins: [
        new StableFederationEntryIdPlugin(),
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js', // fixed name, served no-cache like the manifest; every chunk it loads is hashed
          // npm run dev: each behind a module that accepts its updates (refreshableExposes in devRefresh.cjs)
          exposes: production ? contractCheckedExposes(app) : require('./devRefresh.cjs').refreshableExposes(app.name, app.exposes ?? {}, app.dir),
          remotes: {}, // never compiled in: the shell registers remotes from /config.json at run time
          shared: sharedSingletons(app.dir, { name: app.name, production }),
          // 'loaded-first': do not fetch every registered remote at start-up to compare versions
          // (that would load the admin remote on public pages, and one offline remote would break start-up)
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false, // types travel through the shared package
          ...(production ? {} : { treeShakingSharedExcludePlugins: require('./devRefresh.cjs').REFRESH_PLUGIN_NAMES }),
          // one federation runtime per page: the shell provides it and production remotes use it, instead of each
          // remoteEntry carrying its own copy (~25 KB compressed each). A remote's dev harness keeps its own.
          experiments: {
            ...(production ? (isShell ? { provideExternalRuntime: true } : { externalRuntime: true }) : {}),
            optimization: { target: 'web' }, // leaves out the runtime's Node script loader
          },
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: app.title ?? `${app.name} (stand-alone)`,
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
        ...(production && !isShell ? [new VersionedEntryPlugin()] : []),
        ...(production ? [new BrotliCopiesPlugin(), new BuildHistoryPlugin()] : []),
        // npm run dev: React Fast Refresh, one runtime for the shell's page and the remotes in it (devRefresh.cjs)
        ...(production ? [] : require('./devRefresh.cjs').refreshPlugins(app.name)),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // the shell's libraries (React, ReactDOM, the router, emotion, zustand) in one chunk instead of a dozen: the
        // page needs all of them before it can hydrate, and each chunk costs a request and a script insertion in
        // the start-up task (~4 ms each under 4x CPU)
        ...(production && isShell
          ? {
              splitChunks: {
                cacheGroups: {
                  libraries: { test: /[\\/]node_modules[\\/]/, name: 'libraries', chunks: 'async', enforce: true, priority: 10 },
                  // the library files the contract uses too (its region's theme, the team's name in the title): one
                  // copy for the contract's chunk and the library's, not one in each (1.4 KB br on every page)
                  sharedByContract: {
                    test: /[\\/]shared[\\/]src[\\/](ui[\\/]theme|core[\\/]siteProfile)\.ts$/,
                    name: 'shared-common',
                    chunks: 'async',
                    enforce: true,
                    priority: 5,
                  },
                },
              },
            }
          : {}),
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        // npm run dev sets DEV_SERVER_PORT from DEV_PORT (shell at DEV_PORT, remotes after it); alone, the app's own port
        port: Number(process.env.DEV_SERVER_PORT) || app.port,
        hot: true,
        // a remote's bundle runs in the shell's page, and its HMR client talks to the dev server that built it: its
        // own port, on the page's host name (0.0.0.0 reads as the page's). The socket is cross-origin from the
        // shell's page: the server accepts it from localhost or an IP address (a named host needs allowedHosts),
        // and the header below lets the page fetch the remote's hot-update files
        client: { webSocketURL: { hostname: '0.0.0.0', port: Number(process.env.DEV_SERVER_PORT) || app.port } },
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // in dev the shell asks the running server for /config.json and the back-end routes
        proxy: isShell
          ? [{ context: ['/config.json', '/api', '/webhook', '/chat', '/media', '/sitemap.xml'], target: `http://localhost:${process.env.PORT || 8080}` }]
          : [{ context: ['/api', '/webhook', '/media'], target: `http://localhost:${process.env.PORT || 8080}` }],
      },
    };
  }
}

/** Writes dist-server/build.json, `{ "package": "@gta/shared", "version": "x.y.z", "bridges": ["2.0.0"] }`, with the shared package's Node build. */
class SharedBuildVersionPlugin {
  constructor(version) {
    this.version = version;
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('SharedBuildVersionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedBuildVersionPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        // bridges: the releases this build also stands in for on the server (the shell's bridge for 2.x parts)
        const build = { package: '@gta/shared', version: this.version, bridges: [LAST_2X_RELEASE] };
        compilation.emitAsset('build.json', new sources.RawSource(`${JSON.stringify(build)}\n`));
      });
    });
  }
}

/** Packages the Node build takes from the server's node_modules, one copy for every part, as the browser shares them. */
const SERVER_EXTERNALS = /^(react|react-dom|react-router|react-router-dom|@emotion\/[a-z-]+|zustand|@module-federation\/[a-z-]+)(\/.*)?$/;

/**
 * The Node build of an app for first-screen rendering (docs/performance.md, "First screen from the server"): the
 * same sources, compiled for Node into dist-server/, beside dist/ and never inside it: dist/ is what the server
 * hosts for browsers, and server code is not for them. The shell's is its render function (src/render.server.tsx);
 * a remote's lists its exposed modules, which the server hands to the shell's render. React, the router, emotion,
 * zustand and the shared package come from the server's node_modules (one copy each, as in the browser), so the
 * parts built apart render into one tree. Asset URLs are those of the browser build: the shell's are absolute; a
 * remote's take the path the server mounts it at (setPublicPath), as 'auto' does in the browser.
 */
function createServerRenderConfig(app) {
  const fs = require('fs');
  const isShell = app.name === 'shell';
  const isShared = app.name === 'shared';
  let entry;
  if (isShared) entry = './src/index.ts';
  else if (isShell) entry = './src/render.server.tsx';
  else {
    const exposes = Object.entries(app.exposes ?? {});
    const lines = exposes.map(
      ([key, file]) =>
        `  ${JSON.stringify(key.replace(/^\.\//, ''))}: () => import(/* webpackMode: "eager" */ ${JSON.stringify(path.resolve(app.dir, file))}),`,
    );
    // one fixed file per part under the repository's node_modules/.cache, rewritten by each build: nothing is left
    // behind in /tmp (a file per build process piled up there), and its path does not vary between builds
    entry = path.join(sharedDir, '..', 'node_modules', '.cache', 'gta-server-entries', `${app.name}.js`);
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    fs.writeFileSync(
      entry,
      `// generated by shared/build/webpack.cjs: the ${app.name} remote's exposed modules, for the server's first-screen render\n` +
        `export const remote = ${JSON.stringify(app.name)};\nexport const modules = {\n${lines.join('\n')}\n};\n` +
        `export function setPublicPath(publicPath) { __webpack_public_path__ = publicPath; }\n` +
        // the server renders these modules with its own @gta/shared and skips them when it is older than they need
        `export const sharedRange = ${JSON.stringify(require('./exportSurface.cjs').requiredSharedRange(app.dir))};\n`,
    );
  }
  return {
    name: `${app.name}-server`,
    mode: 'production',
    context: app.dir,
    entry: { [isShared ? 'index' : isShell ? 'render' : 'exposes']: entry },
    target: 'node20',
    devtool: false,
    output: {
      path: path.join(app.dir, 'dist-server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      // the shared package's fonts are served from the shell's folder, as in the browser (the shell provides it)
      publicPath: isShell || isShared ? '/' : '',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    externalsType: 'commonjs',
    externals: [
      ({ request }, callback) => {
        // the library and the contract: the server's one copy (a part whose library range it does not satisfy is left
        // to the browser, sharedRange below)
        if ((request === '@gta/shared' || request === '@gta/shared/contract') && !isShared) return callback(null, 'commonjs @gta/shared/server');
        if (SERVER_EXTERNALS.test(request)) return callback(null, `commonjs ${request}`);
        return callback();
      },
    ],
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: {
        '@gta/shared/core$': path.join(sharedDir, 'src/core/index.ts'),
        '@gta/shared/contract$': path.join(sharedDir, 'src/contract.ts'),
        ...bundledEntryAliases(),
      },
    },
    module: {
      rules: [
        typeScriptRule(app.dir),
        // the same file names as the browser build, not written again
        { test: /\.(png|jpe?g|webp|avif|gif|svg)$/i, type: 'asset/resource', generator: { emit: false } },
        { test: /\.woff2?$/i, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:10][ext]', emit: false } },
      ],
    },
    optimization: { minimize: false, splitChunks: false, moduleIds: 'named' },
    plugins: [
      new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
      // airtable.js falls back to these variables when no key or endpoint is given; the parts always give both (the
      // public read key and the runtime config's endpoint), and a Node build published in dist must not read the
      // server's environment: they are compiled out, as in the browser build
      new (require('webpack').DefinePlugin)({ 'process.env.AIRTABLE_API_KEY': 'undefined', 'process.env.AIRTABLE_ENDPOINT_URL': 'undefined' }),
      // a remote's Node build is also published inside its browser build, for a deployment on another host
      ...(isShell || isShared ? [] : [new PublishServerBuildPlugin({ remote: app.name, dist: path.join(app.dir, 'dist') })]),
      // the version this build of the shared package is, beside it: the server checks remotes' ranges against the
      // build it runs, not against the source tree's package.json (which may be ahead of an unrebuilt dist-server)
      ...(isShared ? [new SharedBuildVersionPlugin(require(path.join(sharedDir, 'package.json')).version)] : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A remote's `exposes` for ModuleFederationPlugin, from the one declaration of every remote's modules
 * (shared/src/core/exposedModules.json, which also types the ids the shell and other remotes may load): each module
 * `Name` of the remote is the file `src/exposed/Name` (.ts or .tsx). Add a module there, not here.
 * @param {string} remote
 * @returns {Record<string, string>}
 */
function exposesOf(remote) {
  const declared = require('../src/core/exposedModules.json')[remote];
  if (!declared) throw new Error(`exposesOf: no remote named ${remote} in shared/src/core/exposedModules.json`);
  return Object.fromEntries(Object.keys(declared).map((name) => [`./${name}`, `./src/exposed/${name}`]));
}

module.exports = {
  exposesOf,
  keepPreviousBuilds,
  BuildHistoryPlugin,
  StableFederationEntryIdPlugin,
  createAppConfig,
  createServerRenderConfig,
  sharedSingletons,
  contractCheckedExposes,
  LIBRARY_SHARE_KEY,
  ROUTER_EXPORTS,
  routerImportsOutsideContract,
};
