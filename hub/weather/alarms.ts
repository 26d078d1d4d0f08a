// Every alarm on record (ARCHITECTURE.md section 13): one open alarm per kind while any blind
// is held by it, with its start, the blinds it holds (or held), its peak, and its end. Written
// when an alarm starts, when its blinds change and when it ends, not at every reading: a power
// cut may lose a peak, never an alarm.
import type { AlarmKindStored, StoredAlarm, WeatherStore } from '../db/weather'
import type { AlarmKind, Lock } from './protection'

const KINDS: readonly AlarmKind[] = ['WIND', 'RAIN', 'FROST', 'SENSOR']

export interface OpenAlarm {
  id: string
  kind: AlarmKind
  since: number
  blindIds: string[]
  peak: number | null
}

export class AlarmRecords {
  private readonly open = new Map<AlarmKind, OpenAlarm>()

  constructor(private readonly store: WeatherStore) {}

  /** The alarms a previous process left open: they hold on. */
  restore(): StoredAlarm[] {
    const stored = this.store.openAlarms()
    for (const a of stored) {
      const known = this.open.get(a.kind)
      if (known) {
        // Two open of one kind cannot come from this code; end the older one.
        this.store.updateAlarm(known.id, { endedAt: a.startedAt })
      }
      this.open.set(a.kind, {
        id: a.id,
        kind: a.kind,
        since: a.startedAt,
        blindIds: a.blindIds,
        peak: a.peak,
      })
    }
    return stored
  }

  /**
   * Brings the records up to the locks now. A kind holds the blinds whose locks name it and
   * act (a starting hub's wait for the wind sensor is no alarm), or, once it is open, every
   * blind it still holds. Says whether any record changed.
   */
  follow(locks: ReadonlyMap<string, Lock>, now: number, peaks: Record<AlarmKind, number | null>) {
    let changed = false
    for (const kind of KINDS) {
      const open = this.open.get(kind)
      const held = [...locks]
        .filter(([, l]) => l.kinds.includes(kind) && (l.acting || open))
        .map(([id]) => id)
        .sort()
      if (open) this.raisePeak(open, peaks[kind])
      if (!open && held.length > 0) {
        const since = Math.min(...held.map((id) => locks.get(id)!.since))
        const peak = peaks[kind]
        const id = this.store.startAlarm(kind as AlarmKindStored, since, held, peak)
        this.open.set(kind, { id, kind, since, blindIds: held, peak })
        changed = true
      } else if (open && held.length === 0) {
        this.end(open, now)
        changed = true
      } else if (open && held.join() !== open.blindIds.join()) {
        // A blind joins or leaves an alarm: a blind once held stays on its record.
        open.blindIds = [...new Set([...open.blindIds, ...held])].sort()
        this.store.updateAlarm(open.id, { blindIds: open.blindIds, peak: open.peak })
        changed = true
      }
    }
    return changed
  }

  /** An admin lifted frost: its alarm ends, with who. */
  overridden(kind: AlarmKind, by: string, now: number): void {
    const open = this.open.get(kind)
    if (open) this.end(open, now, by)
  }

  current(): OpenAlarm[] {
    return [...this.open.values()]
  }

  /** Ends every open record's peak on disk (at a stop); they stay open. */
  flush(): void {
    for (const open of this.open.values()) this.store.updateAlarm(open.id, { peak: open.peak })
  }

  private raisePeak(open: OpenAlarm, value: number | null): void {
    if (value === null) return
    if (open.kind === 'WIND') open.peak = Math.max(open.peak ?? value, value)
    if (open.kind === 'FROST') open.peak = Math.min(open.peak ?? value, value)
  }

  private end(open: OpenAlarm, now: number, by?: string): void {
    this.open.delete(open.kind)
    this.store.updateAlarm(open.id, {
      endedAt: now,
      peak: open.peak,
      blindIds: open.blindIds,
      ...(by && { overriddenBy: by }),
    })
  }
}
