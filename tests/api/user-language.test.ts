// A user's UI language over the real GraphQL API (ARCHITECTURE.md section 15): set for oneself,
// kept on the user so every device (every session) reads it, and a 400 for anything but en, de
// or null that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'

const SET = 'mutation($language: String) { userLanguageSet(language: $language) { id language } }'
const WHO_AM_I = '{ whoAmI { id language } }'

describe('a user’s language', () => {
  let hub: TestHub
  let phone: string
  let laptop: string
  let userId: string

  beforeAll(async () => {
    hub = await startHub()
    const created = await hub.createUser('ada')
    userId = created.id
    phone = created.token
    laptop = await hub.login('ada', 'ada-password')
  })
  afterAll(() => hub.close())

  it('follows the browser until she chooses one', async () => {
    const res = await hub.gql(WHO_AM_I, {}, laptop)
    expect(res.data).toEqual({ whoAmI: { id: userId, language: null } })
  })

  it('chosen on her phone, is what her laptop reads', async () => {
    const set = await hub.gql(SET, { language: 'de' }, phone)
    expect(set.data).toEqual({ userLanguageSet: { id: userId, language: 'de' } })
    const res = await hub.gql(WHO_AM_I, {}, laptop)
    expect(res.data).toEqual({ whoAmI: { id: userId, language: 'de' } })
  })

  it('is set for herself only: the admin’s stays as it was', async () => {
    const res = await hub.gql(WHO_AM_I, {}, hub.adminToken)
    expect(res.data).toEqual({ whoAmI: { id: hub.adminId, language: null } })
  })

  it('goes back to the browser’s with null', async () => {
    await hub.gql(SET, { language: 'de' }, phone)
    await hub.gql(SET, { language: null }, phone)
    const res = await hub.gql(WHO_AM_I, {}, laptop)
    expect(res.data).toEqual({ whoAmI: { id: userId, language: null } })
  })

  it.each(['fr', 'DE', 'de-AT', '', 'english'])(
    'refuses "%s" with a 400 naming the field and the languages there are, changing nothing',
    async (language) => {
      await hub.gql(SET, { language: 'de' }, phone)
      const before = hub.snapshot()
      const res = await hub.gql(SET, { language }, phone)
      expect(res.status).toBe(400)
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 400,
        field: 'language',
        reason: 'ONE_OF',
        allowed: 'en, de',
      })
      expect(res.errors?.[0]?.message).toBe(
        `language must be one of en, de or null (got "${language}")`,
      )
      expect(hub.snapshot()).toBe(before)
    },
  )

  it('cannot be set without logging in', async () => {
    const res = await hub.gql(SET, { language: 'de' })
    expect(res.errors?.[0]?.extensions.code).toBe(401)
  })
})
