const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'clients',
  dirname: __dirname,
  exposes: {
    './ClientsPage': './src/expose/clients-page.tsx',
  },
});
