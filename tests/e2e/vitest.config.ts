import { defineConfig } from 'vitest/config'

/**
 * `npm run test:e2e`: the end-to-end tests in a real headless Chromium (Debian's, driven by
 * playwright-core), apart from `npm test` because they build the app and need the browser.
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Building the app, opening PGlite and starting Chromium take tens of seconds on 2 cores.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
})
