// Checks of the deployment files (compose, Dockerfile, monitoring): no database, no services.
module.exports = { ...require('../jest.preset.js'), displayName: 'deploy', rootDir: __dirname, globalSetup: undefined };
