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
import { defaultSceneName, msToSeconds, secondsToMs, type SceneDraft } from './draft'
import { DURATION_LIMITS } from './draft-validation'
import { fullTravelMs } from './full-travel'
import { PositionSceneFields } from './PositionSceneFields'
import { formatDuration } from './time-format'
import { useT } from '../../i18n/I18nProvider'
import type { Message } from '../../i18n/messages'
import type { Translate } from '../../i18n/translate'
import { sceneMessages as m } from './automation.messages'

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
const TYPE_LABEL: Record<SceneType, Message> = {
  POSITION: m.typePosition,
  BLIND_CONTROL: m.typeBlindControl,
  DELAY: m.typeDelay,
}

function durationHint(
  t: Translate,
  scene: SceneDraft & { type: 'BLIND_CONTROL' | 'DELAY' },
): string {
  const { min, max } = DURATION_LIMITS[scene.type]
  const range =
    scene.type === 'DELAY'
      ? t(m.delayRange, { min: min / 1000 })
      : t(m.timedRange, { min: min / 1000, max: max / 1000 })
  const ms = secondsToMs(scene.seconds)
  // Long durations are easier to check as minutes and hours.
  return ms > 60_000 && ms <= max
    ? t(m.rangeThatIs, { range, duration: formatDuration(ms) })
    : range
}

export function SceneEditor(props: Props) {
  const { scene, index, count, errors, blinds, onChange, onMove, onRemove } = props
  const n = index + 1
  const at = `scene[${index}]`
  const t = useT()

  const changeType = (type: SceneType) => {
    // A name the user has not changed follows the type; a chosen name stays.
    const defaultName = scene.name === defaultSceneName(scene.type)
    onChange({ type, ...(defaultName && { name: defaultSceneName(type) }) })
  }

  return (
    <fieldset className="scene-card" data-scene-key={scene.key}>
      <legend>{t(m.scene, { n })}</legend>
      <div className="scene-tools">
        <button
          type="button"
          className="icon-button"
          aria-label={t(m.moveUpNamed, { n })}
          title={t(m.moveUp)}
          data-focus="up"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ChevronUpIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t(m.moveDownNamed, { n })}
          title={t(m.moveDown)}
          data-focus="down"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ChevronDownIcon />
        </button>
        <button
          type="button"
          className="icon-button icon-button-danger"
          aria-label={t(m.removeNamed, { n })}
          title={t(count === 1 ? m.needsOne : m.remove)}
          disabled={count === 1}
          onClick={onRemove}
        >
          <DeleteIcon />
        </button>
      </div>

      <div className="scene-fields">
        <TextField
          label={t(m.sceneName)}
          value={scene.name}
          maxLength={NAME_MAX}
          data-focus="name"
          onChange={(e) => onChange({ name: e.target.value })}
          error={errors[`${at}.name`]}
        />
        <SelectField
          label={t(m.type)}
          value={scene.type}
          onChange={(e) => changeType(e.target.value as SceneType)}
          error={errors[`${at}.type`]}
        >
          {(Object.keys(TYPE_LABEL) as SceneType[]).map((type) => (
            <option key={type} value={type}>
              {t(TYPE_LABEL[type])}
            </option>
          ))}
        </SelectField>
        {scene.type !== 'POSITION' && (
          <TextField
            label={t(m.duration)}
            inputMode="decimal"
            autoComplete="off"
            value={scene.seconds}
            onChange={(e) => onChange({ seconds: e.target.value })}
            error={errors[`${at}.duration`]}
            hint={durationHint(t, { ...scene, type: scene.type })}
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
      {scene.type === 'DELAY' && <p className="muted scene-note">{t(m.delayNote)}</p>}
    </fieldset>
  )
}

/** Sets the duration to what the ticked blinds need to reach their end stops. */
function FullTravel({ ms, onUse }: { ms: number | null; onUse: (ms: number) => void }) {
  const t = useT()
  return (
    <div className="full-travel">
      <button
        type="button"
        className="button button-quiet"
        disabled={ms === null}
        onClick={() => ms !== null && onUse(ms)}
      >
        {t(m.fullTravel)}
      </button>
      <span className="muted">
        {ms === null ? t(m.tickForTravel) : t(m.setsTravel, { seconds: msToSeconds(ms) })}
      </span>
    </div>
  )
}
