// What the admin settings page reads of the hub (ARCHITECTURE.md section 17), over the real
// GraphQL API: the PV inverter's address is shown to admins only, and is null while PV is off.
import { afterEach, describe, expect, it } from 'vitest'
import { pvSettings } from '../../hub/pv/settings'
import { startHub, type TestHub } from '../helpers/hub'

const ADDRESS = '{ pv { configured address } }'

let t: TestHub | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the PV inverter’s address', () => {
  it('is shown to admins as the hub reads LAMELLA_PV, and to nobody else', async () => {
    // Nothing listens there: PV is set up but offline, which the address does not depend on.
    t = await startHub({ config: { pv: pvSettings('modbus-tcp://127.0.0.1:9?unit=3') } })
    const anna = await t.createUser('anna')
    const admin = await t.gql<{ pv: { configured: boolean; address: string | null } }>(
      ADDRESS,
      {},
      t.adminToken,
    )
    expect(admin.data!.pv).toEqual({
      configured: true,
      address: 'modbus-tcp://127.0.0.1:9?unit=3',
    })
    const regular = await t.gql(ADDRESS, {}, anna.token)
    expect(regular.errors).toBeUndefined()
    expect(regular.data).toEqual({ pv: { configured: true, address: null } })
  })

  it('is null while PV is off', async () => {
    t = await startHub()
    const res = await t.gql(ADDRESS, {}, t.adminToken)
    expect(res.data).toEqual({ pv: { configured: false, address: null } })
  })
})
