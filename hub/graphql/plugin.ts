// POST /graphql: mercurius executes, but the route is ours, so that only POST with a JSON body
// is accepted, the token is read once, and every error leaves as { message, extensions.code }.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  NoSchemaIntrospectionCustomRule,
  validate,
  type ExecutionResult,
  type GraphQLError,
} from 'graphql'
import mercurius from 'mercurius'
import { readFileSync } from 'node:fs'
import type { SessionRepository } from '../db/sessions'
import { HubError, logInternalError } from '../errors'
import { graphqlSchemaFile } from '../paths'
import type { GraphQLContext, Services } from './context'
import { fieldLimitRule, QUERY_DEPTH_LIMIT } from './request-limits'
import { authResolvers } from './resolvers/auth'
import { automationResolvers } from './resolvers/automations'
import { blindLoaders, blindResolvers } from './resolvers/blinds'
import { holidayResolvers } from './resolvers/holiday'
import { matterResolvers } from './resolvers/matter'
import { locationResolvers } from './resolvers/location'
import { hubResolvers } from './resolvers/hub'
import { pvResolvers } from './resolvers/pv'
import { shadingResolvers } from './resolvers/shading'
import { weatherResolvers } from './resolvers/weather'
import { userResolvers } from './resolvers/users'

export interface GraphQLPluginOptions {
  services: Services
  sessions: SessionRepository
  development: boolean
}

interface FormattedError {
  message: string
  locations?: readonly { line: number; column: number }[]
  path?: readonly (string | number)[]
  extensions: { code: number; field?: string; [detail: string]: unknown }
}

const resolvers = [
  authResolvers,
  userResolvers,
  blindResolvers,
  automationResolvers,
  hubResolvers,
  pvResolvers,
  holidayResolvers,
  matterResolvers,
  locationResolvers,
  shadingResolvers,
  weatherResolvers,
].reduce(
  (all, part) => {
    for (const [type, fields] of Object.entries(part)) all[type] = { ...all[type], ...fields }
    return all
  },
  {} as Record<string, Record<string, unknown>>,
)

function formatError(error: GraphQLError, log: FastifyRequest['log']): FormattedError {
  const original = error.originalError
  const where = {
    ...(error.locations && { locations: error.locations }),
    ...(error.path && { path: error.path }),
  }
  if (original instanceof HubError) {
    return {
      message: original.message,
      ...where,
      extensions: {
        ...original.details,
        code: original.code,
        ...(original.field && { field: original.field }),
      },
    }
  }
  if (!original) return { message: error.message, ...where, extensions: { code: 400 } }
  // Anything else is our bug: log it for the owner, tell the client nothing of its insides.
  logInternalError(log, original, 'resolver failed', { path: error.path })
  return { message: 'Internal error', ...where, extensions: { code: 500 } }
}

/** HTTP status: the errors' code when every field failed, else 200 with partial data. */
function statusOf(
  data: Record<string, unknown> | null | undefined,
  errors: FormattedError[],
): number {
  if (errors.length === 0) return 200
  if (data && Object.values(data).some((v) => v !== null)) return 200
  const codes = new Set(errors.map((e) => e.extensions.code))
  return codes.size === 1 ? [...codes][0]! : Math.max(...codes)
}

function badRequest(
  reply: FastifyReply,
  messages: readonly { message: string; locations?: FormattedError['locations'] }[],
) {
  reply.code(400)
  return {
    data: null,
    errors: messages.map((m) => ({
      message: m.message,
      ...(m.locations && { locations: m.locations }),
      extensions: { code: 400 },
    })),
  }
}

function readBody(
  body: unknown,
): { query: string; operationName?: string; variables?: Record<string, unknown> } | string {
  if (Array.isArray(body))
    return 'batched queries are not supported: send one operation per request'
  if (typeof body !== 'object' || body === null)
    return 'the request body must be a JSON object with a query'
  const { query, operationName, variables } = body as Record<string, unknown>
  if (typeof query !== 'string' || query.trim() === '') return 'query must be a non-empty string'
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return 'operationName must be a string'
  }
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    return 'variables must be a JSON object'
  }
  return {
    query,
    ...(typeof operationName === 'string' && { operationName }),
    ...(variables ? { variables: variables as Record<string, unknown> } : {}),
  }
}

export async function graphqlPlugin(
  app: FastifyInstance,
  opts: GraphQLPluginOptions,
): Promise<void> {
  await app.register(mercurius, {
    schema: readFileSync(graphqlSchemaFile, 'utf8'),
    resolvers: resolvers as never,
    loaders: blindLoaders as never,
    routes: false,
    graphiql: false,
    jit: 1,
    queryDepth: QUERY_DEPTH_LIMIT,
    allowBatchedQueries: false,
    validationRules: opts.development ? [] : [NoSchemaIntrospectionCustomRule],
    errorFormatter: (execution: ExecutionResult, context: { reply?: FastifyReply }) => {
      const log = context.reply?.request.log ?? app.log
      const errors = (execution.errors ?? []).map((e) => formatError(e, log))
      return {
        statusCode: statusOf(execution.data, errors),
        response: { data: execution.data ?? null, errors },
      }
    },
  })

  // The field limit goes first and alone: graphql's own rules take ~0.4 s over 5000 fields.
  // Its errors leave as those of validation do, through the catch below.
  app.graphql.addHook('preValidation', (schema, document) => {
    const errors = validate(schema, document, [fieldLimitRule()])
    if (errors.length > 0) throw Object.assign(new Error(errors[0]!.message), { errors })
  })

  app.post('/graphql', async (request, reply) => {
    const body = readBody(request.body)
    if (typeof body === 'string') return badRequest(reply, [{ message: body }])
    const token = request.headers['x-auth-token']
    const context: GraphQLContext = {
      auth: typeof token === 'string' ? opts.sessions.authenticate(token) : null,
      address: request.ip,
      services: opts.services,
    }
    try {
      return await reply.graphql(body.query, context as never, body.variables, body.operationName)
    } catch (err) {
      // Syntax, validation, depth, field count and variable errors: the request itself is wrong.
      const inner = (err as { errors?: unknown }).errors
      if (Array.isArray(inner)) {
        return badRequest(
          reply,
          inner.map((e: GraphQLError) => ({
            message: e.message,
            ...(e.locations && { locations: e.locations }),
          })),
        )
      }
      throw err
    }
  })
}
