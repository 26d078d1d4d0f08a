// The Matter bridge's pairing, for admins only (ARCHITECTURE.md section 14): with the codes,
// anyone may add the house's blinds to their phone.
import { requireAdmin } from '../../auth/permissions'
import type { GraphQLContext } from '../context'

const bridge = (ctx: GraphQLContext) => {
  requireAdmin(ctx)
  return ctx.services.matter
}

export const matterResolvers = {
  Query: {
    matter: (_: unknown, __: unknown, ctx: GraphQLContext) => bridge(ctx).status(),
  },
  Mutation: {
    matterOpenPairing: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const matter = bridge(ctx)
      await matter.openPairing()
      return matter.status()
    },
    matterForgetPairings: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const matter = bridge(ctx)
      await matter.forgetPairings()
      return matter.status()
    },
  },
}
