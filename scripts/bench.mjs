// Runs the benchmarks in tests/bench/: each is a program that prints its figures. They are
// bundled with esbuild (the hub's own build tool) and run one after another with plain node.
//   npm run bench             all of them
//   npm run bench -- startup  only those whose file name contains "startup"
import { build } from 'esbuild'
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildHub } from './build.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const filter = process.argv[2] ?? ''
const benches = readdirSync(join(root, 'tests/bench'))
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && f.includes(filter))
  .sort()

await buildHub()
await build({
  entryPoints: benches.map((f) => join(root, 'tests/bench', f)),
  outdir: join(root, 'build/bench'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
for (const f of benches) {
  console.log(`\n== ${f} ==`)
  execFileSync(
    process.execPath,
    ['--expose-gc', join(root, 'build/bench', f.replace(/\.ts$/, '.js'))],
    {
      stdio: 'inherit',
    },
  )
}
