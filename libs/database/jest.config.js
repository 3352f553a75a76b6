module.exports = { ...require('../../jest.preset.js'), displayName: 'database', rootDir: __dirname, passWithNoTests: true };
