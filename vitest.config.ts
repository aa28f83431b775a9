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
  },
})
