// Temporary folders for a test file, all removed when its suite ends.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** Returns a maker of fresh folders named `prefix...`; call it at a test file's top level. */
export function temporaryFolders(prefix: string): () => string {
  const folders: string[] = []
  afterAll(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    folders.push(dir)
    return dir
  }
}
