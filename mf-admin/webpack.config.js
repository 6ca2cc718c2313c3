const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'admin',
  dirname: __dirname,
  exposes: {
    './AdminPage': './src/expose/admin-page.tsx',
  },
});
