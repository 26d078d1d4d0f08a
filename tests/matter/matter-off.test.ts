// With LAMELLA_MATTER unset nothing can be paired (ARCHITECTURE.md section 14). That nothing
// of Matter is loaded then is tests/structure/optional-modules.test.ts's, from the modules a
// started hub really loads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'

describe('the hub with Matter off', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(async () => {
    await t?.close()
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

  it('keeps the pairing codes, the pairing window and forgetting from users who are not admins', async () => {
    const user = await t.createUser('resident')
    const res = await t.gql('{ matter { manualPairingCode } }', {}, user.token)
    expect(res.errors?.[0]?.extensions.code).toBe(403)
    expect(res.data).toBeNull()
    for (const mutation of ['matterOpenPairing', 'matterForgetPairings']) {
      const refused = await t.gql(`mutation { ${mutation} { enabled } }`, {}, user.token)
      expect(refused.errors?.[0]?.extensions.code, mutation).toBe(403)
    }
  })
})
