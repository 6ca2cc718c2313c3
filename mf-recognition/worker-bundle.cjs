// A web worker bundled from TypeScript by its own small webpack compilation (no Module Federation runtime, no shared
// chunks, one classic script), emitted as an asset of the app's compilation: so it is minified and compressed with
// the other files, counted in the precache manifest's version hash, and kept out of the start-up chunks (decision
// 0165). The worker is started from a blob: URL that imports it (the page may be on another origin), so it must be
// one self-contained script at a fixed name.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const swcLoader = require.resolve('swc-loader', { paths: [path.dirname(require.resolve('@atelier/build'))] });

class WorkerBundlePlugin {
  /** @param {{ entry: string, filename: string }} options entry: absolute path; filename: the asset's name in dist */
  constructor({ entry, filename }) {
    this.entry = entry;
    this.filename = filename;
  }

  apply(compiler) {
    const { webpack } = compiler;
    const name = 'WorkerBundlePlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-worker-'));
          try {
            const stats = await new Promise((resolve, reject) =>
              webpack(this.config(compiler.options.mode, outDir), (error, result) =>
                error ? reject(error) : resolve(result),
              ),
            );
            const info = stats.compilation;
            for (const file of info.fileDependencies) compilation.fileDependencies.add(file);
            if (stats.hasErrors()) {
              for (const error of info.errors) compilation.errors.push(error);
              return;
            }
            const source = fs.readFileSync(path.join(outDir, 'worker.js'));
            compilation.emitAsset(this.filename, new webpack.sources.RawSource(source), { minimized: true });
          } finally {
            fs.rmSync(outDir, { recursive: true, force: true });
          }
        },
      );
    });
  }

  config(mode, outDir) {
    return {
      mode: mode || 'production',
      target: 'webworker',
      entry: this.entry,
      devtool: false,
      output: { path: outDir, filename: 'worker.js', iife: true },
      resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]s$/,
            exclude: /node_modules/,
            use: {
              loader: swcLoader,
              options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
            },
          },
        ],
      },
      performance: { hints: false },
    };
  }
}

module.exports = { WorkerBundlePlugin };
