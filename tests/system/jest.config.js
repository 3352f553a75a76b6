module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'system-tests',
  rootDir: __dirname,
  testTimeout: 60000,
  // Each file has its own database and Redis prefix, so two run at once: the suite takes about half
  // the time, and a file that leaves something running cannot hold up the files after it.
  maxWorkers: 2,
};
