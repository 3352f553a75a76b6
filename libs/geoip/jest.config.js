module.exports = { ...require('../../jest.preset.js'), displayName: 'geoip', rootDir: __dirname, passWithNoTests: true };
