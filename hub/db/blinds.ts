// Blinds: their definitions (admins), who may see them, and each user's favourites.
import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm'
import { conflict, forbidden, notFound } from '../errors'
import type { HubEvents } from '../events'
import {
  checkBlindInput,
  checkBlindUpdate,
  type BlindInput,
  type BlindSpec,
} from '../validation/blind'
import { checkId, checkIds } from '../validation/fields'
import { automationAudience, blindAudience } from './audience'
import { automationsUsing, type AutomationRef } from './blind-usage'
import type { Db } from './open'
import { automations, blindFavorites, blinds, sceneBlindUses, scenes, userBlinds } from './schema'
import type { Viewer } from './visibility'

export type { BlindInput } from '../validation/blind'

export interface Blind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  /** The longer of the two travel times. */
  travelTimeMs: number
  travelTimeUpMs: number
  travelTimeDownMs: number
  motorStartDelayMs: number
  tiltTimeMs: number
  room: string | null
  myPosition: number | null
  /** Whether the travel times were given rather than left at the default guess. */
  travelTimeKnown: boolean
  facadeAzimuth: number | null
  fovLeft: number
  fovRight: number
  minElevation: number
  shadePosition: number | null
  shadeTilt: number | null
  shadingEnabled: boolean
  shadingMinBrightness: number
  shadingReturnPosition: number | null
  shadingResumeAt: string | null
  /** Weather protection: m/s (null: none), rain and frost, where an alarm sends it. */
  windLimit: number | null
  rainProtect: boolean
  frostProtect: boolean
  safetyPosition: number
  isFavorite: boolean
}

const blindColumns = {
  id: blinds.id,
  name: blinds.name,
  blindAddressUp: blinds.addressUp,
  blindAddressDown: blinds.addressDown,
  travelTimeUpMs: blinds.travelTimeUpMs,
  travelTimeDownMs: blinds.travelTimeDownMs,
  motorStartDelayMs: blinds.motorStartDelayMs,
  tiltTimeMs: blinds.tiltTimeMs,
  room: blinds.room,
  myPosition: blinds.myPosition,
  travelTimeKnown: blinds.travelTimeKnown,
  facadeAzimuth: blinds.facadeAzimuth,
  fovLeft: blinds.fovLeft,
  fovRight: blinds.fovRight,
  minElevation: blinds.minElevation,
  shadePosition: blinds.shadePosition,
  shadeTilt: blinds.shadeTilt,
  shadingEnabled: blinds.shadingEnabled,
  shadingMinBrightness: blinds.shadingMinBrightness,
  shadingReturnPosition: blinds.shadingReturnPosition,
  shadingResumeAt: blinds.shadingResumeAt,
  windLimit: blinds.windLimit,
  rainProtect: blinds.rainProtect,
  frostProtect: blinds.frostProtect,
  safetyPosition: blinds.safetyPosition,
}

type BlindRow = Omit<Blind, 'isFavorite' | 'travelTimeMs'>

export class BlindRepository {
  constructor(
    private readonly db: Db,
    private readonly events: HubEvents,
    private readonly now: () => number,
  ) {}

  /** Admins: every blind; others: the blinds assigned to them. Sorted by name. */
  list(viewer: Viewer): Blind[] {
    const rows = viewer.isAdmin
      ? this.db.select(blindColumns).from(blinds).orderBy(asc(blinds.nameKey)).all()
      : this.db
          .select(blindColumns)
          .from(blinds)
          .innerJoin(
            userBlinds,
            and(eq(userBlinds.blindId, blinds.id), eq(userBlinds.userId, viewer.id)),
          )
          .orderBy(asc(blinds.nameKey))
          .all()
    return this.withFavorites(viewer.id, rows)
  }

  /** Every blind's relays and motor, for the bus's safe state and the emulated motors. */
  all(): BlindRow[] {
    return this.db.select(blindColumns).from(blinds).all()
  }

  /** One blind's row, whoever asks (the hub's own modules); undefined when it does not exist. */
  row(id: string): BlindRow | undefined {
    return this.db.select(blindColumns).from(blinds).where(eq(blinds.id, id)).get()
  }

  /** One blind the viewer may see: 404 when it does not exist, 403 when it is not theirs. */
  get(viewer: Viewer, id: string, field = 'id'): Blind {
    checkId(field, id)
    const row = this.row(id)
    if (!row) throw notFound('Blind', id, field)
    if (!this.canSee(viewer, id)) throw forbidden('This blind is not assigned to you')
    return this.withFavorites(viewer.id, [row])[0] as Blind
  }

  /**
   * A user's `userBlindList`: the blinds that user may see, `isMyFavorite` from that user's
   * favourites and each blind's `isFavorite` from the asking user's own.
   */
  userBlindList(owner: Viewer, askingUserId: string): { isMyFavorite: boolean; blind: Blind }[] {
    const owned = this.list(owner)
    const askerFavorites = owner.id === askingUserId ? null : this.favoriteIds(askingUserId)
    return owned.map((blind) => ({
      isMyFavorite: blind.isFavorite,
      blind: askerFavorites ? { ...blind, isFavorite: askerFavorites.has(blind.id) } : blind,
    }))
  }

  /** The automations each blind is used by, as far as the viewer may see them (blind-usage.ts). */
  usedBy(viewer: Viewer, blindIds: readonly string[]): Map<string, AutomationRef[]> {
    return automationsUsing(this.db, viewer, blindIds)
  }

  canSee(viewer: Viewer, blindId: string): boolean {
    if (viewer.isAdmin) return true
    return !!this.db
      .select({ id: userBlinds.blindId })
      .from(userBlinds)
      .where(and(eq(userBlinds.userId, viewer.id), eq(userBlinds.blindId, blindId)))
      .get()
  }

  create(viewer: Viewer, input: BlindInput): Blind {
    const spec = checkBlindInput(input)
    const id = randomUUID()
    const t = this.now()
    this.db.transaction(
      (tx) => {
        this.checkUnique(spec)
        tx.insert(blinds)
          .values({ id, ...spec, createdAt: t, updatedAt: t })
          .run()
      },
      { behavior: 'immediate' },
    )
    this.announce([id])
    return this.get(viewer, id)
  }

  /**
   * Changes the fields the input gives and keeps those it leaves out; null clears a field that
   * may be cleared (checkBlindUpdate says which and to what).
   */
  update(viewer: Viewer, id: string, input: BlindInput): Blind {
    checkId('id', id)
    this.db.transaction(
      (tx) => {
        const stored = tx.select(blindColumns).from(blinds).where(eq(blinds.id, id)).get()
        if (!stored) throw notFound('Blind', id)
        const spec = checkBlindUpdate(stored, input)
        this.checkUnique(spec, id)
        tx.update(blinds)
          .set({ ...spec, updatedAt: this.now() })
          .where(eq(blinds.id, id))
          .run()
      },
      { behavior: 'immediate' },
    )
    this.announce([id])
    // Scenes name blinds by side, so automations that use this blind show its new addresses.
    this.announceAutomationsOf([id])
    return this.get(viewer, id)
  }

  /** Deletes the blinds that exist (unknown ids are skipped); 409 if a scene still uses one. */
  delete(ids: string[]): string[] {
    const wanted = checkIds('ids', ids)
    const audience = blindAudience(this.db, wanted)
    let deleted: string[] = []
    this.db.transaction(
      (tx) => {
        const users = tx
          .selectDistinct({ blind: blinds.name, automation: automations.name })
          .from(sceneBlindUses)
          .innerJoin(blinds, eq(blinds.id, sceneBlindUses.blindId))
          .innerJoin(scenes, eq(scenes.id, sceneBlindUses.sceneId))
          .innerJoin(automations, eq(automations.id, scenes.automationId))
          .where(inArray(sceneBlindUses.blindId, wanted))
          .all()
        if (users.length > 0) {
          const list = users.map((u) => `${u.blind} in ${u.automation}`).join(', ')
          throw conflict(`Blinds still used by automations cannot be deleted: ${list}`, 'ids', {
            reason: 'IN_USE',
            by: list,
          })
        }
        deleted = tx
          .delete(blinds)
          .where(inArray(blinds.id, wanted))
          .returning({ id: blinds.id })
          .all()
          .map((r) => r.id)
      },
      { behavior: 'immediate' },
    )
    if (deleted.length > 0) {
      this.events.emit('data:changed', { entity: 'blind', ids: deleted, audience })
    }
    return deleted
  }

  setFavorite(viewer: Viewer, id: string, favorite: boolean): boolean {
    this.get(viewer, id)
    if (favorite) {
      this.db
        .insert(blindFavorites)
        .values({ userId: viewer.id, blindId: id })
        .onConflictDoNothing()
        .run()
    } else {
      this.db
        .delete(blindFavorites)
        .where(and(eq(blindFavorites.userId, viewer.id), eq(blindFavorites.blindId, id)))
        .run()
    }
    // A favourite is the user's own: only their browsers need to hear of it.
    this.events.emit('data:changed', {
      entity: 'blind',
      ids: [id],
      audience: new Map([[viewer.id, [id]]]),
    })
    return true
  }

  /** Names are unique ignoring case; an address belongs to one blind at most, on either side. */
  private checkUnique(spec: BlindSpec, exceptId?: string) {
    const others = exceptId ? ne(blinds.id, exceptId) : undefined
    const sameName = this.db
      .select({ name: blinds.name })
      .from(blinds)
      .where(and(eq(blinds.nameKey, spec.nameKey), others))
      .get()
    if (sameName)
      throw conflict(`name: a blind called ${sameName.name} already exists`, 'name', {
        reason: 'NAME_TAKEN',
        name: sameName.name,
      })
    for (const [field, address] of [
      ['blindAddressUp', spec.addressUp],
      ['blindAddressDown', spec.addressDown],
    ] as const) {
      const owner = this.db
        .select({ name: blinds.name })
        .from(blinds)
        .where(and(or(eq(blinds.addressUp, address), eq(blinds.addressDown, address)), others))
        .get()
      if (owner)
        throw conflict(
          `${field}: address ${address} already belongs to blind ${owner.name}`,
          field,
          { reason: 'ADDRESS_TAKEN', address, name: owner.name },
        )
    }
  }

  private favoriteIds(userId: string): Set<string> {
    return new Set(
      this.db
        .select({ id: blindFavorites.blindId })
        .from(blindFavorites)
        .where(eq(blindFavorites.userId, userId))
        .all()
        .map((r) => r.id),
    )
  }

  private withFavorites(userId: string, rows: BlindRow[]): Blind[] {
    const favorites = this.favoriteIds(userId)
    return rows.map((r) => ({
      ...r,
      travelTimeMs: Math.max(r.travelTimeUpMs, r.travelTimeDownMs),
      isFavorite: favorites.has(r.id),
    }))
  }

  private announce(ids: string[]): void {
    this.events.emit('data:changed', {
      entity: 'blind',
      ids,
      audience: blindAudience(this.db, ids),
    })
  }

  private announceAutomationsOf(blindIds: string[]): void {
    const ids = this.db
      .selectDistinct({ id: scenes.automationId })
      .from(sceneBlindUses)
      .innerJoin(scenes, eq(scenes.id, sceneBlindUses.sceneId))
      .where(inArray(sceneBlindUses.blindId, blindIds))
      .all()
      .map((r) => r.id)
    if (ids.length > 0) {
      this.events.emit('data:changed', {
        entity: 'automation',
        ids,
        audience: automationAudience(this.db, ids),
      })
    }
  }
}
