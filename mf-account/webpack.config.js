const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'account',
  dirname: __dirname,
  exposes: {
    './AccountPage': './src/expose/account-page.tsx',
    './CompanyPage': './src/expose/company-page.tsx',
  },
});
