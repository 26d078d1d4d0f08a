// The `lamella` command: run the hub, or mend accounts from the Pi's shell when nobody can
// log in to the UI. Exit codes: 0 done, 1 failed, 2 bad usage or config.
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { backupDatabase, describeBackup } from './backup/backup'
import { describeRestore, restoreDatabase } from './backup/restore'
import { isCommand, usage } from './cli-usage'
import { ConfigError, loadConfig, parseServeFlags, SettingError, type Flags } from './config'
import { openDatabase } from './db/open'
import { SessionRepository } from './db/sessions'
import { UserRepository } from './db/users'
import { HubError } from './errors'
import { HubEvents } from './events'
import { serve } from './main'
import { endWithNpm } from './parent-watch'
import { hubVersion } from './paths'
import { badValue, UsageError } from './usage-error'
import { checkPassword } from './validation/fields'

/** Reads a password: typed twice at a hidden prompt on a terminal, else the first line of stdin. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    // The first line, as typed: spaces are part of a password.
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
      const write = rl as unknown as { _writeToOutput: (s: string) => void }
      write._writeToOutput = (s: string) => {
        if (s.includes(question)) process.stdout.write(s)
      }
      rl.question(question, (answer) => {
        rl.close()
        process.stdout.write('\n')
        resolve(answer)
      })
    })
  const first = await ask('Password: ')
  const second = await ask('Password again: ')
  if (first !== second) throw badValue('the two passwords differ')
  return first
}

async function userCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { admin: { type: 'boolean', default: false }, db: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  })
  const [action, name] = positionals
  if ((action !== 'add' && action !== 'passwd') || !name || positionals.length !== 2) {
    throw new UsageError('expected: user add NAME [--admin]  or  user passwd NAME', 'user')
  }
  const config = loadConfig(process.env, { db: values.db })
  const database = openDatabase(config.dbPath)
  try {
    const events = new HubEvents()
    const sessions = new SessionRepository(database.db, Date.now)
    const users = new UserRepository(database.db, sessions, events, Date.now)
    if (action === 'add') {
      const password = await readPassword()
      const user = await users.create({ username: name, password, isAdmin: values.admin })
      console.log(`created ${user.isAdmin ? 'admin' : 'user'} ${user.username}`)
    } else {
      // Stored in lower case, as checkUsername takes them.
      const account = users.list().find((u) => u.username === name.trim().toLowerCase())
      if (!account) throw new HubError(404, `user ${name} does not exist`)
      const password = checkPassword('password', await readPassword())
      await users.update({ id: 'lamella-cli', isAdmin: true }, account.id, { password })
      console.log(`password of ${name} changed; their sessions have ended`)
    }
  } finally {
    database.close()
  }
}

/** `backup FILE` and `restore FILE`: one file, --db, and --force for backup. */
function fileCommand(command: 'backup' | 'restore', args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    options: {
      db: { type: 'string' },
      ...(command === 'backup' && { force: { type: 'boolean', default: false } }),
    },
    allowPositionals: true,
    strict: true,
  })
  if (positionals.length !== 1) throw new UsageError(`expected: ${command} FILE`, command)
  const { dbPath } = loadConfig(process.env, { db: values.db as string | undefined })
  return { file: positionals[0]!, dbPath, force: values.force === true }
}

/** Whether the words ask for help or the version rather than for the command itself. */
function helpOrVersion(words: string[]): 'help' | 'version' | null {
  if (words.some((w) => w === '--help' || w === '-h')) return 'help'
  if (words.includes('--version')) return 'version'
  return null
}

export async function main(argv: string[]): Promise<number> {
  const [first = 'serve', ...more] = argv
  // `lamella --port 9000` is `lamella serve --port 9000`.
  const bare = first.startsWith('-')
  const word = bare ? 'serve' : first
  const rest = bare ? argv : more
  // Whose usage fits a mistake or a --help: that command's, or everything's.
  const command = !bare && isCommand(word) ? word : undefined
  // The flags that gave values, so an error can name the flag rather than only its variable.
  let flags: Flags = {}
  try {
    const asked = word === 'help' ? 'help' : helpOrVersion(argv)
    if (asked === 'version') {
      console.log(`lamella ${hubVersion}`)
      return 0
    }
    if (asked === 'help') {
      console.log(usage(command))
      return 0
    }
    if (command === 'user') {
      await userCommand(rest)
      return 0
    }
    if (command === 'backup') {
      const { file, dbPath, force } = fileCommand(command, rest)
      const copy = await backupDatabase({ source: dbPath, destination: file, overwrite: force })
      console.log(describeBackup(copy))
      return 0
    }
    if (command === 'restore') {
      const { file, dbPath } = fileCommand(command, rest)
      for (const line of describeRestore(restoreDatabase({ file, dbPath }))) console.log(line)
      return 0
    }
    if (command === 'emulator') {
      const sunspec = rest.some((a) => a === '--sunspec' || a.startsWith('--sunspec='))
      // The emulators' code loads only for this command, never in a serving hub.
      await (sunspec
        ? (await import('./pv/emulator-command')).runSunSpecEmulator(rest)
        : (await import('./emulator-command')).runEmulator(rest))
      return 0
    }
    if (word !== 'serve') throw new UsageError(`unknown command ${word}`)
    flags = parseServeFlags(rest)
    await serve(loadConfig(process.env, flags))
    return -1 // serving: the process lives on until a signal
  } catch (err) {
    if (err instanceof SettingError) {
      console.error(`lamella: config: ${err.line(flags)}`)
      return 2
    }
    if (err instanceof ConfigError) {
      console.error(`lamella: config: ${err.message}`)
      return 2
    }
    const errorCode = (err as { code?: unknown }).code
    if (
      err instanceof UsageError ||
      (typeof errorCode === 'string' && errorCode.startsWith('ERR_PARSE_ARGS'))
    ) {
      const asked = err instanceof UsageError ? err.usage : 'all'
      const about = asked !== 'all' ? asked : command
      const text = about === 'none' ? '' : `\n\n${usage(about)}`
      console.error(`lamella: ${(err as Error).message}${text}`)
      return 2
    }
    if (err instanceof HubError) {
      console.error(`lamella: ${err.message}`)
      return 1
    }
    console.error(`lamella: ${(err as Error).message}`)
    return 1
  }
}

endWithNpm(process.env)
const code = await main(process.argv.slice(2))
if (code >= 0) process.exitCode = code
