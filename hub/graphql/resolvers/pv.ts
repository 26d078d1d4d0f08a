// The PV inverter's queries: every logged-in user may read them (401 otherwise); arguments are
// checked even while LAMELLA_PV is not set, so a client's mistake shows before it is set.
import { requireUser } from '../../auth/permissions'
import { checkEnergyDays, checkHistoryRange } from '../../validation/pv'
import type { GraphQLContext } from '../context'

export const pvResolvers = {
  Query: {
    pv: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      requireUser(ctx)
      return ctx.services.pv.status()
    },
    pvHistory: (_: unknown, args: { from: string; to: string }, ctx: GraphQLContext) => {
      requireUser(ctx)
      const { from, to } = checkHistoryRange(args.from, args.to)
      return ctx.services.pv.history(from, to)
    },
    pvEnergy: (_: unknown, args: { days: number }, ctx: GraphQLContext) => {
      requireUser(ctx)
      return ctx.services.pv.energy(checkEnergyDays(args.days))
    },
  },
  // Where the inverter is on the network is the settings page's business: admins only.
  PvStatus: {
    address: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      requireUser(ctx).user.isAdmin ? ctx.services.pvAddress() : null,
  },
}
