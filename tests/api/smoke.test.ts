import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, startHub, type TestHub } from '../helpers/hub'

describe('the hub over HTTP', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  it('lets the first admin log in and list the blinds they created', async () => {
    const id = await createBlind(t, 'Kitchen', '1:0', '1:1')
    const res = await t.gql<{ blindList: { id: string; name: string }[] }>(
      '{ blindList { id name } }',
      {},
      t.adminToken,
    )
    expect(res.status).toBe(200)
    expect(res.data?.blindList).toEqual([{ id, name: 'Kitchen' }])
  })
})
