// Shared by the benchmarks: a database filled with a household of blinds and automations,
// and a hub process started from the built bundle.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AutomationRepository } from '../../hub/db/automations'
import { BlindRepository } from '../../hub/db/blinds'
import { openDatabase } from '../../hub/db/open'
import { HubEvents } from '../../hub/events'
import { projectRoot } from '../../hub/paths'

const admin = { id: 'bench', isAdmin: true }
/** The first admin's password in a hub started by startHubProcess (user `admin`). */
export const BENCH_ADMIN_PASSWORD = 'bench-password'

/**
 * The `i`th blind of a bench's household, on the built-in board's units 1-4 with 32 relays
 * each (16 blinds a unit), with any more settings given: a BlindInput.
 */
export function householdBlind(i: number, more: Record<string, unknown> = {}) {
  const unit = 1 + Math.floor(i / 16)
  const coil = (i % 16) * 2
  return {
    name: `Blind ${String(i).padStart(2, '0')}`,
    blindAddressUp: `${unit}:${coil}`,
    blindAddressDown: `${unit}:${coil + 1}`,
    ...more,
  }
}

/** A fresh database file with `blinds` blinds (two relays each) and `automations` automations. */
export function seedDatabase(blinds: number, automations: number): string {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'lamella-bench-')), 'lamella.db')
  const database = openDatabase(dbPath)
  const events = new HubEvents()
  const blindRepo = new BlindRepository(database.db, events, Date.now)
  const automationRepo = new AutomationRepository(database.db, events, Date.now, {
    hasLocation: false,
  })
  const addresses: string[] = []
  for (let i = 0; i < blinds; i++) {
    // Units 1-247 with 8 blinds (16 coils) each.
    const unit = 1 + Math.floor(i / 8)
    const coil = (i % 8) * 2
    blindRepo.create(admin, {
      name: `Blind ${String(i).padStart(4, '0')}`,
      blindAddressUp: `${unit}:${coil}`,
      blindAddressDown: `${unit}:${coil + 1}`,
      travelTimeMs: 30000,
    })
    addresses.push(`${unit}:${coil}`)
  }
  for (let i = 0; i < automations; i++) {
    const picked = addresses.length ? [addresses[i % addresses.length]!] : []
    automationRepo.create(admin, {
      name: `Automation ${i}`,
      trigger: { type: 'CRON', cron: `${i % 60} ${6 + (i % 12)} * * *` },
      scene: picked.length
        ? [
            { name: 'open', type: 'BLIND_CONTROL', duration: 5000, blindAddresses: picked },
            { name: 'wait', type: 'DELAY', duration: 1000 },
          ]
        : [{ name: 'wait', type: 'DELAY', duration: 1000 }],
    })
  }
  database.close()
  return dbPath
}

/** The node flags the hub ships with: package.json's lamella.nodeFlags (scripts/node-flags.mjs). */
export const HUB_NODE_FLAGS: readonly string[] = (
  JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    lamella: { nodeFlags: string[] }
  }
).lamella.nodeFlags

export interface HubProcess {
  child: ChildProcess
  port: number
  /** Milliseconds from spawn to the first answered request. */
  readyMs: number
  stop(): Promise<void>
}

/** Starts `lamella serve` from build/hub on a free port and waits until it answers. */
export async function startHubProcess(
  dbPath: string,
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = HUB_NODE_FLAGS,
): Promise<HubProcess> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [...nodeFlags, join(projectRoot, 'build/hub/cli.js'), 'serve'],
    {
      env: {
        ...process.env,
        LAMELLA_DB: dbPath,
        LAMELLA_HOST: '127.0.0.1',
        LAMELLA_PORT: '0',
        LAMELLA_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const m = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(buffered)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`hub exited with ${code}`)))
  })
  child.stdout!.resume()
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"{ hubStatus { version } }"}',
    }).then(
      (r) => r.status > 0,
      () => false,
    )
    if (ok) break
  }
  const readyMs = performance.now() - started
  return {
    child,
    port,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Resident memory in MiB: total, anonymous (heap, stacks, malloc) and file-backed (binary, ICU data). */
export function rssMiB(pid: number): { total: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024
  return { total: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') }
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits)

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
