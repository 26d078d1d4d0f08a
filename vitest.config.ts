import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const require = createRequire(import.meta.url)

export default defineConfig({
  resolve: {
    // graphql ships ESM and CJS builds; mercurius requires the CJS one, so the hub's own
    // imports must get that same instance (Node does this by itself; vite prefers "module").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    // scrypt at OWASP cost takes ~0.4 s per password on this class of machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most tests wait on timers, sockets and child processes rather than the CPU, so two files
    // at once on a 2-core machine take 575 s instead of 779 s (vitest's own default is cores - 1).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'hub',
          include: ['hub/**/*.test.ts', 'firmware-protocol/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
        },
      },
      {
        // The web UI's component tests: React in jsdom with Testing Library.
        extends: true,
        test: {
          name: 'ui',
          include: ['ui/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['ui/src/test-setup.ts'],
        },
      },
    ],
  },
})
