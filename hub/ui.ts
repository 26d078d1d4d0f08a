// The built web UI: assets under /dist/, and index.html for every app route so a reload on
// /automation/123 still opens the app.
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { uiDistFolder } from './paths'

/** The client-side routes of the spec (section 2), plus the login page. */
export const APP_ROUTES = [
  '/',
  '/login',
  '/blinds',
  '/automation',
  '/automation/*',
  '/users',
  '/photovoltaics',
]

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Lamella</title>
<p>The Lamella web UI has not been built. Run <code>npm run build</code> and reload.</p>`

export async function uiPlugin(app: FastifyInstance): Promise<void> {
  const serviceWorkerFile = join(uiDistFolder, 'sw.js')
  const assetsFolder = join(uiDistFolder, 'assets') + sep
  const built = existsSync(join(uiDistFolder, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: uiDistFolder,
      prefix: '/dist/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies (ui/build/compress-plugin.ts); sent when accepted.
      preCompressed: true,
      // Ours alone: @fastify/static 9 would write its own after setHeaders.
      cacheControl: false,
      setHeaders(res, compressedOrPlain) {
        const path = compressedOrPlain.replace(/\.(br|gz)$/, '')
        // The browser looks for a new service worker on every load; it must ask the hub, not
        // its HTTP cache, or a new build would reach it a day late.
        if (path === serviceWorkerFile) res.setHeader('cache-control', 'no-cache')
        // Vite puts a content hash in every name under assets/: such a file never changes.
        else if (path.startsWith(assetsFolder)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable')
        } else res.setHeader('cache-control', 'public, max-age=0')
      },
    })
  }
  for (const url of APP_ROUTES) app.get(url, async (_request, reply) => sendAppPage(reply))
}

/** index.html, which loads the app; the app's router shows the page the path names. */
export async function sendAppPage(reply: FastifyReply): Promise<FastifyReply> {
  // Always asked afresh, so a new build's asset names reach the browser at once.
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
  // Read on each request: it is small, and a rebuild replaces it under a running hub.
  const html = await readFile(join(uiDistFolder, 'index.html'), 'utf8').catch(() => NOT_BUILT)
  return reply.send(html)
}

/** A browser opening a page (not a script asking for data) at an unknown path. */
export function isPageRequest(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    (request.headers.accept ?? '').includes('text/html') &&
    !request.url.startsWith('/dist/') &&
    !request.url.startsWith('/graphql')
  )
}
