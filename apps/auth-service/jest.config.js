module.exports = { ...require('../../jest.preset.js'), displayName: 'auth-service', rootDir: __dirname };
