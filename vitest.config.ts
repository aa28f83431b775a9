import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'backend/**/*.test.ts',
      'demo/**/*.test.ts',
      'functions/**/*.test.ts',
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.{ts,tsx}',
    ],
    globalSetup: ['tests/support/temp-dir-setup.ts'],
    // Each file opens its own database; PGlite takes seconds to start on these machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On PostgreSQL the database work runs in the server's own processes, so two test files at
    // once fit a 2-core machine; PGlite runs inside the test process, one file at a time.
    maxWorkers: process.env.TEST_DATABASE_URL ? 2 : undefined,
  },
})
