const path = require('node:path');
const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'shell',
  dirname: __dirname,
  runtimePlugins: [
    require.resolve('./src/federation/fallback-plugin.ts'),
    require.resolve('./src/federation/yield-plugin.ts'),
  ],
  // Default runtime config and remote locations; a deployment replaces these two files.
  copy: [{ from: path.join(__dirname, 'public'), to: '.' }],
});
