// Browser smoke test of the built Storybook (see test/stories.test.ts). Node environment:
// the test drives a real headless Chromium, not jsdom.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'storybook',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  testTimeout: 300000,
};
