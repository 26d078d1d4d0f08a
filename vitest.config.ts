import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

const require = createRequire(import.meta.url)

/** Test files that must not share the machine with others (the project 'alone' below). */
const ALONE = ['tests/position/random.test.ts']

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
    // Most tests wait on timers, sockets and child processes rather than the CPU, so two files
    // at once on a 2-core machine take 575 s instead of 779 s (vitest's own default is cores - 1).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Whole hubs, wires, brokers, CLIs and services: they may run the built bundle, so the
        // build is brought up to date first (only when its inputs changed).
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', ...ALONE],
          globalSetup: [BUILD],
          setupFiles: [PASSWORD_COST],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Files that compare the hub's clock with a motor emulator's in another process: with
        // other files beside them on 2 loaded cores, the emulator reads a frame tens of ms late
        // and a motor runs that much more or less than the hub timed (a real board has no such
        // lag). They run after the rest, one at a time.
        extends: true,
        test: {
          name: 'alone',
          include: ALONE,
          globalSetup: [BUILD],
          setupFiles: [PASSWORD_COST],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
})
