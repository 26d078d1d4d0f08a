// Who paused a blind's shading, as one viewer may be told: the viewer themself, another user by
// name (only admins see other users' names), an automation by name (only if the viewer may see
// that automation), MQTT, or a calibration run. A name the viewer may not see, or of something
// deleted since, is left out, and the UI says "another user" or "an automation".
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open'
import { automations, users } from '../db/schema'
import { visibleAutomationIds, type Viewer } from '../db/visibility'
import type { PauseOrigin } from './types'

/** As the API shows it (GraphQL `ShadingPausedBy`). */
export interface PausedBy {
  kind: PauseOrigin['kind']
  /** USER or CALIBRATION: the viewer's own command. */
  you: boolean
  /** The user's or the automation's name, where the viewer may know it; else null. */
  name: string | null
}

export class PausedByNames {
  constructor(private readonly db: Db) {}

  describe(viewer: Viewer, origin: PauseOrigin | null): PausedBy | null {
    if (!origin) return null
    const { kind, id } = origin
    if (kind === 'MQTT' || kind === 'MATTER' || id === null) return { kind, you: false, name: null }
    if (kind === 'AUTOMATION') return { kind, you: false, name: this.automationName(viewer, id) }
    const you = id === viewer.id
    return { kind, you, name: you || viewer.isAdmin ? this.username(id) : null }
  }

  private username(id: string): string | null {
    const row = this.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, id))
      .get()
    return row?.username ?? null
  }

  private automationName(viewer: Viewer, id: string): string | null {
    if (!viewer.isAdmin && !visibleAutomationIds(this.db, viewer).has(id)) return null
    const row = this.db
      .select({ name: automations.name })
      .from(automations)
      .where(eq(automations.id, id))
      .get()
    return row?.name ?? null
  }
}
