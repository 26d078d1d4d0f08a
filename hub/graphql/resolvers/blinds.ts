import { requireAdmin, requireUser } from '../../auth/permissions'
import type { Direction } from '../../position/positions'
import type { Blind, BlindInput } from '../../db/blinds'
import { NOT_SHADING, type ShadingState } from '../../shading/types'
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
    blindMove: async (
      _: unknown,
      args: { ids: string[]; direction: Direction },
      ctx: GraphQLContext,
    ) => {
      const { user } = requireUser(ctx)
      await ctx.services.positions.move(user, args.ids, args.direction)
      return args.ids.map((id) => ctx.services.blinds.get(user, id))
    },
    blindSetPosition: async (
      _: unknown,
      args: { ids: string[]; position?: number | null; tilt?: number | null },
      ctx: GraphQLContext,
    ) => {
      const { user } = requireUser(ctx)
      await ctx.services.positions.setPosition(user, args.ids, args.position, args.tilt)
      return args.ids.map((id) => ctx.services.blinds.get(user, id))
    },
    blindCalibrate: (_: unknown, args: { id: string; direction: Direction }, ctx: GraphQLContext) =>
      ctx.services.positions.calibrate(requireAdmin(ctx).user, args.id, args.direction),
    setFavoriteBlind: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.blinds.setFavorite(requireUser(ctx).user, id, true),
    unsetFavoriteBlind: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.blinds.setFavorite(requireUser(ctx).user, id, false),
  },
  // Where the blind is now, from the tracker: never stored in a row, always live.
  Blind: {
    motion: (blind: Blind, _: unknown, ctx: GraphQLContext) =>
      ctx.services.positions.state(blind.id).motion,
    position: (blind: Blind, _: unknown, ctx: GraphQLContext) =>
      ctx.services.positions.state(blind.id).position,
    tilt: (blind: Blind, _: unknown, ctx: GraphQLContext) =>
      ctx.services.positions.state(blind.id).tilt,
    target: (blind: Blind, _: unknown, ctx: GraphQLContext) =>
      ctx.services.positions.state(blind.id).target,
    endsAt: (blind: Blind, _: unknown, ctx: GraphQLContext) => {
      const { endsAt } = ctx.services.positions.state(blind.id)
      return endsAt === null ? null : new Date(endsAt).toISOString()
    },
    shading: (blind: Blind, _: unknown, ctx: GraphQLContext) =>
      ctx.services.shading?.stateOf(blind.id) ?? NOT_SHADING,
  },
  // Who paused shading, worded for the asker: names only where the asker may know them.
  Shading: {
    pausedBy: (state: ShadingState, _: unknown, ctx: GraphQLContext) =>
      ctx.services.pausedBy.describe(requireUser(ctx).user, state.pausedBy),
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
