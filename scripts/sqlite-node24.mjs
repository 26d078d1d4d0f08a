// Runs after `npm ci` (package.json "postinstall"). On Node 24 only, it compiles better-sqlite3
// again, against this Node's own headers with one change; on every other Node it does nothing.
//
// Why: better-sqlite3 12 wraps its databases and statements in Node's node::ObjectWrap. From
// Node 24.19 that header (node_object_wrap.h) registers an environment cleanup hook for every
// object and removes it in the destructor, which asserts that a Node environment is current.
// When V8 collects a statement where none is, the process aborts ("Assertion failed: (env) !=
// nullptr" in RemoveEnvironmentCleanupHook, nodejs/node#65446): the hub died within seconds of
// load on Node 24.21, and so did test workers. The crash follows the headers an addon was built
// against, not the Node it runs on; built without the hook (as against 24.18 and earlier) it runs
// clean on every 24.x, the ABI being the same. better-sqlite3 13 (Node-API) is free of it but
// needs Node 22, and Lamella runs on Debian's Node 20 too.
//
//   node scripts/sqlite-node24.mjs           rebuild if needed (a marker keeps it to once)
//   node scripts/sqlite-node24.mjs --force   rebuild even so
import { spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { homedir, tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withoutCleanupHooks } from './object-wrap-header.mjs'

const MARKER = 'lamella-object-wrap.txt'
const log = (line) => console.log(`sqlite-node24: ${line}`)

/** This Node's headers: npm's nodedir setting, beside the node binary, or node-gyp's cache. */
function headerFolders() {
  const version = process.versions.node
  return [
    process.env.npm_config_nodedir && join(process.env.npm_config_nodedir, 'include', 'node'),
    join(dirname(process.execPath), '..', 'include', 'node'),
    join(homedir(), '.cache', 'node-gyp', version, 'include', 'node'),
    '/usr/include/node',
  ].filter((folder) => {
    if (!folder || !existsSync(join(folder, 'node_object_wrap.h'))) return false
    if (!existsSync(join(folder, 'node_version.h'))) return false
    const major = /#define NODE_MAJOR_VERSION (\d+)/.exec(
      readFileSync(join(folder, 'node_version.h'), 'utf8'),
    )?.[1]
    return major === version.split('.')[0]
  })
}

/** npm's own node-gyp: npm names it to install scripts, and ships it beside itself. */
function nodeGyp() {
  const besideNpm = (npmCli) =>
    join(dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
  const npmsOnPath = (process.env.PATH ?? '')
    .split(delimiter)
    .map((folder) => join(folder, 'npm'))
    .filter((npm) => existsSync(npm))
    .map((npm) => besideNpm(realpathSync(npm)))
  const candidates = [
    process.env.npm_config_node_gyp,
    process.env.npm_execpath && besideNpm(process.env.npm_execpath),
    ...npmsOnPath,
  ]
  return candidates.find((path) => path && existsSync(path))
}

function main() {
  if (process.versions.node.split('.')[0] !== '24') return
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const sqlite = dirname(
    createRequire(join(root, 'package.json')).resolve('better-sqlite3/package.json'),
  )
  const binary = join(sqlite, 'build', 'Release', 'better_sqlite3.node')
  const marker = join(sqlite, 'build', MARKER)
  if (
    !process.argv.includes('--force') &&
    existsSync(marker) &&
    existsSync(binary) &&
    statSync(binary).mtimeMs <= statSync(marker).mtimeMs &&
    readFileSync(marker, 'utf8').startsWith(`node ${process.versions.node}\n`)
  ) {
    return
  }
  const [headers] = headerFolders()
  if (!headers) {
    throw new Error(
      `found no headers of Node ${process.versions.node} (looked beside ${process.execPath}, in ` +
        `~/.cache/node-gyp and /usr/include/node). Node's tarballs and NodeSource's packages ship ` +
        `them; or run "npx node-gyp install", then "npm ci" again; or take Node 22.`,
    )
  }
  const original = readFileSync(join(headers, 'node_object_wrap.h'), 'utf8')
  const patched = withoutCleanupHooks(original)
  const gyp = nodeGyp()
  if (!gyp) throw new Error("found no node-gyp (npm's own, beside npm)")
  const nodedir = mkdtempSync(join(tmpdir(), 'lamella-node-headers-'))
  try {
    cpSync(headers, join(nodedir, 'include', 'node'), { recursive: true, dereference: true })
    if (patched !== original)
      writeFileSync(join(nodedir, 'include', 'node', 'node_object_wrap.h'), patched)
    log(
      `compiling better-sqlite3 against Node ${process.versions.node}'s headers from ${headers}` +
        (patched === original ? '' : ', without node::ObjectWrap cleanup hooks') +
        ' (a minute or two; several on a Pi)',
    )
    const started = Date.now()
    const built = spawnSync(
      process.execPath,
      [gyp, 'rebuild', '--release', `--nodedir=${nodedir}`],
      {
        cwd: sqlite,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, npm_config_nodedir: nodedir },
      },
    )
    if (built.status !== 0) {
      process.stderr.write(`${built.stdout ?? ''}${built.stderr ?? ''}`)
      throw new Error(
        `node-gyp rebuild of better-sqlite3 failed (exit ${built.status}, its lines above); it ` +
          `needs make, g++ and python3 (Debian: apt-get install build-essential python3)`,
      )
    }
    log(`compiled in ${Math.round((Date.now() - started) / 1000)} s`)
  } finally {
    rmSync(nodedir, { recursive: true, force: true })
  }
  writeFileSync(
    marker,
    `node ${process.versions.node}\nheaders ${headers}\nobject-wrap cleanup hooks removed: ${patched !== original}\n`,
  )
}

try {
  main()
} catch (err) {
  console.error(`sqlite-node24: ${err.message}`)
  process.exit(1)
}
