// Builds the hub and the web UI, as `npm start` would, before the browser tests.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from '../../hub/paths'

export default function setup(): void {
  execFileSync(process.execPath, [join(projectRoot, 'scripts/build.mjs')], { stdio: 'inherit' })
}
