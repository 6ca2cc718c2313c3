const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'quotes',
  dirname: __dirname,
  exposes: {
    './HomePage': './src/expose/home-page.tsx',
    './TasksPage': './src/expose/tasks-page.tsx',
    './CustomizePage': './src/expose/customize-page.tsx',
  },
});
