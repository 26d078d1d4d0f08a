import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readNtpSynchronized } from './ntp-state'

describe("reading timesyncd's view of the clock", () => {
  const dir = mkdtempSync(join(tmpdir(), 'lamella-timesync-'))
  const folder = join(dir, 'timesync')
  afterEach(() => rmSync(folder, { recursive: true, force: true }))

  it('cannot tell when timesyncd does not run (no folder)', () => {
    expect(readNtpSynchronized(folder)).toBeNull()
  })

  it('says unsynchronised while timesyncd runs but has not set the clock since boot', () => {
    mkdirSync(folder)
    expect(readNtpSynchronized(folder)).toBe(false)
  })

  it('says synchronised once timesyncd has created its `synchronized` file', () => {
    mkdirSync(folder)
    writeFileSync(join(folder, 'synchronized'), '')
    expect(readNtpSynchronized(folder)).toBe(true)
  })
})
