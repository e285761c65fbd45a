/** Jest runs the TypeScript sources as ESM (ts-jest, transpile only; `tsc --noEmit` does the type check). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }] },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  // Most of a suite's time is spent waiting (on PostgreSQL, on child processes, on timers): four workers keep two cores busy.
  maxWorkers: 4,
};
