// How the hub answers what went wrong outside GraphQL's own errors: a thrown error is its 4xx
// or a plain 500 (logged, never shown), and an unknown route is the app's 404 page for a
// browser or a 404 in GraphQL's shape, without the query string (a login sent over GET would
// carry its password there).
import type { FastifyInstance } from 'fastify'
import { logInternalError } from './errors'
import { isPageRequest, sendAppPage } from './ui'

export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500
    if (status === 500) logInternalError(request.log, err, 'request failed')
    const message = status === 500 ? 'Internal error' : err.message
    reply.code(status).send({ data: null, errors: [{ message, extensions: { code: status } }] })
  })
  app.setNotFoundHandler((request, reply) => {
    // A browser at an unknown path gets the app, whose router shows its 404 screen.
    if (isPageRequest(request)) return sendAppPage(reply.code(404))
    const message = `Not found: ${request.method} ${request.url.split('?')[0]}`
    reply.code(404).send({ data: null, errors: [{ message, extensions: { code: 404 } }] })
  })
}
