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
    // Two test files at once on a 2-core machine (vitest's default there is one): most of a test's
    // time is spent waiting on sockets, timers and token lifetimes. PGlite pass 23 min → 11 min,
    // PostgreSQL pass about 20 min → 5 min, with every test passing both ways.
    maxWorkers: 2,
  },
})
