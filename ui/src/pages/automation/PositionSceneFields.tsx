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
import { useT } from '../../i18n/I18nProvider'
import type { Message } from '../../i18n/messages'
import { sceneMessages as m } from './automation.messages'

type Choice = 'open' | 'closed' | 'other' | 'keep'

const CHOICES: { choice: Choice; label: Message }[] = [
  { choice: 'open', label: m.fullyOpen },
  { choice: 'closed', label: m.fullyClosed },
  { choice: 'other', label: m.partOpen },
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
  const t = useT()
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
        <legend>{t(m.whereTo)}</legend>
        <div className="choice-pills">
          {[
            ...CHOICES,
            ...(scene.tilt !== null ? [{ choice: 'keep' as const, label: m.keepPosition }] : []),
          ].map((option) => (
            <label key={option.choice} className="toggle-pill">
              <input
                type="radio"
                name={`${id}-position`}
                checked={choice === option.choice}
                onChange={() => choose(option.choice)}
              />
              <span>{t(option.label)}</span>
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
              aria-label={t(m.percentSlider)}
              onChange={(e) => onChange({ position: e.target.value })}
            />
            <TextField
              label={t(m.percentOpen)}
              inputMode="numeric"
              autoComplete="off"
              value={scene.position}
              onChange={(e) => onChange({ position: e.target.value })}
              error={positionError}
              hint={t(m.percentHint)}
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
            label={t(m.alsoSlats)}
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
                aria-label={t(m.slatsSlider)}
                onChange={(e) => onChange({ tilt: e.target.value })}
              />
              <TextField
                label={t(m.slatsOpen)}
                inputMode="numeric"
                autoComplete="off"
                value={scene.tilt}
                onChange={(e) => onChange({ tilt: e.target.value })}
                error={errors[`${at}.tilt`]}
                hint={t(m.percentHint)}
              />
            </div>
          )}
        </div>
      )}
      <p className="muted scene-note">
        {longest !== null
          ? t(m.lastsAtMost, { duration: formatDuration(Math.ceil(longest / 1000) * 1000) })
          : t(m.lastsUntil)}
      </p>
    </div>
  )
}

const slider = (text: string) => {
  const value = parsePercent(text)
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 50
}
