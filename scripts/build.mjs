// Builds the hub (esbuild, a second or less) and the web UI (vite) into build/ and ui/dist/.
//   node scripts/build.mjs            build both
//   node scripts/build.mjs --if-stale build only what is missing or built from other inputs
//                                     (a hash of their contents, kept in build/.inputs/)
//   node scripts/build.mjs --hub      only the hub
//   node scripts/build.mjs --ui       only the web UI
import { build as esbuild } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Every file under `path` (or `path` itself) the build reads: not tests, node_modules or output. */
function inputFiles(path) {
  if (!existsSync(path)) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path)
    .filter((entry) => entry !== 'node_modules' && entry !== 'dist' && !/\.test\.tsx?$/.test(entry))
    .sort()
    .flatMap((entry) => inputFiles(join(path, entry)))
}

/**
 * A hash of the names and contents of the build's inputs (`sources`, under `base`): the same
 * inputs, the same hash, whatever their files' times say.
 */
export function inputsHash(sources, base = root) {
  const hash = createHash('sha256')
  for (const file of sources.flatMap((s) => inputFiles(join(base, s)))) {
    hash.update(relative(base, file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex')
}

/** Where the hash of the inputs of the latest build of each part is kept. */
const stampOf = (part) => join(root, 'build/.inputs', part)

/**
 * The hash of `part`'s inputs now when it must be built, or null when it need not: always built
 * without --if-stale; with it, when its output is missing or its inputs' hash differs from the
 * one its latest build was made from (a checkout, a rebase or a touched file that changed
 * nothing costs no build).
 */
function staleHash(part, output, sources, ifStale) {
  const hash = inputsHash(sources)
  const fresh =
    ifStale &&
    existsSync(output) &&
    existsSync(stampOf(part)) &&
    readFileSync(stampOf(part), 'utf8') === hash
  return fresh ? null : hash
}

/** Notes the hash of the inputs, taken before the build, that `part` was just built from. */
function stamp(part, hash) {
  mkdirSync(dirname(stampOf(part)), { recursive: true })
  writeFileSync(stampOf(part), hash)
}

const HUB_INPUTS = [
  'hub',
  'firmware-protocol',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
]
// The hub's modules the UI imports (its rules, its event map, its bus wording, its travel model)
// count too.
const UI_INPUTS = [
  'ui',
  'hub/realtime/events.ts',
  'hub/validation',
  'hub/position/travel.ts',
  'hub/bus/bus-problem.ts',
  'hub/errors.ts',
  'hub/status.ts',
  'firmware-protocol/address.ts',
  'package-lock.json',
  'scripts/build.mjs',
]

export async function buildHub() {
  const { metafile } = await esbuild({
    absWorkingDir: root,
    entryPoints: [join(root, 'hub/cli.ts')],
    outdir: join(root, 'build/hub'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    // What the hub imports only when configured (MQTT, PV, Matter) goes into chunks of its own,
    // so a hub without them never loads their code.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    target: 'node20',
    // The packages go into the build too, all but those with native code (their loaders find
    // the binary beside their own files) and Matter's (large, loaded only when it is on). One
    // file instead of ~680 loads faster from an SD card, and with whitespace and dead code gone
    // V8 keeps less source: idle RSS 80.9 -> 77.6 MiB (tests/bench/rss-node-red.ts). Names stay,
    // so a stack trace in the log still reads.
    external: ['better-sqlite3', '@serialport/bindings-cpp', '@matter/*'],
    minifyWhitespace: true,
    minifySyntax: true,
    // Packages written as CommonJS still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as lamellaCreateRequire } from 'node:module'; const require = lamellaCreateRequire(import.meta.url);",
    },
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  })
  // Chunks are named by their hash: drop those of earlier builds (after writing the new ones,
  // so a hub started meanwhile never finds its files gone).
  const chunks = join(root, 'build/hub/chunks')
  const written = new Set(Object.keys(metafile.outputs).map((f) => join(root, f)))
  for (const name of existsSync(chunks) ? readdirSync(chunks) : []) {
    if (!written.has(join(chunks, name))) rmSync(join(chunks, name))
  }
}

/**
 * The web UI with vite, quietly: no list of files, so that the first admin's password, which
 * `npm start` prints right after, is not lost above it. Warnings and errors still show.
 * `outDir` (absolute) instead of ui/dist/, for a test that must not touch the served build.
 */
export function buildUi({ outDir } = {}) {
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  const args = ['build', '--config', join(root, 'ui/vite.config.ts'), '--logLevel', 'warn']
  execFileSync(process.execPath, [vite, ...args, ...(outDir ? ['--outDir', outDir] : [])], {
    cwd: join(root, 'ui'),
    stdio: 'inherit',
    // Always the production build of React, even when a test runner set NODE_ENV=test.
    env: { ...process.env, NODE_ENV: 'production' },
  })
}

/**
 * Builds the hub and the web UI (`only` one of them), or with `ifStale` only what is missing or
 * was built from other inputs; says what it built.
 */
export async function build({ only, ifStale = false } = {}) {
  const hub = only !== 'ui' && staleHash('hub', join(root, 'build/hub/cli.js'), HUB_INPUTS, ifStale)
  if (hub) {
    await buildHub()
    stamp('hub', hub)
    console.log('built the hub into build/hub/')
  }
  const ui =
    only !== 'hub' &&
    existsSync(join(root, 'ui/vite.config.ts')) &&
    staleHash('ui', join(root, 'ui/dist/index.html'), UI_INPUTS, ifStale)
  if (ui) {
    buildUi()
    stamp('ui', ui)
    console.log('built the web UI into ui/dist/')
  }
}

// Run as a script, not when the tests or the benchmarks import buildHub.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2))
  await build({
    only: args.has('--hub') ? 'hub' : args.has('--ui') ? 'ui' : undefined,
    ifStale: args.has('--if-stale'),
  })
}
