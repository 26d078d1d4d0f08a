// A command line the `lamella` command cannot run: exit code 2, with the usage when the
// command line had the wrong shape, or one line when only a value was wrong.

export type Command = 'serve' | 'user' | 'backup' | 'restore' | 'emulator'

export class UsageError extends Error {
  override name = 'UsageError'

  constructor(
    message: string,
    /** Whose usage to print after the message: one command's, all, or none (a bad value). */
    readonly usage: Command | 'all' | 'none' = 'all',
  ) {
    super(message)
  }
}

/** A flag's value that the command does not take: one line, naming the flag. */
export const badValue = (message: string) => new UsageError(message, 'none')
