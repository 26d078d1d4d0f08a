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
import {
  checkCanListen,
  listenProblem,
  prepareDatabasePath,
  unopenableDatabase,
} from './start-problems'

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

/** Opens the database under the hub's lock; a path the hub cannot use is a SettingError. */
function openHubDatabase(dbPath: string) {
  prepareDatabasePath(dbPath)
  let releaseLock: (() => void) | undefined
  try {
    // One hub per database, taken before anything is migrated: a second `serve`, or a
    // `restore`, refuses while this one runs.
    releaseLock = acquireHubLock(dbPath)
    return { releaseLock, database: openDatabase(dbPath) }
  } catch (err) {
    releaseLock?.()
    throw unopenableDatabase(dbPath, err) ?? err
  }
}

export async function serve(config: Config): Promise<void> {
  // A port in use or a host that does not resolve stops the start before anything is touched.
  await checkCanListen(config)
  const { releaseLock, database } = openHubDatabase(config.dbPath)
  const { app, services } = await buildHub({ config, database, logger: loggerOptions(config) })
  const log = app.log.child({ module: 'main' })

  // Under systemd (Type=notify): readiness once listening, and watchdog pings while the
  // database answers. Outside systemd every call does nothing.
  const notifier = createServiceNotifier({
    env: process.env,
    log: app.log.child({ module: 'systemd' }),
    healthy: () => database.sqlite.prepare('SELECT 1').get() !== undefined,
  })

  // Today's backup if it is missing, then one each night, 7 kept, in the database's folder.
  const backups = createDailyBackups({
    dbPath: config.dbPath,
    database,
    log: app.log,
    timeZone: config.timeZone,
  })

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
  // The slow part (the password's hash) before listening; the row after (below).
  const firstAdmin = await services.users.prepareFirstAdmin(config.adminPassword, generatePassword)

  const onSigterm = () => void stop('SIGTERM')
  const onSigint = () => void stop('SIGINT')
  process.once('SIGTERM', onSigterm)
  process.once('SIGINT', onSigint)

  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (err) {
    process.off('SIGTERM', onSigterm)
    process.off('SIGINT', onSigint)
    // Relays off and everything closed, so the process ends with the one line and code 2.
    await app.close()
    database.close()
    releaseLock()
    throw listenProblem(err, config) ?? err
  }

  // The row only now that the hub listens, in this same tick, before any request is read: a
  // start that failed before leaves no admin whose generated password nobody saw.
  if (firstAdmin?.commit()) {
    if (firstAdmin.generatedPassword) {
      // Printed this once so the owner can log in; nothing else ever logs a password.
      log.warn(
        { username: 'admin', password: firstAdmin.generatedPassword },
        'created the first admin with a generated password; log in and change it',
      )
    } else {
      log.info({ username: 'admin' }, 'created the first admin with LAMELLA_ADMIN_PASSWORD')
    }
  }

  backups.start()
  notifier.startWatchdog()
  void notifier.ready(`listening on ${config.host}:${config.port}`)
}
