// The node flags the hub runs with: package.json's `lamella.nodeFlags`, the one place they are
// kept. `npm start`, bin/lamella.js, systemd/install.sh (for the unit's ExecStart) and the
// benches all read them from there.
//   node scripts/node-flags.mjs   prints them, space-separated, for a shell
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** The flags, in order. */
export function nodeFlags() {
  const flags = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).lamella?.nodeFlags
  if (
    !Array.isArray(flags) ||
    !flags.every((f) => typeof f === 'string' && /^--[a-z0-9=-]+$/.test(f))
  ) {
    throw new Error('package.json: lamella.nodeFlags must be a list of plain --flags')
  }
  return flags
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(nodeFlags().join(' '))
}
