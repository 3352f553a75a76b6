module.exports = { ...require('../../jest.preset.js'), displayName: 'qr-service', rootDir: __dirname };
