import { requireAdmin, requireUser } from '../../auth/permissions'
import type { User, UserCreateInput, UserUpdateInput } from '../../db/users'
import { forbidden } from '../../errors'
import { checkId } from '../../validation/fields'
import type { GraphQLContext } from '../context'

export const userResolvers = {
  Query: {
    user: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) => {
      const { user } = requireUser(ctx)
      checkId('id', id)
      if (!user.isAdmin && id !== user.id) throw forbidden('Only an admin may look at other users')
      return ctx.services.users.require(id)
    },
    userList: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      requireAdmin(ctx)
      return ctx.services.users.list()
    },
  },
  Mutation: {
    userCreate: (_: unknown, { input }: { input: UserCreateInput }, ctx: GraphQLContext) => {
      requireAdmin(ctx)
      return ctx.services.users.create(input)
    },
    userUpdate: (_: unknown, args: { id: string; input: UserUpdateInput }, ctx: GraphQLContext) => {
      const { user, tokenHash } = requireUser(ctx)
      checkId('id', args.id)
      const actor = { ...user, tokenHash, address: ctx.address }
      return ctx.services.users.update(actor, args.id, args.input)
    },
    userLanguageSet: (_: unknown, args: { language?: string | null }, ctx: GraphQLContext) =>
      ctx.services.users.setLanguage(requireUser(ctx).user.id, args.language),
    userDelete: (_: unknown, { ids }: { ids: string[] }, ctx: GraphQLContext) => {
      requireAdmin(ctx)
      return ctx.services.users.delete(ids)
    },
  },
  User: {
    userBlindList: (owner: User, _: unknown, ctx: GraphQLContext) =>
      ctx.services.blinds.userBlindList(owner, requireUser(ctx).user.id),
  },
}
