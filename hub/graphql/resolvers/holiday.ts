// Holiday mode: every logged-in user may read it (Home shows it); only admins switch it.
import { requireAdmin, requireUser } from '../../auth/permissions'
import type { GraphQLContext } from '../context'

export const holidayResolvers = {
  Query: {
    holiday: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      requireUser(ctx)
      return ctx.services.holiday.state()
    },
  },
  Mutation: {
    holidaySet: (
      _: unknown,
      args: { enabled: boolean; randomOffsetMinutes?: number | null },
      ctx: GraphQLContext,
    ) => {
      requireAdmin(ctx)
      return ctx.services.holiday.set(args.enabled, args.randomOffsetMinutes)
    },
  },
}
