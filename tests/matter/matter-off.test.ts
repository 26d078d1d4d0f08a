// With LAMELLA_MATTER unset, nothing of Matter is loaded and nothing can be paired
// (ARCHITECTURE.md section 14): the shipped bundle's entry and the chunks it imports hold none
// of matter.js, which only the bridge's own chunk, loaded by import() when Matter is on, does.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI } from '../helpers/cli'
import { startHub, type TestHub } from '../helpers/hub'

/** The bundle's files the entry loads by static import, the entry first. */
function staticallyLoaded(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(/^import\s[^'"]*['"](\.[^'"]+)['"]/gm)) {
      visit(join(dirname(file), m[1]!))
    }
  }
  visit(entry)
  return [...seen]
}

describe('the hub with Matter off', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('loads nothing of matter.js when it starts: only a chunk loaded on demand imports it', () => {
    const loaded = staticallyLoaded(CLI)
    expect(loaded.length).toBeGreaterThan(0)
    for (const file of loaded) expect(readFileSync(file, 'utf8')).not.toMatch(/@matter\//)
    const all = readFileSync(CLI, 'utf8')
    // The bridge is there, behind an import() of a chunk of its own.
    expect(all).toMatch(/import\(["']\.\/chunks\/later-[A-Z0-9]+\.js["']\)/)
  })

  it('tells admins Matter is off, and refuses to pair with 409 naming LAMELLA_MATTER', async () => {
    const status = await t.gql(
      '{ matter { enabled commissioned manualPairingCode qrPairingCode qrCodeRows fabrics } }',
      {},
      t.adminToken,
    )
    expect(status.data).toEqual({
      matter: {
        enabled: false,
        commissioned: false,
        manualPairingCode: null,
        qrPairingCode: null,
        qrCodeRows: null,
        fabrics: [],
      },
    })
    for (const mutation of ['matterOpenPairing', 'matterForgetPairings']) {
      const res = await t.gql(`mutation { ${mutation} { enabled } }`, {}, t.adminToken)
      expect(res.errors?.[0]?.extensions.code).toBe(409)
      expect(res.errors?.[0]?.message).toMatch(/LAMELLA_MATTER=1/)
    }
  })

  it('keeps the pairing codes from users who are not admins', async () => {
    const user = await t.createUser('resident')
    const res = await t.gql('{ matter { manualPairingCode } }', {}, user.token)
    expect(res.errors?.[0]?.extensions.code).toBe(403)
    expect(res.data).toBeNull()
  })
})
