module.exports = { ...require('../../jest.preset.js'), displayName: 'observability', rootDir: __dirname, passWithNoTests: true };
