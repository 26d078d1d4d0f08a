// Turns the hub's pushes into cache updates: `data:changed` revalidates the queries it names,
// `blind:motion` patches the blind's motion and position in place (and once it rests, asks again
// for the blinds, whose shading state may have changed), `automation:run` refreshes that
// automation's list entry, page and history, `bus:status` patches the hub status, `pv:sample`
// patches the inverter's live values (and asks for the rest when it goes offline or comes back),
// `weather:changed` asks again for the weather, and at each change of a lock or an alarm
// (locksVersion) for the blinds and the alarm history too. Each time the socket connects (the
// first time, and again after the hub or the network was away), everything loaded is asked for
// again: what changed before then came with no push this page heard.
import { useEffect, useRef } from 'react'
import { unstable_serialize, useSWRConfig } from 'swr'
import { staleAfterChangeOf, staleAfterRunOf } from '../api/cache-keys'
import { keys } from '../api/operations'
import { usePatchCached } from '../api/patch-cached'
import type { Blind, HubStatus, PvStatus } from '../api/types'
import { useConnection, useHubEvent } from './realtime'

export function LiveUpdates() {
  const { mutate, cache } = useSWRConfig()
  const patchLoaded = usePatchCached()

  const connection = useConnection()
  const connectionBefore = useRef(connection)
  useEffect(() => {
    if (connection === 'connected' && connectionBefore.current !== 'connected') {
      void mutate(() => true)
    }
    connectionBefore.current = connection
  }, [connection, mutate])

  useHubEvent('data:changed', ({ entity }) => {
    void mutate(staleAfterChangeOf(entity))
  })

  useHubEvent('blind:motion', ({ id, motion, position, tilt, target, endsAt }) => {
    const patch = (blind: Blind): Blind =>
      blind.id === id ? { ...blind, motion, position, tilt, target, endsAt } : blind
    patchLoaded<Blind[]>(keys.blindList, (list) => list.map(patch))
    patchLoaded<Blind | null>(keys.blind(id), (b) => (b ? patch(b) : b))
    // A blind at rest may have been moved by shading or paused by a person: what shading does
    // with it (Blind.shading) and its moves come with the full answer.
    if (motion === 'IDLE') {
      void mutate(keys.blindList)
      void mutate(keys.shadingMoves(id))
    }
  })

  useHubEvent('automation:run', ({ automationId }) => {
    void mutate(staleAfterRunOf(automationId))
  })

  useHubEvent('bus:status', ({ online, path, error }) => {
    patchLoaded<HubStatus>(keys.hubStatus, (status) => ({
      ...status,
      bus: { ...status.bus, online, path, error: error ?? null },
    }))
  })

  useHubEvent('pv:sample', ({ at, online, powerW, dcPowerW, todayWh, state }) => {
    const cached = cache.get(unstable_serialize(keys.pv))?.data as PvStatus | undefined
    // Offline or back: the error, since when and the device come with the full answer.
    if (cached && cached.online !== online) {
      void mutate(keys.pv)
      return
    }
    patchLoaded<PvStatus>(keys.pv, (pv) =>
      online ? { ...pv, powerW, dcPowerW, todayWh, state, updatedAt: at } : pv,
    )
  })

  const locksVersion = useRef<number | null>(null)
  useHubEvent('weather:changed', (event) => {
    // The readings come every few seconds: the weather query is small, and with it the sensors'
    // values and states on the settings page stay live too.
    void mutate(keys.weather)
    if (locksVersion.current === event.locksVersion) return
    // The first push too: a lock may have changed between the page's load and the socket's.
    locksVersion.current = event.locksVersion
    void mutate(
      (key) =>
        Array.isArray(key) &&
        (key[0] === 'blindList' || key[0] === 'blind' || key[0] === 'weatherAlarms'),
    )
  })

  return null
}
