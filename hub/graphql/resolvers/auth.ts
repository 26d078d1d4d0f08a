import { requireUser } from '../../auth/permissions'
import type { GraphQLContext } from '../context'

export const authResolvers = {
  Query: {
    login: (_: unknown, args: { username: string; password: string }, ctx: GraphQLContext) =>
      ctx.services.auth.login(args.username, args.password, ctx.address),
    whoAmI: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.users.require(requireUser(ctx).user.id),
  },
  Mutation: {
    logout: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      ctx.services.auth.logout(requireUser(ctx).tokenHash)
      return true
    },
  },
}
