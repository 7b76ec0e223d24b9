// Jest for the kit: jsdom + @swc/jest (TSX, automatic React runtime), CommonJS output
// because Jest's ESM mode is still experimental.
/** @type {import('jest').Config} */
module.exports = {
  displayName: 'ui-kit',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '\\.(css|less|scss)$': '<rootDir>/src/test/styleMock.cjs',
    '\\.(svg|png|jpe?g|gif|webp|woff2?)$': '<rootDir>/src/test/fileMock.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setupTests.ts'],
};
