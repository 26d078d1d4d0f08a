import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { acquireHubLock, HubLockedError, lockPathOf } from './lock'
import { temporaryFolder } from './test-database'

describe('acquireHubLock', () => {
  it('refuses a second holder at once, naming the database', () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const release = acquireHubLock(dbPath)
    try {
      const started = performance.now()
      expect(() => acquireHubLock(dbPath)).toThrow(new HubLockedError(dbPath))
      expect(() => acquireHubLock(dbPath)).toThrow(
        `${dbPath} is in use by another lamella serve or lamella restore`,
      )
      expect(performance.now() - started).toBeLessThan(1000)
    } finally {
      release()
    }
  })

  it('is free again once released, and a second release is harmless', () => {
    const dbPath = join(temporaryFolder(), 'lamella.db')
    const release = acquireHubLock(dbPath)
    release()
    release()
    const again = acquireHubLock(dbPath)
    again()
  })

  it('creates the database folder, leaves the lock file in place, and never the database', () => {
    const dbPath = join(temporaryFolder(), 'not', 'yet', 'lamella.db')
    acquireHubLock(dbPath)()
    expect(existsSync(lockPathOf(dbPath))).toBe(true)
    expect(existsSync(dbPath)).toBe(false)
  })

  it('locks each database on its own', () => {
    const folder = temporaryFolder()
    const first = acquireHubLock(join(folder, 'one.db'))
    const second = acquireHubLock(join(folder, 'two.db'))
    first()
    second()
  })
})
