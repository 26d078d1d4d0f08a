// Builds the hub (esbuild, a second or less) and the web UI (vite) into build/ and ui/dist/.
//   node scripts/build.mjs            build both
//   node scripts/build.mjs --if-stale build only what is missing or older than its sources
//   node scripts/build.mjs --hub      only the hub
//   node scripts/build.mjs --ui       only the web UI
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const args = new Set(process.argv.slice(2))
const ifStale = args.has('--if-stale')

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const s = statSync(path)
  if (!s.isDirectory()) return s.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    newest = Math.max(newest, newestMtime(join(path, entry)))
  }
  return newest
}

function stale(output, sources) {
  if (!ifStale || !existsSync(output)) return true
  const built = statSync(output).mtimeMs
  return sources.some((s) => newestMtime(join(root, s)) > built)
}

export async function buildHub() {
  const { metafile } = await build({
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

export async function main() {
  if (
    !args.has('--ui') &&
    stale(join(root, 'build/hub/cli.js'), ['hub', 'firmware-protocol', 'package.json'])
  ) {
    await buildHub()
    console.log('built the hub into build/hub/')
  }
  const uiConfig = join(root, 'ui/vite.config.ts')
  if (
    !args.has('--hub') &&
    existsSync(uiConfig) &&
    // The hub's modules the UI imports (its rules, its event map, its bus wording, its travel
    // model) count too.
    stale(join(root, 'ui/dist/index.html'), [
      'ui',
      'hub/realtime/events.ts',
      'hub/validation',
      'hub/position/travel.ts',
      'hub/bus/bus-problem.ts',
      'hub/errors.ts',
      'hub/status.ts',
      'firmware-protocol/address.ts',
    ])
  ) {
    buildUi()
    console.log('built the web UI into ui/dist/')
  }
}

// Run as a script, not when the tests or the benchmarks import buildHub.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
