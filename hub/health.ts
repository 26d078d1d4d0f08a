// GET /healthz: whether the hub can do its job, for a monitor or the installer, without a
// login and without secrets: the database answers, the bus is online, the clock is right.
// 503 only when the database fails (nothing works); a bus or clock problem is "degraded".
import type { FastifyInstance } from 'fastify'
import type Database from 'better-sqlite3'
import type { BusStatusEvent } from './realtime/events'

export interface HealthDeps {
  sqlite: Database.Database
  version: string
  startedAt: number
  now: () => number
  bus: () => BusStatusEvent
  clockSynchronized: () => boolean | null
}

export interface Health {
  status: 'ok' | 'degraded' | 'failing'
  version: string
  uptimeSeconds: number
  database: 'ok' | 'failing'
  bus: 'online' | 'offline'
  clock: 'synchronized' | 'unsynchronized' | 'unknown'
}

export function health(deps: HealthDeps): Health {
  let database: Health['database'] = 'ok'
  try {
    deps.sqlite.prepare('SELECT 1').get()
  } catch {
    database = 'failing'
  }
  const bus = deps.bus().online ? 'online' : 'offline'
  const synchronized = deps.clockSynchronized()
  const clock = synchronized === null ? 'unknown' : synchronized ? 'synchronized' : 'unsynchronized'
  const status =
    database === 'failing'
      ? 'failing'
      : bus === 'offline' || clock === 'unsynchronized'
        ? 'degraded'
        : 'ok'
  return {
    status,
    version: deps.version,
    uptimeSeconds: Math.max(0, Math.floor((deps.now() - deps.startedAt) / 1000)),
    database,
    bus,
    clock,
  }
}

export async function healthPlugin(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    const report = health(deps)
    return reply
      .code(report.status === 'failing' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(report)
  })
}
