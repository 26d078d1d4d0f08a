import { requireUser } from '../../auth/permissions'
import type { GraphQLContext } from '../context'

export const hubResolvers = {
  Query: {
    hubStatus: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      requireUser(ctx)
      return ctx.services.hubStatus()
    },
  },
}
