module.exports = { ...require('../../jest.preset.js'), displayName: 'redirect-service', rootDir: __dirname };
