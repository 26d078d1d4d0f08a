// Tests that need a program of the operating system nothing else can stand in for
// (systemd-analyze, systemd-notify, mosquitto, FUSE's fusermount3). A new machine with only
// Node, npm, python3 and a C compiler skips them, with what is missing in the suite's name so
// a skip is never read as a pass. CI sets LAMELLA_REQUIRE_TOOLS=1, which turns every such skip into a
// failure: there every program is installed, and every test must prove itself.
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { beforeAll, describe } from 'vitest'

export const REQUIRE_TOOLS = 'LAMELLA_REQUIRE_TOOLS'

/** Whether `program` is an executable file in a folder of PATH, as a shell would find it. */
export function onPath(program: string, path = process.env.PATH ?? ''): boolean {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((folder) => {
      const file = join(folder, program)
      try {
        accessSync(file, constants.X_OK)
        return statSync(file).isFile()
      } catch {
        return false
      }
    })
}

/** The programs of `programs` that are not on PATH. */
export function missingPrograms(programs: readonly string[]): string[] {
  return programs.filter((program) => !onPath(program))
}

/**
 * A describe() whose tests need `programs`. When one is missing it is skipped, named
 * "NAME (skipped: PROGRAM not installed)"; with LAMELLA_REQUIRE_TOOLS=1 it runs instead and
 * every test fails with the programs that are missing.
 */
export function describeWithPrograms(
  programs: readonly string[],
  name: string,
  body: () => void,
): void {
  const missing = missingPrograms(programs)
  describeNeeding(missing.length > 0 ? [`${missing.join(' and ')} not installed`] : [], name, body)
}

/**
 * A describe() whose tests need something of the machine that is not a program on PATH (a
 * device, a library for Debian's python3): `missing` says what is not there, each as a skip
 * reason reads, e.g. "/dev/fuse missing". Skipped or failed as describeWithPrograms is.
 */
export function describeNeeding(missing: readonly string[], name: string, body: () => void): void {
  if (missing.length === 0) {
    describe(name, body)
    return
  }
  const what = missing.join(', ')
  if (process.env[REQUIRE_TOOLS] !== '1') {
    describe.skip(`${name} (skipped: ${what})`, body)
    return
  }
  describe(`${name} (${what})`, () => {
    beforeAll(() => {
      throw new Error(`${what}, and ${REQUIRE_TOOLS}=1 requires every test to run`)
    })
    body()
  })
}
