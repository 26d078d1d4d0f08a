// The process: open the database, build the app, listen, and shut down cleanly on a signal.
import type { FastifyServerOptions } from 'fastify'
import { buildHub } from './app'
import { generatePassword } from './auth/passwords'
import type { Config } from './config'
import { openDatabase } from './db/open'
import { logInternalError } from './errors'
import { createServiceNotifier } from './service-notify'
import { createDailyBackups } from './backup/daily'
import { acquireHubLock } from './backup/lock'

export const SHUTDOWN_TIMEOUT_MS = 5000

/** pino settings: JSON lines on stdout, and no query string in any logged URL. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        remoteAddress: req.ip,
      }),
    },
  }
}

export async function serve(config: Config): Promise<void> {
  // One hub per database, taken before anything is migrated: a second `serve`, or a
  // `restore`, refuses while this one runs.
  const releaseLock = acquireHubLock(config.dbPath)
  const database = openDatabase(config.dbPath)
  const { app, services } = await buildHub({ config, database, logger: loggerOptions(config) })
  const log = app.log.child({ module: 'main' })
  // Under systemd (Type=notify): readiness once listening, and watchdog pings while the
  // database answers. Outside systemd every call does nothing.
  const notifier = createServiceNotifier({
    env: process.env,
    log: app.log.child({ module: 'systemd' }),
    healthy: () => database.sqlite.prepare('SELECT 1').get() !== undefined,
  })

  const first = await services.users.ensureFirstAdmin(config.adminPassword, generatePassword)
  if (first.created && first.generatedPassword) {
    // Printed this once so the owner can log in; nothing else ever logs a password.
    log.warn(
      { username: 'admin', password: first.generatedPassword },
      'created the first admin with a generated password; log in and change it',
    )
  } else if (first.created) {
    log.info({ username: 'admin' }, 'created the first admin with LAMELLA_ADMIN_PASSWORD')
  }

  // Today's backup if it is missing, then one each night, 7 kept, in the database's folder.
  const backups = createDailyBackups({
    dbPath: config.dbPath,
    database,
    log: app.log,
    timeZone: config.timeZone,
  })
  backups.start()

  // The hub drives motors: a stray rejection is logged as the bug it is, never a crash
  // that leaves a hub-timed relay on.
  process.on('unhandledRejection', (reason) => logInternalError(log, reason, 'unhandled rejection'))

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    notifier.stop()
    void notifier.stopping()
    log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    force.unref()
    try {
      await app.close()
      await backups.stop()
      database.close()
      releaseLock()
      process.exitCode = 0
    } catch (err) {
      log.error({ err }, 'shutdown failed')
      process.exitCode = 1
    }
  }
  process.once('SIGTERM', () => void stop('SIGTERM'))
  process.once('SIGINT', () => void stop('SIGINT'))

  await app.listen({ host: config.host, port: config.port })
  notifier.startWatchdog()
  void notifier.ready(`listening on ${config.host}:${config.port}`)
}
