// What can stop a start, each as the one line that names the setting and what it accepts
// (exit code 2, after which systemd stops retrying): a database path that is a folder or
// cannot be made, a port another program holds, a host that does not resolve.
import { statSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, resolve } from 'node:path'
import { SettingError, type Config } from './config'
import { createFolder } from './db/create-folder'

/** Throws a SettingError for LAMELLA_DB unless `dbPath` can be a file whose folder exists. */
export function prepareDatabasePath(dbPath: string): void {
  if (statSync(dbPath, { throwIfNoEntry: false })?.isDirectory()) {
    throw new SettingError('dbPath', 'a file path, not a folder', dbPath, 'that is a folder')
  }
  try {
    createFolder(dirname(dbPath))
  } catch (err) {
    throw new SettingError(
      'dbPath',
      'a file in a folder the hub can create and write',
      dbPath,
      `cannot create ${dirname(resolve(dbPath))}, ${(err as Error).message.replace(/, mkdir .*$/, '')}`,
    )
  }
}

/** The same rule for a file SQLite could not open: a folder without write access, say. */
export function unopenableDatabase(dbPath: string, err: unknown): SettingError | null {
  const cause = (err as { cause?: unknown }).cause ?? err
  const code = (cause as { code?: unknown }).code
  if (code !== 'SQLITE_CANTOPEN' && code !== 'SQLITE_READONLY' && code !== 'EACCES') return null
  return new SettingError(
    'dbPath',
    'a file in a folder the hub can create and write',
    dbPath,
    (cause as Error).message,
  )
}

/** Why the hub could not listen, as a SettingError for LAMELLA_HOST or LAMELLA_PORT. */
export function listenProblem(
  err: unknown,
  config: Pick<Config, 'host' | 'port'>,
): SettingError | null {
  const { host, port } = config
  switch ((err as { code?: unknown }).code) {
    case 'EADDRINUSE':
      return new SettingError(
        'port',
        'a port no other program listens on (0: any free port)',
        String(port),
        `in use on ${host}`,
      )
    case 'EACCES':
      return new SettingError(
        'port',
        'from 1024 up: lower ports need a privilege the hub does not have',
        String(port),
        'permission denied',
      )
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new SettingError(
        'host',
        'an IP address of this machine, or a host name that resolves to one',
        host,
        'the name does not resolve',
      )
    case 'EADDRNOTAVAIL':
      return new SettingError(
        'host',
        'an IP address of this machine, or 0.0.0.0 for all of them',
        host,
        'not an address of this machine',
      )
    default:
      return null
  }
}

/**
 * Listens on the host and port for a moment, before the hub opens its bus and starts its
 * modules, so a port in use or a host that does not resolve stops the start with nothing but
 * the one line. main.ts still checks the real listen, should another program take the port
 * in between.
 */
export async function checkCanListen(config: Pick<Config, 'host' | 'port'>): Promise<void> {
  const probe = createServer()
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject)
      probe.listen({ host: config.host, port: config.port }, resolve)
    })
  } catch (err) {
    throw listenProblem(err, config) ?? err
  } finally {
    await new Promise((resolve) => probe.close(resolve))
  }
}
