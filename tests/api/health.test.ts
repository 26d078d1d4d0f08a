// GET /healthz: no login, no secrets, and a status a monitor or the installer can act on.
import { afterEach, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'

let t: TestHub | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('GET /healthz', () => {
  it('answers without a login: database, bus and clock, version and uptime', async () => {
    t = await startHub()
    const res = await fetch(`${t.url}/healthz`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      uptimeSeconds: expect.any(Number),
      database: 'ok',
      bus: 'online',
      clock: 'unknown',
    })
  })

  it('tells nothing secret: no path, user, token or error text', async () => {
    t = await startHub()
    const text = await (await fetch(`${t.url}/healthz`)).text()
    expect(text).not.toMatch(/admin|token|password|\/tmp|lamella\.db|emulator/i)
  })

  it('answers 503 "failing" when the database does not answer', async () => {
    t = await startHub()
    t.database.sqlite.close()
    const res = await fetch(`${t.url}/healthz`)
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ status: 'failing', database: 'failing' })
    // The hub cannot shut down cleanly without its database; only its server is closed.
    await t.hub.app.close().catch(() => undefined)
    t = undefined
  })
})
