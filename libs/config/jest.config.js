module.exports = { ...require('../../jest.preset.js'), displayName: 'config', rootDir: __dirname, passWithNoTests: true };
