// The built web UI: assets under /dist/, and index.html for every app route so a reload on
// /automation/123 still opens the app.
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
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
  const built = existsSync(join(uiDistFolder, 'index.html'))
  if (built) {
    await app.register(fastifyStatic, {
      root: uiDistFolder,
      prefix: '/dist/',
      index: false,
      wildcard: true,
    })
  }
  for (const url of APP_ROUTES) {
    app.get(url, async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      if (!built) return reply.type('text/html').send(NOT_BUILT)
      return reply.sendFile('index.html', uiDistFolder)
    })
  }
}
