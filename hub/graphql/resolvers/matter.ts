// The Matter bridge's pairing (ARCHITECTURE.md section 14); admins only, checked by the bridge's
// API (hub/matter/storage matterForAdmins).
import { requireUser } from '../../auth/permissions'
import type { GraphQLContext } from '../context'

export const matterResolvers = {
  Query: {
    matter: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.matter.status(requireUser(ctx).user),
  },
  Mutation: {
    matterOpenPairing: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.matter.openPairing(requireUser(ctx).user),
    matterForgetPairings: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.matter.forgetPairings(requireUser(ctx).user),
  },
}
