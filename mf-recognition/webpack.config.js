const { createAppConfig } = require('@atelier/build');

module.exports = createAppConfig({
  app: 'recognition',
  dirname: __dirname,
  exposes: {
    './RecognitionPanels': './src/expose/recognition-panels.tsx',
  },
});
