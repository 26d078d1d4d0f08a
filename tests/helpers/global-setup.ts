// Builds the hub once, so tests that run the `lamella` command run the shipped bundle, and the
// web UI where it is missing or older than its sources, so tests of what the hub serves under
// /dist/ (the service worker, the manifest) see the current build.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { buildHub } from '../../scripts/build.mjs'
import { projectRoot } from '../../hub/paths'

export default async function setup(): Promise<void> {
  await buildHub()
  execFileSync(process.execPath, [join(projectRoot, 'scripts/build.mjs'), '--ui', '--if-stale'], {
    stdio: 'inherit',
  })
}
