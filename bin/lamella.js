#!/usr/bin/env node
// The `lamella` command: builds the hub once if needed, then runs it.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'build/hub/cli.js')
if (!existsSync(cli)) {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--hub'], { stdio: 'inherit' })
}
await import(cli)
