// Waiting in tests: for a condition or a value, with a deadline. A fixed wait that shows
// nothing happens is a quiet period (tests/helpers/quiet.ts).

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Polls `read` until it gives a value (anything but undefined, null or false) and resolves
 * with it; fails naming `what` after `timeoutMs`.
 */
export async function until<T>(
  what: string,
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 5000,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value !== undefined && value !== null && value !== false) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await sleep(everyMs)
  }
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  everyMs = 20,
): Promise<void> {
  await until(what, check, timeoutMs, everyMs)
}
