// What `npm start` prints before the hub's own lines: its build of the web UI. A new user looks
// for the first admin's password in that terminal, so the build says one short line, without
// colour codes, rather than fifty lines of file sizes, a warning and build timings.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { temporaryFolders } from '../helpers/temporary-folders'

const temporaryFolder = temporaryFolders('lamella-build-')
/** vite on this 2-core machine, among other tests: seconds, not minutes. */
const BUILD_LIMIT_MS = 180_000

/** Runs `npm start`'s build of the web UI into `outDir` (not the served ui/dist) in a process of its own. */
function buildUiInto(outDir: string) {
  const script = pathToFileURL(join(projectRoot, 'scripts/build.mjs')).href
  const code = `const { buildUi } = await import(${JSON.stringify(script)})
buildUi({ outDir: ${JSON.stringify(outDir)} })`
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: projectRoot,
    stdio: 'pipe',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  })
  let output = ''
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')))
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')))
  const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_LIMIT_MS)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    }),
  )
}

describe("npm start's build of the web UI", () => {
  it(
    'lets vite print nothing, no file list, warning or colour code, and builds the whole UI',
    async () => {
      const outDir = join(temporaryFolder(), 'dist')
      const { code, output } = await buildUiInto(outDir)
      expect(code, output).toBe(0)
      expect(output).not.toContain('\u001b')
      // The one line `npm start` then shows is build.mjs's own: "built the web UI into ui/dist/".
      expect(output).toBe('')
      expect(existsSync(join(outDir, 'index.html'))).toBe(true)
      expect(existsSync(join(outDir, 'sw.js'))).toBe(true)
    },
    BUILD_LIMIT_MS + 10_000,
  )
})
