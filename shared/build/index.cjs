// One webpack + Module Federation factory for the shell and every remote.
// The list of shared singletons lives here and nowhere else (DESIGN.md §3).
const path = require('node:path');
const fs = require('node:fs');
const { tmpdir } = require('node:os');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { createHash } = require('node:crypto');
const zlib = require('node:zlib');

const repoRoot = path.resolve(__dirname, '../..');

/** Remote apps: federation name, dev/serve port, folder. Shell reads the same list. */
const APPS = {
  shell: { name: 'shell', port: 3000, dir: 'shell' },
  quotes: { name: 'mf_quotes', port: 3001, dir: 'mf-quotes' },
  recognition: { name: 'mf_recognition', port: 3002, dir: 'mf-recognition' },
  clients: { name: 'mf_clients', port: 3003, dir: 'mf-clients' },
  account: { name: 'mf_account', port: 3004, dir: 'mf-account' },
  admin: { name: 'mf_admin', port: 3005, dir: 'mf-admin' },
};

function versionOf(pkg) {
  const pkgJson = require.resolve(`${pkg}/package.json`, { paths: [path.join(repoRoot, 'shell'), __dirname] });
  return JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version;
}

/**
 * rxjs's ES2015 build (classes, no ES5 helpers), imported by ./rxjs.mjs under its own name: the shared `rxjs` is
 * that re-export module, so it cannot import `rxjs` itself (the request would consume the shared module: a cycle
 * that never resolves).
 */
function rxjsModern() {
  const pkgJson = require.resolve('rxjs/package.json', { paths: [path.join(repoRoot, 'shell'), __dirname] });
  return path.join(path.dirname(pkgJson), 'dist/esm/index.js');
}

function reactRouterProduction() {
  const pkgJson = require.resolve('react-router/package.json', { paths: [path.join(repoRoot, 'shell'), __dirname] });
  return path.join(path.dirname(pkgJson), 'dist/production/index.mjs');
}

const ATELIER_PACKAGES = ['domain', 'bus', 'storage', 'platform', 'ui', 'documents'];

/** Every module that must exist once per page. */
function sharedSingletons() {
  const single = (pkg, version = versionOf(pkg)) => ({
    singleton: true,
    requiredVersion: `^${version}`,
    version,
  });
  const react = versionOf('react');
  const router = versionOf('react-router-dom');
  const shared = {
    react: single('react', react),
    'react/': single('react', react),
    'react-dom': single('react-dom', react),
    'react-dom/': single('react-dom', react),
    // The apps import react-router-dom only; what is shared under that name is a re-export of the declarative
    // API (./react-router-dom.mjs), so the rest of react-router is tree-shaken (61 → ≈ 17 KB gzip, issue 14).
    'react-router-dom': { ...single('react-router-dom', router), import: path.join(__dirname, 'react-router-dom.mjs') },
    'styled-components': single('styled-components'),
    // Likewise the rxjs names the apps use (./rxjs.mjs): the rest of rxjs is tree-shaken (issue 14, TBT on /).
    rxjs: { ...single('rxjs'), import: path.join(__dirname, 'rxjs.mjs') },
    'rxjs/': single('rxjs'),
    '@supabase/supabase-js': single('@supabase/supabase-js'),
    jspdf: single('jspdf'),
    // zod is not shared (DESIGN §3 does not list it): the schemas use zod/mini, which each build tree-shakes to
    // the few validators it uses (~10 KB gzip); a shared module cannot be tree-shaken (the classic API is 85 KB).
  };
  for (const name of ATELIER_PACKAGES) {
    const version = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared', name, 'package.json'), 'utf8')).version;
    shared[`@atelier/${name}`] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

const ZOPFLI_MAX_BYTES = 400 * 1024;

/**
 * The precompressed `.gz` files the servers send: Zopfli (still gzip, ~3 % smaller than zlib -9) for the files
 * a page loads, zlib for the multi-megabyte ones (OCR engine, fonts) where Zopfli would take minutes.
 */
function zopfliOrGzip(input, _options, callback) {
  if (input.length > ZOPFLI_MAX_BYTES) return zlib.gzip(input, { level: 9 }, callback);
  require('@gfx/zopfli')
    .gzipAsync(input, { numiterations: 5 })
    .then((output) => callback(null, Buffer.from(output)), callback);
}

/** Files a browser never needs offline (sources of other files, build bookkeeping). */
const NOT_PRECACHED = [/\.gz$/, /\.LICENSE\.txt$/, /^mf-stats\.json$/, /^\.build-hash$/, /\.map$/];

const LAZY_ABOVE_BYTES = 1024 * 1024;
/** PDF fonts used only by some documents (emoji, Times → DejaVu Serif, Courier → DejaVu Sans Mono). */
const LAZY_FONT = /^fonts\/(NotoEmoji|DejaVuSerif|DejaVuSansMono)/;
/** mf-recognition's second OCR reader (decision 0135): worker, runtime and models, only for unsure pages. */
const LAZY_FOLDER = /^paddle\//;

/** The script that provides the federation runtime to a page (FederationRuntimeCorePlugin). */
const RUNTIME_CORE = 'federation-runtime-core.js';

/**
 * Remotes: writes precache-manifest.json = { version, files } (every emitted file of this build). The shell's
 * service worker (shell/public/sw-remotes.js) keeps one cache per remote version, so a remote deployed on its
 * own is never served half old, half new.
 */
class PrecacheManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecacheManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecacheManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          const all = Object.keys(assets)
            .filter((file) => !NOT_PRECACHED.some((re) => re.test(file)) && file !== 'precache-manifest.json')
            .sort();
          const hash = createHash('sha256');
          for (const file of all) {
            hash.update(file);
            hash.update(assets[file].buffer());
          }
          // The standalone page of the remote is not used by the shell; multi-megabyte files (tesseract's
          // cores) are cached on first use instead of on install, to spare a phone's data plan.
          const standalone = ['index.html', 'main.js', RUNTIME_CORE];
          const big = (file) =>
            assets[file].size() > LAZY_ABOVE_BYTES || LAZY_FONT.test(file) || LAZY_FOLDER.test(file);
          const files = all.filter((file) => !standalone.includes(file) && !big(file));
          const lazy = all.filter((file) => big(file));
          const body = JSON.stringify({ version: hash.digest('hex').slice(0, 16), files, lazy }, null, 1);
          compilation.emitAsset('precache-manifest.json', new sources.RawSource(body));
        },
      );
    });
  }
}

/** Shared singletons every route's first render needs (React, styled-components, the router, @atelier/ui/platform). */
const STARTUP_SHARED = new Set([
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'styled-components',
  '@atelier/ui',
  '@atelier/platform',
]);

/**
 * Of STARTUP_SHARED, not preloaded: react-dom (with the scheduler, 65 KB gzip, the largest start-up chunk by far). The
 * app is started once the first screen has been painted (shell/src/first-paint.ts), which requests it then; on a
 * slow link the other start-up files (≈ 120 KB) still fill the link during that request's round trip, so it ends
 * about when it would have preloaded. Lighthouse's simulated LCP counts every script received before the observed
 * first paint, whatever its priority: preloaded, react-dom arrived before that paint in some runs and LCP went from
 * 1.3–1.6 s to 2.1 s (A/B, 9 runs each: at most 2.13 s with the preload, 1.59 s without; TBT no worse).
 */
const NOT_PRELOADED_SHARED = new Set(['react-dom', 'react-dom/client']);

/**
 * Shell: `<link rel="preload" as="script">` for the chunks the first render always loads: the `./bootstrap` chunk
 * group and the chunks behind the shell's own provided copies of STARTUP_SHARED (the copies the page uses: the
 * shell loads first), but NOT_PRELOADED_SHARED's. Without it they are requested only once main.js has run and the
 * federation runtime has initialised: one more round trip before the sign-in form (Lighthouse LCP, issue 14). They
 * are fetched at the priority of main.js itself (low, a deferred script): nothing on the static first screen waits
 * for them, and at a high priority a preload that arrives before the first paint counts as render-blocking in
 * Lighthouse's simulated FCP (which then swung between ≈ 0.7 and 1.9 s from one run to the next with the same page).
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartupChunksPlugin', (data) => {
        const files = new Set();
        const addGroup = (group) =>
          group?.chunks.forEach((chunk) => chunk.files.forEach((file) => file.endsWith('.js') && files.add(file)));
        for (const group of compilation.chunkGroups) {
          if (group.origins.some((origin) => origin.request === './bootstrap')) addGroup(group);
        }
        for (const module of compilation.modules) {
          if (module.constructor.name !== 'ProvideSharedModule' || !STARTUP_SHARED.has(module._name)) continue;
          if (NOT_PRELOADED_SHARED.has(module._name)) continue;
          for (const block of module.blocks) addGroup(compilation.chunkGraph.getBlockChunkGroup(block));
        }
        const links = [...files].sort().map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', {
            rel: 'preload',
            as: 'script',
            href: `/${file}`,
            fetchpriority: 'low',
          }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/** Shell: Workbox service worker precaching the shell; the remotes are handled by public/sw-remotes.js. */
function shellServiceWorker() {
  const { GenerateSW } = require('workbox-webpack-plugin');
  return new GenerateSW({
    swDest: 'sw.js',
    // Never a silent takeover: the page shows « Nouvelle version disponible » and posts SKIP_WAITING.
    skipWaiting: false,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: false,
    sourcemap: false,
    mode: 'production',
    importScripts: ['/sw-remotes.js'],
    exclude: [...NOT_PRECACHED, /^config\.json$/, /^remotes\.json$/, /^sw-remotes\.js$/],
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    // / and /index.html are precached (the devis page's first screen), /auth is auth.html (Workbox's clean URLs);
    // any other route opens app.html, the generic first screen (issue 14).
    navigateFallback: '/app.html',
    // /?devis=<id> (a saved devis opened from /clients) is still the devis page.
    ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^devis$/],
    navigateFallbackDenylist: [/^\/(config|remotes)\.json$/, /\.[a-z0-9]+$/i],
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && ['/config.json', '/remotes.json'].includes(url.pathname),
        handler: 'NetworkFirst',
        options: { cacheName: 'atelier-runtime-config', networkTimeoutSeconds: 4 },
      },
    ],
  });
}

/**
 * One federation runtime per page, evaluated in a task of its own (issue 14, TBT): with `experiments.externalRuntime`
 * neither the shell's main.js nor a remote's remoteEntry.js carries @module-federation/runtime-core (62 of main.js's
 * 92 KB); they read the global that federation-runtime-core.js sets, a script every app's pages load before main.js.
 * On the shell's pages it is the runtime every remote shown there uses; on a remote's own page (for working on it
 * alone) it stands in for the shell. The script is emitted as an asset of the app's own compilation, so the shell's
 * Workbox precaches it and it is compressed like any other file.
 */
class FederationRuntimeCorePlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FederationRuntimeCorePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'FederationRuntimeCorePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const code = await buildRuntimeCore(compiler.webpack, compiler.options.mode);
          compilation.emitAsset(RUNTIME_CORE, new sources.RawSource(code), { minimized: true });
        },
      );
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FederationRuntimeCorePlugin', (data) => {
        // First of the head's deferred scripts: it runs before main.js.
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('script', { defer: true, src: `${data.publicPath}${RUNTIME_CORE}` }),
        );
        return data;
      });
    });
  }
}

/** @type {Map<string, Promise<Buffer>>} one build per mode and process (the same for every app, it never changes). */
const runtimeCoreBuilds = new Map();

/**
 * federation-runtime-core.mjs bundled on its own (a build of its own, not a child compilation: a child inherits the
 * federation plugin's hooks, which pulled the shared modules into it).
 */
function buildRuntimeCore(webpack, mode) {
  if (!runtimeCoreBuilds.has(mode)) {
    const outDir = fs.mkdtempSync(path.join(tmpdir(), 'atelier-runtime-core-'));
    const compiler = webpack({
      mode,
      target: 'web',
      entry: path.join(__dirname, 'federation-runtime-core.mjs'),
      devtool: false,
      output: { path: outDir, filename: RUNTIME_CORE },
      performance: { hints: false },
    });
    const built = new Promise((resolve, reject) =>
      compiler.run((error, stats) =>
        compiler.close(() => {
          try {
            if (error || stats.hasErrors()) throw error ?? new Error(stats.toString('errors-only'));
            resolve(fs.readFileSync(path.join(outDir, RUNTIME_CORE)));
          } catch (failure) {
            reject(failure);
          } finally {
            fs.rmSync(outDir, { recursive: true, force: true });
          }
        }),
      ),
    );
    runtimeCoreBuilds.set(mode, built);
  }
  return runtimeCoreBuilds.get(mode);
}

/**
 * @param {object} options
 * @param {string} options.app key of APPS
 * @param {string} options.dirname the app folder (__dirname of its webpack.config.js)
 * @param {Record<string,string>} [options.exposes] remotes only
 * @param {string[]} [options.runtimePlugins]
 * @param {{from:string,to:string}[]} [options.copy] static assets to copy into dist
 */
function createAppConfig({ app, dirname, exposes, runtimePlugins = [], copy = [] }) {
  const meta = APPS[app];
  if (!meta) throw new Error(`Unknown app ${app}`);
  const isHost = app === 'shell';
  return (env = {}, argv = {}) => {
    const mode = argv.mode || 'production';
    const production = mode === 'production';
    return {
      mode,
      entry: path.join(dirname, 'src/index.ts'),
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: meta.name,
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        clean: true,
      },
      resolve: {
        // react-router exports its development build only; its production build (same code, dev warnings off)
        // lets the minifier drop the warnings (issue 14, /auth cold load).
        alias: {
          ...(production ? { 'react-router$': reactRouterProduction() } : {}),
          '@atelier/build/rxjs-esm$': rxjsModern(),
        },
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2022',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
          { test: /\.(png|jpe?g|svg|woff2?)$/, type: 'asset/resource' },
          // PDF fonts keep their name: the optional ones (LAZY_FONT) are cached on first use, not precached.
          { test: /\.ttf$/, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:8][ext]' } },
          { test: /\.traineddata(\.gz)?$/, type: 'asset/resource' },
        ],
      },
      experiments: { asyncWebAssembly: true },
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name: meta.name,
          ...(isHost ? { remotes: {}, shareStrategy: 'loaded-first' } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedSingletons(),
          runtimePlugins,
          experiments: {
            asyncStartup: true,
            externalRuntime: true,
            // Browser-only federation runtime; a remote loads no remote of its own, so the bundler-side runtime its
            // remoteEntry.js still carries (the core is federation-runtime-core.js, see FederationRuntimeCorePlugin)
            // leaves out remote loading and manifest snapshots (the shell's keeps both, issue 14).
            optimization: isHost ? { target: 'web' } : { target: 'web', disableRemote: true, disableSnapshot: true },
          },
          dts: false,
          dev: false,
          manifest: true,
        }),
        // Shell: one app-shell page per first screen (issue 14, LCP), all from src/index.html: index.html for / (the
        // devis page), auth.html for /auth (the sign-in card; any static server with clean URLs, sirv included, and
        // the service worker's precache serve it there) and app.html for every other route (bar and empty main),
        // the fallback of the static server and of the service worker.
        ...(isHost
          ? [
              ['index.html', 'home'],
              ['auth.html', 'auth'],
              ['app.html', 'app'],
            ].map(
              ([filename, atelierPage]) =>
                new HtmlWebpackPlugin({
                  template: path.join(dirname, 'src/index.html'),
                  filename,
                  publicPath: '/',
                  chunks: ['main'],
                  atelierPage,
                }),
            )
          : [
              new HtmlWebpackPlugin({
                template: path.join(dirname, 'src/index.html'),
                publicPath: 'auto',
                chunks: ['main'],
              }),
            ]),
        new FederationRuntimeCorePlugin(),
        ...(production && isHost ? [new PreloadStartupChunksPlugin()] : []),
        ...(copy.length ? [new CopyWebpackPlugin({ patterns: copy })] : []),
        ...(production && !isHost ? [new PrecacheManifestPlugin()] : []),
        ...(production && isHost ? [shellServiceWorker()] : []),
        ...(production
          ? [
              new CompressionPlugin({
                test: /\.(js|mjs|css|html|json|svg|ttf|wasm)$/, // the OCR second reader's 14 MB wasm: 3.7 MB gzip
                threshold: 1024,
                algorithm: zopfliOrGzip,
                compressionOptions: {},
              }),
            ]
          : []),
      ],
      devServer: {
        port: meta.port,
        // Same pages as the static server: / → index.html, /auth → auth.html, other routes → app.html.
        historyApiFallback: isHost
          ? {
              index: '/app.html',
              rewrites: [
                { from: /^\/$/, to: '/index.html' },
                { from: /^\/auth\/?$/, to: '/auth.html' },
              ],
            }
          : false,
        hot: false,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': '*',
        },
        static: isHost ? [{ directory: path.join(dirname, 'public') }] : [],
      },
    };
  };
}

module.exports = { APPS, createAppConfig, sharedSingletons, ATELIER_PACKAGES };
