// One scene of an automation: its name, its type, and what the type needs: for a position
// scene the blinds and where to (PositionSceneFields), for blind control the relays and how
// long they run (typed in seconds, sent in milliseconds; "full travel" works it out), for a
// delay how long it waits.
import { NAME_MAX } from '../../../../hub/validation/fields'
import type { Blind, SceneType } from '../../api/types'
import { SelectField, TextField } from '../../components/fields'
import type { FieldErrors } from '../../forms/field-errors'
import { ChevronDownIcon, ChevronUpIcon, DeleteIcon } from '../../shell/icons'
import { BlindAddressPicker } from './BlindAddressPicker'
import { DEFAULT_SCENE_NAME, msToSeconds, secondsToMs, type SceneDraft } from './draft'
import { DURATION_LIMITS } from './draft-validation'
import { fullTravelMs } from './full-travel'
import { PositionSceneFields } from './PositionSceneFields'
import { formatDuration } from './time-format'

export type SceneMove = -1 | 1

interface Props {
  scene: SceneDraft
  index: number
  count: number
  errors: FieldErrors
  blinds: Blind[] | undefined
  onChange: (patch: Partial<SceneDraft>) => void
  onMove: (by: SceneMove) => void
  onRemove: () => void
}

/** In the order offered: a position first, as it needs no guessing of seconds. */
const TYPE_LABEL: Record<SceneType, string> = {
  POSITION: 'Position',
  BLIND_CONTROL: 'Blind control (timed)',
  DELAY: 'Delay',
}

function durationHint(scene: SceneDraft & { type: 'BLIND_CONTROL' | 'DELAY' }): string {
  const { min, max } = DURATION_LIMITS[scene.type]
  const range = scene.type === 'DELAY' ? `${min / 1000} s to 24 h` : `${min / 1000}–${max / 1000} s`
  const ms = secondsToMs(scene.seconds)
  // Long durations are easier to check as minutes and hours.
  return ms > 60_000 && ms <= max ? `${range}; that is ${formatDuration(ms)}` : range
}

export function SceneEditor(props: Props) {
  const { scene, index, count, errors, blinds, onChange, onMove, onRemove } = props
  const n = index + 1
  const at = `scene[${index}]`

  const changeType = (type: SceneType) => {
    // A name the user has not changed follows the type; a chosen name stays.
    const defaultName = scene.name === DEFAULT_SCENE_NAME[scene.type]
    onChange({ type, ...(defaultName && { name: DEFAULT_SCENE_NAME[type] }) })
  }

  return (
    <fieldset className="scene-card" data-scene-key={scene.key}>
      <legend>Scene {n}</legend>
      <div className="scene-tools">
        <button
          type="button"
          className="icon-button"
          aria-label={`Move scene ${n} up`}
          title="Move up"
          data-focus="up"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ChevronUpIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={`Move scene ${n} down`}
          title="Move down"
          data-focus="down"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ChevronDownIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-button-danger"
          aria-label={`Remove scene ${n}`}
          title={count === 1 ? 'An automation needs at least one scene' : 'Remove'}
          disabled={count === 1}
          onClick={onRemove}
        >
          <DeleteIcon />
        </button>
      </div>

      <div className="scene-fields">
        <TextField
          label="Scene name"
          value={scene.name}
          maxLength={NAME_MAX}
          data-focus="name"
          onChange={(e) => onChange({ name: e.target.value })}
          error={errors[`${at}.name`]}
        />
        <SelectField
          label="Type"
          value={scene.type}
          onChange={(e) => changeType(e.target.value as SceneType)}
          error={errors[`${at}.type`]}
        >
          {(Object.keys(TYPE_LABEL) as SceneType[]).map((type) => (
            <option key={type} value={type}>
              {TYPE_LABEL[type]}
            </option>
          ))}
        </SelectField>
        {scene.type !== 'POSITION' && (
          <TextField
            label="Duration (seconds)"
            inputMode="decimal"
            autoComplete="off"
            value={scene.seconds}
            onChange={(e) => onChange({ seconds: e.target.value })}
            error={errors[`${at}.duration`]}
            hint={durationHint({ ...scene, type: scene.type })}
          />
        )}
      </div>

      {scene.type === 'POSITION' && (
        <PositionSceneFields
          scene={scene}
          at={at}
          errors={errors}
          blinds={blinds}
          onChange={onChange}
        />
      )}
      {scene.type === 'BLIND_CONTROL' && (
        <>
          <BlindAddressPicker
            addresses={scene.addresses}
            blinds={blinds}
            onChange={(addresses) => onChange({ addresses })}
            error={errors[`${at}.blindAddresses`]}
          />
          <FullTravel
            ms={blinds ? fullTravelMs(scene.addresses, blinds) : null}
            onUse={(ms) => onChange({ seconds: msToSeconds(ms) })}
          />
        </>
      )}
      {scene.type === 'DELAY' && (
        <p className="muted scene-note">Waits, then the next scene starts.</p>
      )}
    </fieldset>
  )
}

/** Sets the duration to what the ticked blinds need to reach their end stops. */
function FullTravel({ ms, onUse }: { ms: number | null; onUse: (ms: number) => void }) {
  return (
    <div className="full-travel">
      <button
        type="button"
        className="button button-quiet"
        disabled={ms === null}
        onClick={() => ms !== null && onUse(ms)}
      >
        Full travel
      </button>
      <span className="muted">
        {ms === null
          ? 'Tick blinds to set the duration from their travel times.'
          : `Sets ${msToSeconds(ms)} s: the longest travel of the ticked blinds, plus 2 s.`}
      </span>
    </div>
  )
}
