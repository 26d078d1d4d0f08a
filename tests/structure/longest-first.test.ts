// The files started first (tests/helpers/longest-first.ts) are named by path: a file renamed or
// moved would silently drop back to vitest's order and run on alone at the end again.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { projectRoot } from '../../hub/paths'
import { LONGEST_FILES } from '../helpers/longest-first'

it('names only test files that exist, each once', () => {
  expect(LONGEST_FILES.filter((file) => !existsSync(join(projectRoot, file)))).toEqual([])
  expect(new Set(LONGEST_FILES).size).toBe(LONGEST_FILES.length)
})
