// The house's location: admins read and set it; the module checks who asks (hub/location).
import { requireUser } from '../../auth/permissions'
import type { LocationInput } from '../../validation/location'
import type { GraphQLContext } from '../context'

export const locationResolvers = {
  Query: {
    houseLocation: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.location.read(requireUser(ctx).user),
  },
  Mutation: {
    houseLocationSet: (_: unknown, args: LocationInput, ctx: GraphQLContext) =>
      ctx.services.location.set(requireUser(ctx).user, args),
  },
}
