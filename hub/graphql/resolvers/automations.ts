import { requireUser } from '../../auth/permissions'
import { RUNS_LIMIT_DEFAULT, type Automation, type AutomationRun } from '../../db/automations'
import type { AutomationInput } from '../../validation/automation'
import type { GraphQLContext } from '../context'

export const automationResolvers = {
  Query: {
    automationList: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.automations.list(requireUser(ctx).user),
    automation: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.automations.get(requireUser(ctx).user, id),
    automationRuns: (
      _: unknown,
      args: { automationId?: string | null; limit?: number | null },
      ctx: GraphQLContext,
    ) =>
      ctx.services.automations.runs(
        requireUser(ctx).user,
        args.automationId,
        args.limit ?? RUNS_LIMIT_DEFAULT,
      ),
  },
  Mutation: {
    automationCreate: (_: unknown, { input }: { input: AutomationInput }, ctx: GraphQLContext) =>
      ctx.services.automations.create(requireUser(ctx).user, input),
    automationUpdate: (
      _: unknown,
      args: { id: string; input: AutomationInput },
      ctx: GraphQLContext,
    ) => ctx.services.automations.update(requireUser(ctx).user, args.id, args.input),
    automationDelete: (_: unknown, { ids }: { ids: string[] }, ctx: GraphQLContext) =>
      ctx.services.automations.delete(requireUser(ctx).user, ids),
    automationRun: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.runAutomation(requireUser(ctx).user, id),
    automationCancel: (_: unknown, { runId }: { runId: string }, ctx: GraphQLContext) =>
      ctx.services.cancelRun(requireUser(ctx).user, runId),
    setFavoriteAutomation: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.automations.setFavorite(requireUser(ctx).user, id, true),
    unsetFavoriteAutomation: (_: unknown, { id }: { id: string }, ctx: GraphQLContext) =>
      ctx.services.automations.setFavorite(requireUser(ctx).user, id, false),
  },
  // A running run's expected end lives with the runner, not in its row.
  AutomationRun: {
    estimatedEndAt: (run: AutomationRun, _: unknown, ctx: GraphQLContext) =>
      run.status === 'RUNNING' ? ctx.services.runEndEstimate(run.id) : null,
  },
  Automation: {
    nextRunAt: (a: Automation, _: unknown, ctx: GraphQLContext) =>
      ctx.services.schedule(a).nextRunAt,
    wouldRunAt: (a: Automation, _: unknown, ctx: GraphQLContext) =>
      ctx.services.schedule(a).wouldRunAt,
    schedulePause: (a: Automation, _: unknown, ctx: GraphQLContext) =>
      ctx.services.schedule(a).schedulePause,
    lastRun: (a: Automation, _: unknown, ctx: GraphQLContext) =>
      ctx.services.automations.lastRun(a.id),
  },
}
