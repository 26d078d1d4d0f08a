// A position scene's own fields: the blinds, where to take them (fully open, fully closed or
// a percentage), and for blinds that all have slats, optionally the slats. It has no duration:
// its step lasts until the blinds arrive, which the note estimates from their travel times.
import { useId, useState } from 'react'
import type { Blind } from '../../api/types'
import { CheckboxField, TextField } from '../../components/fields'
import type { FieldErrors } from '../../forms/field-errors'
import { BlindPicker } from './BlindPicker'
import { parsePercent, type SceneDraft } from './draft'
import { longestTravelMs } from './full-travel'
import { formatDuration } from './time-format'

type Choice = 'open' | 'closed' | 'other' | 'keep'

const CHOICES: { choice: Choice; label: string }[] = [
  { choice: 'open', label: 'Fully open' },
  { choice: 'closed', label: 'Fully closed' },
  { choice: 'other', label: 'Part open' },
]

/** Percent the "Part open" choice starts from. */
const PART_OPEN = '50'
const TILT_DEFAULT = '50'

interface Props {
  scene: SceneDraft
  at: string
  errors: FieldErrors
  blinds: Blind[] | undefined
  onChange: (patch: Partial<SceneDraft>) => void
}

export function PositionSceneFields({ scene, at, errors, blinds, onChange }: Props) {
  const id = useId()
  const derived: Choice =
    scene.position.trim() === ''
      ? 'keep'
      : scene.position.trim() === '100'
        ? 'open'
        : scene.position.trim() === '0'
          ? 'closed'
          : 'other'
  // Typing 100 into "Part open" keeps that choice open rather than jumping to "Fully open".
  const [other, setOther] = useState(derived === 'other')
  const choice: Choice = other ? 'other' : derived
  const chosen = (blinds ?? []).filter((b) => scene.blindIds.includes(b.id))
  const allSlats = chosen.length > 0 && chosen.every((b) => b.tiltTimeMs > 0)
  const longest = blinds ? longestTravelMs(scene.blindIds, blinds) : null

  const choose = (next: Choice) => {
    setOther(next === 'other')
    const position = { open: '100', closed: '0', other: PART_OPEN, keep: '' }[next]
    onChange({ position })
  }

  const pickBlinds = (blindIds: string[]) => {
    const picked = (blinds ?? []).filter((b) => blindIds.includes(b.id))
    // Slats are only for a scene whose every blind has them; the hub refuses a tilt otherwise.
    const slats = picked.length > 0 && picked.every((b) => b.tiltTimeMs > 0)
    onChange({
      blindIds,
      ...(!slats && { tilt: null }),
      ...(!slats && scene.position.trim() === '' && { position: '100' }),
    })
  }

  const positionError = errors[`${at}.position`]
  return (
    <div className="position-scene">
      <BlindPicker
        blindIds={scene.blindIds}
        blinds={blinds}
        onChange={pickBlinds}
        error={errors[`${at}.blindIds`]}
      />
      <fieldset className="position-choice">
        <legend>Where to</legend>
        <div className="choice-pills">
          {[
            ...CHOICES,
            ...(scene.tilt !== null ? [{ choice: 'keep' as const, label: 'Keep position' }] : []),
          ].map((option) => (
            <label key={option.choice} className="toggle-pill">
              <input
                type="radio"
                name={`${id}-position`}
                checked={choice === option.choice}
                onChange={() => choose(option.choice)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        {choice === 'other' && (
          <div className="percent-row">
            <input
              type="range"
              min={0}
              max={100}
              value={slider(scene.position)}
              aria-label="Percent open, slider"
              onChange={(e) => onChange({ position: e.target.value })}
            />
            <TextField
              label="Percent open"
              inputMode="numeric"
              autoComplete="off"
              value={scene.position}
              onChange={(e) => onChange({ position: e.target.value })}
              error={positionError}
              hint="0 closed, 100 open"
            />
          </div>
        )}
        {choice !== 'other' && positionError && (
          <div className="field-error" role="alert">
            {positionError}
          </div>
        )}
      </fieldset>
      {allSlats && (
        <div className="slats-choice">
          <CheckboxField
            label="Also turn the slats"
            checked={scene.tilt !== null}
            onChange={(e) =>
              onChange({
                tilt: e.target.checked ? TILT_DEFAULT : null,
                ...(!e.target.checked && scene.position.trim() === '' && { position: '100' }),
              })
            }
          />
          {scene.tilt !== null && (
            <div className="percent-row">
              <input
                type="range"
                min={0}
                max={100}
                value={slider(scene.tilt)}
                aria-label="Slats percent open, slider"
                onChange={(e) => onChange({ tilt: e.target.value })}
              />
              <TextField
                label="Slats (% open)"
                inputMode="numeric"
                autoComplete="off"
                value={scene.tilt}
                onChange={(e) => onChange({ tilt: e.target.value })}
                error={errors[`${at}.tilt`]}
                hint="0 closed, 100 open"
              />
            </div>
          )}
        </div>
      )}
      <p className="muted scene-note">
        Lasts until the blinds arrive
        {longest !== null && (
          <>, at most about {formatDuration(Math.ceil(longest / 1000) * 1000)}</>
        )}
        ; then the next scene starts.
      </p>
    </div>
  )
}

const slider = (text: string) => {
  const value = parsePercent(text)
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 50
}
