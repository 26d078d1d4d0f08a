// What a browser needs from the hub to keep and install the web UI: the service worker at
// /dist/sw.js, always revalidated and listing the current build, and the web app manifest
// with icons that the hub serves. The global setup builds the UI when it is stale.
import { request, type IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHub, type TestHub } from '../helpers/hub'

describe('the service worker and the web app manifest', () => {
  let t: TestHub
  let indexHtml: string
  beforeAll(async () => {
    t = await startHub()
    indexHtml = await (await fetch(`${t.url}/login`)).text()
  })
  afterAll(() => t.close())

  it('serves /dist/sw.js as JavaScript, revalidated, listing the hashed entry script', async () => {
    const entry = /<script type="module"[^>]* src="(\/dist\/assets\/index-[\w-]+\.js)"/.exec(
      indexHtml,
    )?.[1]
    expect(entry).toBeDefined()

    const res = await fetch(`${t.url}/dist/sw.js`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript\b/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const worker = await res.text()
    expect(worker).toContain(`"${entry}"`)
    expect(worker).toMatch(/const CACHE_NAME = "lamella-[0-9a-f]{16}"/)
    expect(worker).toContain('"/dist/manifest.webmanifest"')
    expect(worker).not.toMatch(/\.map"|"\/dist\/sw\.js"|\.html"/)
  })

  it('links the manifest and the icons from index.html under /dist/', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/dist/manifest.webmanifest"')
    expect(indexHtml).toContain('<link rel="icon" type="image/svg+xml" href="/dist/icons/icon.svg"')
    expect(indexHtml).toContain(
      '<link rel="apple-touch-icon" href="/dist/icons/apple-touch-icon.png"',
    )
  })

  it('serves the manifest as application/manifest+json, and every icon it names', async () => {
    const manifestUrl = `${t.url}/dist/manifest.webmanifest`
    const res = await fetch(manifestUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json\b/)
    const manifest = (await res.json()) as {
      name: string
      start_url: string
      display: string
      theme_color: string
      icons: { src: string; sizes: string; type: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Lamella',
      start_url: '/',
      display: 'standalone',
      theme_color: '#29335C',
    })
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['any', '192x192', '512x512']),
    )
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)

    for (const icon of [
      ...manifest.icons,
      { src: 'icons/apple-touch-icon.png', type: 'image/png' },
    ]) {
      // Icon paths are relative to the manifest, as a browser resolves them.
      const iconRes = await fetch(new URL(icon.src, manifestUrl))
      expect(iconRes.status, icon.src).toBe(200)
      expect(iconRes.headers.get('content-type'), icon.src).toMatch(
        new RegExp(`^${icon.type}\\b`.replace('+', '\\+')),
      )
      expect((await iconRes.arrayBuffer()).byteLength, icon.src).toBeGreaterThan(200)
    }
  })
})

describe('the pages and assets of the web UI', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  const page = (path: string) => fetch(`${t.url}${path}`, { headers: { accept: 'text/html' } })

  it('serves index.html for every route of the spec, asked afresh on each load', async () => {
    for (const path of [
      '/',
      '/login',
      '/blinds',
      '/automation',
      '/automation/create',
      '/automation/5b0c5c49-8f8e-4a4e-9d55-7a4c5e1d2f10',
      '/users',
      '/photovoltaics',
    ]) {
      const res = await page(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('no-cache')
      expect(await res.text(), path).toContain('<div id="root"></div>')
    }
  })

  it('lets browsers keep the hashed assets for good', async () => {
    const html = await (await page('/')).text()
    const entry = /src="(\/dist\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1]
    const res = await fetch(`${t.url}${entry}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // Read to the end: a body left unread holds the connection, and the hub's close waits for it.
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('opens the app with status 404 at an unknown page, so its router shows the 404 screen', async () => {
    const res = await page('/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<div id="root"></div>')
  })

  it('answers a script at an unknown path, or a missing asset, with a JSON 404', async () => {
    const api = await fetch(`${t.url}/no-such-thing`)
    expect(api.status).toBe(404)
    expect(await api.json()).toEqual({
      data: null,
      errors: [{ message: 'Not found: GET /no-such-thing', extensions: { code: 404 } }],
    })
    const asset = await page('/dist/assets/missing.js')
    expect(asset.status).toBe(404)
    expect(asset.headers.get('content-type')).toMatch(/json/)
  })
})

describe('compressed assets', () => {
  let t: TestHub
  beforeAll(async () => {
    t = await startHub()
  })
  afterAll(() => t.close())

  it('sends the scripts brotli- or gzip-compressed, as the browser accepts, with their headers', async () => {
    const html = await (await fetch(`${t.url}/`, { headers: { accept: 'text/html' } })).text()
    const entry = /src="(\/dist\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1]
    const plain = await fetch(`${t.url}${entry}`, { headers: { 'accept-encoding': 'identity' } })
    const plainBytes = (await plain.arrayBuffer()).byteLength
    for (const encoding of ['br', 'gzip']) {
      // node:http, not fetch: fetch would undo the compression before the test could see it.
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        request(`${t.url}${entry}`, { headers: { 'accept-encoding': encoding } }, resolve)
          .on('error', reject)
          .end()
      })
      let bytes = 0
      for await (const chunk of res) bytes += (chunk as Buffer).length
      expect(res.headers['content-encoding'], encoding).toBe(encoding)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(bytes).toBeLessThan(plainBytes / 2)
    }
    const worker = await fetch(`${t.url}/dist/sw.js`, { headers: { 'accept-encoding': 'br' } })
    expect(worker.headers.get('cache-control')).toBe('no-cache')
    expect(await worker.text()).not.toBe('')
  })
})
