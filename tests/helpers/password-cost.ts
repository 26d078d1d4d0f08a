// Set up before every test file of the hub and the browser tests (vitest.config.ts,
// vitest.e2e.config.ts): users made in a test process are hashed with scrypt at 2^12, not the
// hub's 2^17. At 2^17 each password costs ~0.65 s of CPU on a 2-core machine, and the suites
// make and log in thousands of users: tests/api/users.test.ts and auth.test.ts took 67 s
// instead of 9 s. The hub started as `lamella serve` (tests/cli) hashes at 2^17 still,
// and tests/cli/cli.test.ts checks that on the hash it stores.
import { lowerPasswordCostForTests } from '../../hub/auth/passwords'

export const TEST_PASSWORD_COST = 12

lowerPasswordCostForTests(TEST_PASSWORD_COST)
