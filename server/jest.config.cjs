module.exports = {
  ...require('@gta/shared/jest').createJestConfig(__dirname, { environment: 'node' }),
  // the after-paint loader the pages inline is a build of the shared package (jest.globalSetup.cjs)
  globalSetup: '<rootDir>/jest.globalSetup.cjs',
};
