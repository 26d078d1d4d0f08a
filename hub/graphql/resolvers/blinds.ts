import { requireAdmin, requireUser } from '../../auth/permissions'
import type { Direction } from '../../bus/moves'
import type { Blind, BlindInput } from '../../db/blinds'
import type { GraphQLContext } from '../context'

export const blindResolvers = {
  Query: {
    blindList: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.blinds.list(requireUser(ctx).user),
    blind: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.blinds.get(requireUser(ctx).user, id),
  },
  Mutation: {
    blindCreate: (_: unknown, { input }: { input: BlindInput }, ctx: GraphQLContext) =>
      ctx.services.blinds.create(requireAdmin(ctx).user, input),
    blindUpdate: (_: unknown, args: { id: string; input: BlindInput }, ctx: GraphQLContext) =>
      ctx.services.blinds.update(requireAdmin(ctx).user, args.id, args.input),
    blindDelete: (_: unknown, { ids }: { ids: string[] }, ctx: GraphQLContext) => {
      requireAdmin(ctx)
      return ctx.services.blinds.delete(ids)
    },
    blindMove: (_: unknown, args: { ids: string[]; direction: Direction }, ctx: GraphQLContext) =>
      ctx.services.moveBlinds(requireUser(ctx).user, args.ids, args.direction),
    setFavoriteBlind: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.blinds.setFavorite(requireUser(ctx).user, id, true),
    unsetFavoriteBlind: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.blinds.setFavorite(requireUser(ctx).user, id, false),
  },
  Blind: {
    motion: (blind: Blind, _: unknown, ctx: GraphQLContext) => ctx.services.motionOf(blind.id),
  },
}

/**
 * Fields that would cost a query per blind in a list, batched by mercurius: `usedBy` for a
 * whole blindList is one query.
 */
export const blindLoaders = {
  Blind: {
    usedBy: async (queries: { obj: Blind }[], ctx: GraphQLContext) => {
      const used = ctx.services.blinds.usedBy(
        requireUser(ctx).user,
        queries.map(({ obj }) => obj.id),
      )
      return queries.map(({ obj }) => used.get(obj.id) ?? [])
    },
  },
}
