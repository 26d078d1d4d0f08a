// Folders made one level at a time, so a path that can never exist fails instead of hanging.
import { mkdirSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/**
 * Creates `folder` and whichever of its parents are missing, one at a time. Node's own
 * `mkdirSync(folder, { recursive: true })` never returns where the kernel answers "no such
 * file" for a parent that exists (anywhere under /proc); this one throws that error instead.
 */
export function createFolder(folder: string): void {
  const missing: string[] = []
  for (let at = resolve(folder); ;) {
    const found = statSync(at, { throwIfNoEntry: false })
    if (found) {
      if (!found.isDirectory()) {
        throw Object.assign(new Error(`ENOTDIR: not a folder, ${at}`), { code: 'ENOTDIR' })
      }
      break
    }
    missing.push(at)
    const parent = dirname(at)
    if (parent === at) break
    at = parent
  }
  for (const path of missing.reverse()) mkdirSync(path)
}
