// The one webpack + Module Federation setup that the shell and the five remotes use, so every app builds
// the same way and shares the same singletons. Each app calls createAppConfig() from its webpack.config.js.
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedDir = path.resolve(__dirname, '..');
const rootPkg = require(path.join(sharedDir, '..', 'package.json'));

/** The singletons of ARCHITECTURE.md rule 2: one copy of each in the browser, whichever app loads first. */
function sharedSingletons() {
  const version = (name) => require(`${name}/package.json`).version;
  const dep = (name) => ({ singleton: true, requiredVersion: `^${version(name)}` });
  return {
    react: dep('react'),
    'react/': dep('react'),
    'react-dom': dep('react-dom'),
    'react-dom/': dep('react-dom'),
    'react-router-dom': dep('react-router-dom'),
    '@emotion/react': dep('@emotion/react'),
    '@emotion/styled': dep('@emotion/styled'),
    zustand: dep('zustand'),
    '@gta/shared': { singleton: true, requiredVersion: '^1.0.0', version: require(path.join(sharedDir, 'package.json')).version },
  };
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
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const isShell = app.name === 'shell';
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: { main: './src/index.ts' },
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
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: {
          '@gta/shared$': path.join(sharedDir, 'src/index.ts'),
          '@gta/shared/core$': path.join(sharedDir, 'src/core/index.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: {
                configFile: path.join(app.dir, 'tsconfig.json'),
                transpileOnly: true, // `npm test` type-checks each package with tsc --noEmit
                compilerOptions: { module: 'esnext', noEmit: false },
              },
            },
          },
          { test: /\.(png|jpe?g|webp|avif|gif|svg)$/i, type: 'asset/resource' },
          { test: /\.woff2?$/i, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:10][ext]' } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          filename: 'remoteEntry.js', // fixed name, served no-cache like the manifest; every chunk it loads is hashed
          exposes: app.exposes ?? {},
          remotes: {}, // never compiled in: the shell registers remotes from /config.json at run time
          shared: sharedSingletons(),
          // 'loaded-first': do not fetch every registered remote at start-up to compare versions
          // (that would load the admin remote on public pages, and one offline remote would break start-up)
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false, // types travel through the shared package
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title: app.title ?? `${app.name} (stand-alone)`,
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: app.port,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // in dev the shell asks the running server for /config.json and the back-end routes
        proxy: isShell
          ? [{ context: ['/config.json', '/api', '/webhook', '/chat', '/media', '/sitemap.xml'], target: `http://localhost:${process.env.PORT || 8080}` }]
          : [{ context: ['/api', '/webhook', '/media'], target: `http://localhost:${process.env.PORT || 8080}` }],
      },
    };
  };
}

module.exports = { createAppConfig, sharedSingletons, rootVersion: rootPkg.version };
