#!/usr/bin/env node
// The `lamella` command: builds the hub once if needed, then runs it with the node flags of
// package.json (scripts/node-flags.mjs). `serve` started without them runs in a child node that
// has them, which gets this process's signals and gives it its exit code (`npm start` and the
// systemd unit start node with the flags themselves, so nothing waits beside the hub there).
// The other commands are short and run here as they are.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { nodeFlags } from '../scripts/node-flags.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'build/hub/cli.js')
if (!existsSync(cli)) {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--hub'], { stdio: 'inherit' })
}
const flags = nodeFlags()
const command = process.argv[2] ?? 'serve'
const asks = process.argv.slice(2).some((a) => ['--help', '-h', '--version', 'help'].includes(a))
const serves = !asks && (command === 'serve' || command.startsWith('--'))
if (!serves || flags.every((f) => process.execArgv.includes(f))) {
  await import(cli)
} else {
  const child = spawn(process.execPath, [...flags, cli, ...process.argv.slice(2)], {
    stdio: 'inherit',
  })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal)
      process.kill(process.pid, signal)
    } else process.exit(code ?? 1)
  })
}
