// A new browser's first page is the login page, and it loads no React: the UI's entry is
// bundled with its dynamic imports split off (as Vite builds it), and the modules the entry
// pulls in statically, which the browser must run before the login page shows, are listed.
// React, the router, swr and socket.io come only with the logged-in app, loaded after.
import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'

const ENTRY = 'ui/src/main.ts'

/** The input files of the entry's chunk and of every chunk it imports statically. */
async function firstPageInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: [ENTRY],
    absWorkingDir: projectRoot,
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(projectRoot, 'ui/dist-first-page-check'),
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Styles and their fonts do not matter here.
    loader: { '.css': 'empty', '.woff2': 'empty', '.svg': 'empty', '.png': 'empty' },
  })
  const outputs: Metafile['outputs'] = result.metafile.outputs
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint === ENTRY)
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    for (const imported of outputs[name]?.imports ?? []) {
      if (imported.kind === 'import-statement') visit(imported.path)
    }
  }
  if (entry) visit(entry)
  return [...seen].flatMap((name) => Object.keys(outputs[name]?.inputs ?? {}))
}

describe("a new browser's first page", () => {
  it('loads the login page and no React, router, swr or socket.io', async () => {
    const inputs = await firstPageInputs()
    expect(inputs).toContain('ui/src/pages/login-page.ts')
    const packages = inputs.filter((input) => input.includes('node_modules/'))
    expect(packages).toEqual([])
    // The logged-in app is not in it either.
    expect(inputs.filter((input) => /ui\/src\/(app\/App|app\/LoggedInApp)/.test(input))).toEqual([])
  })
})
