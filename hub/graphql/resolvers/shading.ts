// Shading's history: every logged-in user reads the moves of the blinds they may see; asking
// for one blind checks it as any blind is (404 naming blindId if there is none, 403 if it is
// not assigned to the asker).
import { requireUser } from '../../auth/permissions'
import { MOVES_LIMIT_DEFAULT } from '../../db/shading'
import type { GraphQLContext } from '../context'

export const shadingResolvers = {
  Query: {
    shadingMoves: (
      _: unknown,
      args: { blindId?: string | null; limit?: number | null },
      ctx: GraphQLContext,
    ) => {
      const { user } = requireUser(ctx)
      if (args.blindId != null) ctx.services.blinds.get(user, args.blindId, 'blindId')
      return ctx.services.shadingHistory.moves(
        user,
        args.blindId ?? null,
        args.limit ?? MOVES_LIMIT_DEFAULT,
      )
    },
  },
}
