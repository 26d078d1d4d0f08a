// The build runs only when its inputs changed (issue 32): a hash of the names and contents of
// the files it reads, kept beside the build, decides, not the files' times. The tests' global
// setup and `npm start` build through it, so a run with nothing changed waits for no build.
import { spawnSync } from 'node:child_process'
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { inputsHash } from '../../scripts/build.mjs'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-inputs-')

describe("the build's inputs", () => {
  it('hash alike until a file the build reads changes: not for a touch, a test or node_modules', () => {
    const dir = temporaryFolder()
    mkdirSync(join(dir, 'hub/bus'), { recursive: true })
    mkdirSync(join(dir, 'hub/node_modules'), { recursive: true })
    writeFileSync(join(dir, 'hub/bus/relays.ts'), 'export const deadTimeMs = 500\n')
    writeFileSync(join(dir, 'hub/bus/relays.test.ts'), 'test\n')
    writeFileSync(join(dir, 'package.json'), '{}\n')
    const hash = () => inputsHash(['hub', 'package.json'], dir)
    const first = hash()
    utimesSync(join(dir, 'hub/bus/relays.ts'), new Date(), new Date(Date.now() + 60_000))
    writeFileSync(join(dir, 'hub/bus/relays.test.ts'), 'another test\n')
    writeFileSync(join(dir, 'hub/node_modules/x.js'), 'x\n')
    expect(hash()).toBe(first)
    writeFileSync(join(dir, 'hub/bus/relays.ts'), 'export const deadTimeMs = 0\n')
    const edited = hash()
    expect(edited).not.toBe(first)
    writeFileSync(join(dir, 'hub/bus/coils.ts'), '\n')
    expect(hash()).not.toBe(edited)
  })

  it('leave `--if-stale` nothing to build once the tests built them', () => {
    const result = spawnSync(
      process.execPath,
      [join(projectRoot, 'scripts/build.mjs'), '--if-stale'],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    )
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout).toBe('')
  })
})
