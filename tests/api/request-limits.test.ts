// How much one GraphQL request may ask for (ARCHITECTURE.md section 7; issue 10): a request
// selecting more fields than FIELD_LIMIT, aliases and fragments counted, gets a 400 that
// names the rule, and none of it runs. What the UI sends stays far below the limit
// (tests/api/ui-operations.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIELD_LIMIT } from '../../hub/graphql/request-limits'
import { createBlind, startHub, type GqlResponse, type TestHub } from '../helpers/hub'

const BLIND = 'id name blindAddressUp blindAddressDown travelTimeMs isFavorite motion'

const RULE = `A request may select at most ${FIELD_LIMIT} fields; this one selects`

/** `count` fields of the form `a0: field`. */
const aliases = (count: number, field: string) =>
  Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')

/** The one error of a refused request: HTTP 400, no data, code 400. */
function refusal(res: GqlResponse<unknown>): string {
  expect(res.status).toBe(400)
  expect(res.data).toBeNull()
  expect(res.errors).toHaveLength(1)
  expect(res.errors![0]!.extensions).toEqual({ code: 400 })
  return res.errors![0]!.message
}

describe('the number of fields one request may select', () => {
  let t: TestHub
  let before: string

  beforeAll(async () => {
    t = await startHub()
    await createBlind(t, 'Kitchen', '1:0', '1:1')
    before = t.snapshot()
  })
  afterAll(() => t.close())

  it('refuses 5000 aliased blindList fields with 400 that names the rule, and sends no blind', async () => {
    const res = await t.gql(`{ ${aliases(5000, `blindList { ${BLIND} }`)} }`, {}, t.adminToken)
    expect(refusal(res)).toBe(`${RULE} 40000`)
    expect(JSON.stringify(res)).not.toContain('Kitchen')
  })

  it('runs none of a mutation over the limit: 100 aliased blindCreate create no blind', async () => {
    const creates = Array.from(
      { length: 100 },
      (_, i) =>
        `b${i}: blindCreate(input: { name: "Blind ${i}", blindAddressUp: "9:${2 * i}", blindAddressDown: "9:${2 * i + 1}" }) { id name blindAddressUp blindAddressDown travelTimeMs }`,
    ).join(' ')
    const res = await t.gql(`mutation { ${creates} }`, {}, t.adminToken)
    expect(refusal(res)).toBe(`${RULE} 600`)
    expect(t.snapshot()).toBe(before)
  })

  it(`answers a query of exactly ${FIELD_LIMIT} fields and refuses one of ${FIELD_LIMIT + 1}`, async () => {
    // whoAmI is one field, each alias of username one more.
    const atLimit = await t.gql<{ whoAmI: Record<string, string> }>(
      `{ whoAmI { ${aliases(FIELD_LIMIT - 1, 'username')} } }`,
      {},
      t.adminToken,
    )
    expect(atLimit.status).toBe(200)
    expect(atLimit.errors).toBeUndefined()
    expect(Object.keys(atLimit.data!.whoAmI)).toHaveLength(FIELD_LIMIT - 1)

    const over = await t.gql(`{ whoAmI { ${aliases(FIELD_LIMIT, 'username')} } }`, {}, t.adminToken)
    expect(refusal(over)).toBe(`${RULE} 501`)
  })

  it('counts the fields of a fragment once for every time it is spread', async () => {
    const query = (spreads: number) =>
      `fragment Names on User { ${aliases(100, 'username')} }
       query { whoAmI { ${'...Names '.repeat(spreads)} } }`
    const four = await t.gql(query(4), {}, t.adminToken)
    expect(four.status).toBe(200)
    expect(four.errors).toBeUndefined()

    const five = await t.gql(query(5), {}, t.adminToken)
    expect(refusal(five)).toBe(`${RULE} 501`)
  })

  it('refuses fragments that spread each other 2^40 times over, with the count', async () => {
    // F0 spreads F1 twice, F1 spreads F2 twice, ... F40 is one field.
    const fragments = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on User { ...F${i + 1} ...F${i + 1} }`,
    ).join('\n')
    const query = `${fragments}\nfragment F40 on User { username }\nquery { whoAmI { ...F0 } }`
    const res = await t.gql(query, {}, t.adminToken)
    expect(refusal(res)).toBe(`${RULE} ${2 ** 40 + 1}`)
  })
})
