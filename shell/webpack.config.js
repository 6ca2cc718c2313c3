const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'shell',
  dirname: __dirname,
  runtimePlugins: [require.resolve('./src/federation/fallback-plugin.ts')],
});
