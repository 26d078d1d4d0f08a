// The house's location (ARCHITECTURE.md section 12): where SUN triggers and shading compute the
// sun. LAMELLA_LAT/LAMELLA_LON, when set, fix it; otherwise an admin sets, changes or clears
// it, kept in the settings row. Other modules ask `current` and hear 'location:changed'.
import type { Db } from '../db/open'
import { SettingsStore } from '../db/settings'
import type { Viewer } from '../db/visibility'
import type { Location } from '../engine/sun'
import { conflict, forbidden } from '../errors'
import type { HubEvents } from '../events'
import { checkLocationInput, type LocationInput } from '../validation/location'
import type { HouseLocationState } from './location-state'

export type { HouseLocationState } from './location-state'

export interface HouseLocationDeps {
  db: Db
  events: HubEvents
  /** LAMELLA_LAT/LAMELLA_LON, which win over what an admin set. */
  fromEnvironment: Location | undefined
}

export class HouseLocation {
  private readonly store: SettingsStore
  private stored: Location | null

  constructor(private readonly deps: HouseLocationDeps) {
    this.store = new SettingsStore(deps.db)
    this.stored = this.store.location()
  }

  /** Where the house stands, or undefined while nobody said. */
  get current(): Location | undefined {
    return this.deps.fromEnvironment ?? this.stored ?? undefined
  }

  /** What an admin sees of it; a regular user gets 403. */
  read(viewer: Viewer): HouseLocationState {
    if (!viewer.isAdmin) throw forbidden('Only an admin may see the house’s location')
    return this.state()
  }

  state(): HouseLocationState {
    const at = this.current
    return {
      lat: at?.lat ?? null,
      lon: at?.lon ?? null,
      fromEnvironment: this.deps.fromEnvironment !== undefined,
    }
  }

  /** An admin sets the location (both null clears it); checked before anything is written. */
  set(viewer: Viewer, input: LocationInput): HouseLocationState {
    if (!viewer.isAdmin) throw forbidden('Only an admin may set the house’s location')
    if (this.deps.fromEnvironment) {
      throw conflict(
        'The house’s location is set by LAMELLA_LAT and LAMELLA_LON on the hub; change it there',
        'lat',
        { reason: 'SET_ON_HUB' },
      )
    }
    const next = checkLocationInput(input)
    if (JSON.stringify(next) === JSON.stringify(this.stored)) return this.state()
    this.store.setLocation(next)
    this.stored = next
    this.deps.events.emit('location:changed', this.state())
    return this.state()
  }
}
