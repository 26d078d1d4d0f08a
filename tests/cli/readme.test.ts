// README.md as a new user reads it on a fresh clone: it stands alone (every link leads to a
// file of the repository or a heading of its own), and "Using the API", run as written (host,
// port and password filled in) by sh on a real hub, puts the token into $TOKEN with nothing but
// curl and Node, and lists the blinds with it.
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { ADMIN_PASSWORD, createBlind, startHub, type TestHub } from '../helpers/hub'
import { describeWithPrograms } from '../helpers/system-tools'

const readme = () => readFileSync(join(projectRoot, 'README.md'), 'utf8')

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replaceAll(' ', '-')

describe('README.md', () => {
  it('links only files of the repository that exist, and headings of its own', () => {
    const text = readme()
    const anchors = [...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!))
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!)
    expect(targets.length).toBeGreaterThan(0)
    for (const target of targets.filter((t) => !/^https?:/.test(t))) {
      if (target.startsWith('#')) {
        expect(anchors, target).toContain(target.slice(1))
        continue
      }
      const file = resolve(projectRoot, target.split('#')[0]!)
      expect(relative(projectRoot, file), target).not.toMatch(/^\.\./)
      expect(existsSync(file), target).toBe(true)
    }
    // Nor does it name a path outside the clone, linked or not.
    expect(text).not.toMatch(/`\.\.\//)
  })
})

/** The shell block of README's "Using the API" that sets $TOKEN. */
function readmeBlock(): string {
  const section = readme()
    .split(/^## Using the API$/m)[1]!
    .split(/^## /m)[0]!
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block?.includes('TOKEN=$(')) throw new Error('README: no TOKEN=$(...) in Using the API')
  return block
}

describeWithPrograms(['curl'], "README's API example", () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, 'Hall', '1:0', '1:1')
  })
  afterAll(() => t.close())

  /** The block in sh, as a reader pastes it; the hub runs in this process, so no spawnSync. */
  const run = (password: string) =>
    new Promise<{ stdout: string; stderr: string }>((resolve) => {
      const script = readmeBlock()
        .replaceAll('localhost:8080', new URL(t.url).host)
        .replace('password: \\"...\\"', `password: \\"${password}\\"`)
      execFile(
        'sh',
        ['-c', script],
        { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeout: 30_000 },
        (_error, stdout, stderr) => resolve({ stdout, stderr }),
      )
    })

  it('logs in, keeps the token in $TOKEN and lists the blinds with it', async () => {
    const res = await run(ADMIN_PASSWORD)
    expect(res.stderr).toBe('')
    expect(JSON.parse(res.stdout)).toMatchObject({
      data: { blindList: [{ name: 'Hall', blindAddressUp: '1:0', blindAddressDown: '1:1' }] },
    })
  })

  it('prints the hub’s message, not a stack trace, when the password is wrong', async () => {
    const res = await run('not-the-password')
    expect(res.stderr).toBe('Wrong username or password\n')
  })
})
