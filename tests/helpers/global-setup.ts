// Builds the hub and the web UI where they are missing or were built from other inputs (a hash
// of their contents, scripts/build.mjs), so tests that run the `lamella` command run the
// current bundle, and tests of what the hub serves under /dist/ (the service worker, the
// manifest) see the current UI. Only the 'integration' project has it (vitest.config.ts): unit
// tests never wait for a build.
import { build } from '../../scripts/build.mjs'

export default async function setup(): Promise<void> {
  await build({ ifStale: true })
}
