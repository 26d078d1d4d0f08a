import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'

const require = createRequire(import.meta.url)

// Browser tests: Debian's Chromium (or CHROME_PATH) against the real hub serving the built UI.
export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] },
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    setupFiles: ['tests/helpers/password-cost.ts'],
    // Two files at once: each starts its own hub and Chromium on port 0 (287 s instead of 403 s).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
