// Weather protection: every logged-in user reads the weather and the alarms of their blinds;
// admins set up sensors and release times and may lift frost (hub/weather/api checks who asks).
import { requireUser } from '../../auth/permissions'
import type { WeatherSensorInput } from '../../validation/weather'
import type { GraphQLContext } from '../context'

const ALARMS_LIMIT_DEFAULT = 50

export const weatherResolvers = {
  Query: {
    weather: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.weather.weather(requireUser(ctx).user),
    weatherHistory: (_: unknown, args: { from: string; to: string }, ctx: GraphQLContext) => {
      requireUser(ctx)
      return ctx.services.weather.history(args.from, args.to)
    },
    weatherAlarms: (_: unknown, args: { limit?: number | null }, ctx: GraphQLContext) =>
      ctx.services.weather.alarms(requireUser(ctx).user, args.limit ?? ALARMS_LIMIT_DEFAULT),
  },
  Mutation: {
    weatherSensorCreate: (_: unknown, args: { input: WeatherSensorInput }, ctx: GraphQLContext) =>
      ctx.services.weather.sensorCreate(requireUser(ctx).user, args.input),
    weatherSensorUpdate: (
      _: unknown,
      args: { id: string; input: WeatherSensorInput },
      ctx: GraphQLContext,
    ) => ctx.services.weather.sensorUpdate(requireUser(ctx).user, args.id, args.input),
    weatherSensorDelete: (_: unknown, args: { ids: string[] }, ctx: GraphQLContext) =>
      ctx.services.weather.sensorDelete(requireUser(ctx).user, args.ids),
    weatherSettingsSet: (
      _: unknown,
      args: { windReleaseMinutes?: number | null; rainReleaseMinutes?: number | null },
      ctx: GraphQLContext,
    ) =>
      ctx.services.weather.settingsSet(
        requireUser(ctx).user,
        args.windReleaseMinutes,
        args.rainReleaseMinutes,
      ),
    weatherFrostOverride: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.weather.frostOverride(requireUser(ctx).user),
  },
}
