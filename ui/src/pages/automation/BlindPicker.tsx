// The blinds a position scene moves: a checkbox per blind, named by the blind's name alone and
// described by its room and whether it has slats (a blind called "Bedroom" in the room
// "Bedroom" reads "Bedroom", not "Bedroom Bedroom"). Ids that match no blind stay listed, so
// editing an automation never hides what it moves.
import { useId } from 'react'
import { Link } from 'wouter'
import type { Blind } from '../../api/types'
import { InlineSpinner } from '../../shell/Spinner'
import { useT } from '../../i18n/I18nProvider'
import { pickerMessages as m } from './automation.messages'
import { aroundLink } from './link-text'
import { byName } from '../blinds/blind-order'

interface Props {
  blindIds: string[]
  /** Undefined while the blinds load. */
  blinds: Blind[] | undefined
  onChange: (blindIds: string[]) => void
  error: string | undefined
}

export function BlindPicker({ blindIds, blinds, onChange, error }: Props) {
  const id = useId()
  const t = useT()
  const [beforeLink, afterLink] = aroundLink(t, m.noBlinds, 'link')
  const chosen = new Set(blindIds)
  const known = new Set(blinds?.map((b) => b.id) ?? [])
  const unknown = blinds ? blindIds.filter((b) => !known.has(b)) : []
  const tick = (blindId: string, on: boolean) =>
    onChange(on ? [...blindIds, blindId] : blindIds.filter((b) => b !== blindId))

  return (
    <div className={`field address-picker${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {t(m.blindsToMove)}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        data-invalid={error ? true : undefined}
      >
        {!blinds && <InlineSpinner label={t(m.loading)} />}
        {blinds && blinds.length === 0 && unknown.length === 0 && (
          <p className="muted">
            {beforeLink}
            <Link href="/blinds">{t(m.addBlinds)}</Link>
            {afterLink}
          </p>
        )}
        {blinds && (blinds.length > 0 || unknown.length > 0) && (
          <ul className="address-list blind-choices">
            {[...blinds].sort(byName).map((blind) => {
              const detail = blindDetail(blind, t(m.slats))
              return (
                <li key={blind.id} className="address-row">
                  <label className="blind-choice">
                    <input
                      type="checkbox"
                      checked={chosen.has(blind.id)}
                      aria-labelledby={`${id}-${blind.id}-name`}
                      aria-describedby={detail ? `${id}-${blind.id}-detail` : undefined}
                      onChange={(e) => tick(blind.id, e.target.checked)}
                    />
                    <span className="address-blind" id={`${id}-${blind.id}-name`}>
                      {blind.name}
                    </span>
                    {detail && (
                      <span className="muted blind-choice-detail" id={`${id}-${blind.id}-detail`}>
                        {detail}
                      </span>
                    )}
                  </label>
                </li>
              )
            })}
            {unknown.map((blindId) => (
              <li key={blindId} className="address-row address-unknown">
                <label className="toggle-pill">
                  <input
                    type="checkbox"
                    checked
                    onChange={(e) => tick(blindId, e.target.checked)}
                  />
                  <span>{t(m.gone)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  )
}

/** "Kitchen · slats": its room (unless the blind is named as its room) and whether it has slats. */
function blindDetail(blind: Blind, slats: string): string {
  const room =
    blind.room && blind.room.localeCompare(blind.name, undefined, { sensitivity: 'base' }) !== 0
      ? blind.room
      : null
  return [room, blind.tiltTimeMs > 0 && slats].filter(Boolean).join(' · ')
}
