// Where the hub's files live, found from this module's own location so it works both from
// source (vitest) and from the bundle in build/hub/.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findProjectRoot(start: string): string {
  let dir = start
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'hub'))) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`cannot find the Lamella project folder above ${start}`)
    dir = parent
  }
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)))
export const migrationsFolder = join(projectRoot, 'hub', 'db', 'migrations')
export const graphqlSchemaFile = join(projectRoot, 'hub', 'graphql', 'schema.graphql')
export const uiDistFolder = join(projectRoot, 'ui', 'dist')

export const hubVersion: string = (
  JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }
).version
