import { defineConfig } from 'vitest/config'

/**
 * Several real backend processes on one PostgreSQL (TEST_DATABASE_URL), some behind HAProxy:
 * `npm run test:cluster`, run by CI in its PostgreSQL pass. Files run one at a time: each starts
 * processes of its own and the machine's cores are shared.
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    globalSetup: ['tests/support/temp-dir-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
