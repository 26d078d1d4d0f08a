import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import LongestFirst from './tests/helpers/longest-first'

const require = createRequire(import.meta.url)

/** Passwords hashed in test processes cost 2^12 instead of the hub's 2^17 (~0.65 s each); the
 * hubs the tests start as child processes still hash at 2^17. */
const PASSWORD_COST = 'tests/helpers/password-cost.ts'

/** Builds the hub and the UI where their inputs changed (tests/helpers/global-setup.ts). */
const BUILD = 'tests/helpers/global-setup.ts'

export default defineConfig({
  resolve: {
    // graphql ships ESM and CJS builds; mercurius requires the CJS one, so the hub's own
    // imports must get that same instance (Node does this by itself; vite prefers "module").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on timers, sockets, wires and child processes rather than the CPU (a whole
    // run with two at once kept a 2-core machine 45 % busy), so four files at once on 2 cores:
    // 357 s instead of 546 s, 296 s with the longest first (vitest's own default is cores - 1).
    maxWorkers: 2 * availableParallelism(),
    // The files that take a minute or more start first (tests/helpers/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // The unit tests next to the hub's code and the pure protocol tests: no build, no
        // child process (npm run test:quick runs these).
        extends: true,
        test: {
          name: 'unit',
          include: ['hub/**/*.test.ts', 'firmware-protocol/**/*.test.ts'],
          setupFiles: [PASSWORD_COST],
          // Each file in a process of its own: the bus tests that block the event loop read the
          // process's event loop utilization, which a file before them in a shared process
          // skews (with isolate: false, 27 s instead of 36 s alone, the transport test "takes
          // an answer that came in time" asked again once on Node 24 in CI).
        },
      },
      {
        // Whole hubs, wires, brokers, CLIs and services: they may run the built bundle, so the
        // build is brought up to date first (only when its inputs changed).
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          globalSetup: [BUILD],
          setupFiles: [PASSWORD_COST],
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
          // One module cache and one page for the files of a worker: React, Testing Library and
          // jsdom load once rather than 63 times (20 s instead of 85 s alone). The setup file
          // gives each test an empty page, storage and the English UI; files that stub globals
          // or mock modules undo it themselves. Passes with the files shuffled on one worker.
          isolate: false,
        },
      },
    ],
  },
})
