// A hub started without MQTT, PV or Matter loads none of their code: the built hub runs with a
// loader hook that lists every module it loads, and each loaded chunk of build/hub/ is traced
// back to its sources (and the packages bundled into it) through its source map. Started with
// MQTT and PV set, the same list has them, so the check can fail.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { CLI, environment } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'
import { spawn } from 'node:child_process'
import { quietPeriod } from '../helpers/quiet'

const RECORDER = join(projectRoot, 'tests/helpers/record-modules.mjs')
const temporaryFolder = temporaryFolders('lamella-modules-')

/** The project files (sources of the built chunks) and packages a started hub loaded. */
async function loadedBy(vars: Record<string, string>): Promise<{
  sources: Set<string>
  packages: Set<string>
}> {
  const dir = temporaryFolder()
  const log = join(dir, 'modules.log')
  const child = spawn(process.execPath, ['--import', RECORDER, CLI, 'serve'], {
    env: environment({
      LAMELLA_DB: join(dir, 'lamella.db'),
      LAMELLA_HOST: '127.0.0.1',
      LAMELLA_PORT: '0',
      LAMELLA_ADMIN_PASSWORD: 'modules-password',
      LAMELLA_TEST_MODULE_LOG: log,
      ...vars,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const port = await new Promise<number>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)
      if (m) resolve(Number(m[1]))
    }
    child.stdout.on('data', seen)
    child.stderr.on('data', seen)
    child.once('exit', (code) => reject(new Error(`the hub exited with ${code}: ${output}`)))
  })
  // Serving: a request answered, then a moment for what starts once it listens.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
  await quietPeriod(500, 'the modules started once the hub listens are up before the stop')
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited

  const sources = new Set<string>()
  const packages = new Set<string>()
  // The build bundles most packages into its chunks, so a package counts as loaded when a
  // loaded chunk holds it, or when its own files were loaded (those left outside the build).
  const packageOf = (path: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1]
  for (const url of readFileSync(log, 'utf8').split('\n')) {
    if (!url.startsWith('file:')) continue
    const file = fileURLToPath(url)
    const pkg = packageOf(file)
    if (pkg) packages.add(pkg)
    else if (file.startsWith(join(projectRoot, 'build/hub/'))) {
      const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }
      for (const s of map.sources) {
        const inChunk = packageOf(s)
        if (inChunk) packages.add(inChunk)
        else sources.add(s.replace(/^(\.\.\/)+/, ''))
      }
    }
  }
  return { sources, packages }
}

/**
 * What of MQTT, PV and Matter a hub without them may load: their settings, PV's types, and
 * Matter's storage folder's name and its "off" answers (backups and GraphQL need them).
 */
const ALWAYS = new Set([
  'hub/mqtt/settings.ts',
  'hub/pv/settings.ts',
  'hub/pv/service.ts',
  'hub/matter/settings.ts',
  'hub/matter/storage.ts',
])
const optional = (sources: Set<string>) =>
  [...sources].filter((s) => /^hub\/(mqtt|pv|matter)\//.test(s) && !ALWAYS.has(s)).sort()

describe('optional modules', () => {
  it('a hub without MQTT, PV or Matter loads none of their code or libraries', async () => {
    const { sources, packages } = await loadedBy({})
    // The loader saw the hub itself: the list is not empty by mistake.
    expect(sources).toContain('hub/app.ts')
    expect(packages).toContain('fastify')
    // Shading's clear-sky model lives beside the PV code and is shading's own.
    expect(optional(sources).filter((s) => s !== 'hub/pv/clear-sky.ts')).toEqual([])
    expect([...packages].filter((p) => p === 'mqtt' || p.startsWith('@matter/'))).toEqual([])
    // Nor the emulators' commands, which only `lamella emulator` runs.
    expect([...sources].filter((s) => s.endsWith('emulator-command.ts'))).toEqual([])
  }, 30_000)

  it('a hub with MQTT and PV set loads their code and the MQTT library', async () => {
    const { sources, packages } = await loadedBy({
      // Nothing answers there; the hub starts and keeps trying.
      LAMELLA_MQTT_URL: 'mqtt://127.0.0.1:9',
      LAMELLA_PV: 'modbus-tcp://127.0.0.1:9',
    })
    expect(optional(sources)).toEqual(
      expect.arrayContaining(['hub/mqtt/bridge.ts', 'hub/pv/photovoltaics.ts']),
    )
    expect(packages).toContain('mqtt')
  }, 30_000)
})
