/** End-to-end tests: the real app over HTTP against SQLite and PostgreSQL (+ Redis). */
module.exports = {
  rootDir: '..',
  roots: ['<rootDir>/test'],
  testEnvironment: 'node',
  testRegex: '\\.e2e\\.test\\.ts$',
  testTimeout: 60_000,
  // A worker keeps every finished file's apps (native addons, prom-client's default metrics and
  // jest-circus's async context hold each file's sandbox): about 60 MB a file, several GB by the end
  // of a run, which then took over jest's 500 ms to exit. Past 1 GB after a file it is replaced.
  workerIdleMemoryLimit: '1GB',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
};
