// Jest: a font (or other binary asset) imported by the source is its absolute path, as webpack gives its URL.
module.exports = {
  process(_source, filename) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(filename)} };` };
  },
};
