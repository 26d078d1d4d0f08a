// Builds the hub and the web UI, as `npm start` would (only what was built from other inputs,
// scripts/build.mjs), before the browser tests.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from '../../hub/paths'

export default function setup(): void {
  execFileSync(process.execPath, [join(projectRoot, 'scripts/build.mjs'), '--if-stale'], {
    stdio: 'inherit',
  })
}
