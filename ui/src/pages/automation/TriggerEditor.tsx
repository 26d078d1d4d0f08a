// When an automation runs: by hand, on a cron schedule (with a preview in words and the hub's
// time zone), or at sunrise or sunset with an offset.
import { useId } from 'react'
import { Link } from 'wouter'
import { useWhoAmI } from '../../api/hooks'
import type { SunEvent, TriggerType } from '../../api/types'
import { CheckboxField, SelectField, TextField } from '../../components/fields'
import { ruleText, type FieldErrors } from '../../forms/field-errors'
import { CRON_MAX_LENGTH } from '../../../../hub/validation/cron'
import { CRON_PRESETS, describeCron } from './cron-text'
import { parseOffset, type TriggerDraft } from './draft'
import { SUN_EVENT_LABEL } from './trigger-summary'

const CHOICES: { type: TriggerType; label: string; hint: string }[] = [
  { type: 'MANUAL', label: 'Manual', hint: 'Only when you start it.' },
  { type: 'CRON', label: 'Schedule (cron)', hint: 'At set times.' },
  { type: 'SUN', label: 'Sunrise or sunset', hint: 'Follows the sun.' },
]

interface Props {
  trigger: TriggerDraft
  onChange: (patch: Partial<TriggerDraft>) => void
  errors: FieldErrors
  /** The hub's time zone, in which cron times are read. */
  timeZone: string | undefined
  locationConfigured: boolean | undefined
}

export function TriggerEditor({ trigger, onChange, errors, timeZone, locationConfigured }: Props) {
  const id = useId()
  const sunUnavailable = locationConfigured === false
  const isAdmin = useWhoAmI().data?.isAdmin ?? false
  return (
    <section className="card section trigger-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Trigger</h2>
      <div className="choice-group" role="radiogroup" aria-labelledby={`${id}-title`}>
        {CHOICES.map((choice) => {
          const disabled = choice.type === 'SUN' && sunUnavailable
          return (
            <div className="choice" key={choice.type}>
              <input
                id={`${id}-${choice.type}`}
                type="radio"
                name={`${id}-type`}
                value={choice.type}
                checked={trigger.type === choice.type}
                disabled={disabled}
                aria-describedby={`${id}-${choice.type}-hint${disabled ? ` ${id}-no-location` : ''}`}
                onChange={() => onChange({ type: choice.type })}
              />
              <label htmlFor={`${id}-${choice.type}`}>{choice.label}</label>
              <span className="choice-hint" id={`${id}-${choice.type}-hint`}>
                {choice.hint}
              </span>
            </div>
          )
        })}
      </div>
      {errors['trigger.type'] && <p className="field-error">{errors['trigger.type']}</p>}
      {sunUnavailable && (
        <p className="banner banner-warning" id={`${id}-no-location`}>
          {isAdmin ? (
            <>
              Sunrise and sunset triggers need the house&apos;s location: set it in{' '}
              <Link href="/settings">Settings</Link>.
            </>
          ) : (
            <>
              Sunrise and sunset triggers need the house&apos;s location: an admin sets it in
              Settings.
            </>
          )}
        </p>
      )}

      {trigger.type === 'CRON' && (
        <CronFields trigger={trigger} onChange={onChange} errors={errors} timeZone={timeZone} />
      )}
      {trigger.type === 'SUN' && (
        <SunFields trigger={trigger} onChange={onChange} errors={errors} />
      )}
      {trigger.type !== 'MANUAL' && (
        <div className="enabled-field">
          <CheckboxField
            label="Enabled"
            checked={trigger.enabled}
            onChange={(e) => onChange({ enabled: e.target.checked })}
            aria-describedby={`${id}-enabled-hint`}
          />
          <p className="field-hint" id={`${id}-enabled-hint`}>
            The schedule only fires while this is on. Run now works either way.
          </p>
        </div>
      )}
    </section>
  )
}

type FieldsProps = Pick<Props, 'trigger' | 'onChange' | 'errors'>

function CronFields({
  trigger,
  onChange,
  errors,
  timeZone,
}: FieldsProps & Pick<Props, 'timeZone'>) {
  const description = describeCron(trigger.cron)
  // The hub's rule, said as the expression is typed, and no preview for what it refuses; a
  // rule broken on save or by the hub is said instead.
  const liveError =
    trigger.cron.trim() !== '' && !description.ok
      ? ruleText(description.error, undefined)
      : undefined
  return (
    <div className="trigger-fields">
      <TextField
        label="Cron expression"
        className="cron-input"
        value={trigger.cron}
        placeholder="0 7 * * 1-5"
        maxLength={CRON_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => onChange({ cron: e.target.value })}
        error={errors['trigger.cron'] ?? liveError}
        hint={
          <span aria-live="polite" className="cron-preview">
            {description.ok ? description.text : 'Minute, hour, day of month, month, day of week'}
          </span>
        }
      />
      <div className="preset-row" role="group" aria-label="Cron presets">
        {CRON_PRESETS.map((preset) => (
          <button
            key={preset.cron}
            type="button"
            className="button button-quiet button-small"
            aria-pressed={trigger.cron.trim() === preset.cron}
            onClick={() => onChange({ cron: preset.cron })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      {timeZone && (
        <p className="muted time-zone-note">Times are in {timeZone}, the hub&apos;s time zone.</p>
      )}
    </div>
  )
}

function SunFields({ trigger, onChange, errors }: FieldsProps) {
  const offset = parseOffset(trigger.offset)
  const event = SUN_EVENT_LABEL[trigger.sunEvent].toLowerCase()
  const when = !Number.isInteger(offset)
    ? null
    : offset === 0
      ? `At ${event}`
      : `${Math.abs(offset)} min ${offset < 0 ? 'before' : 'after'} ${event}`
  return (
    <div className="trigger-fields">
      <div className="form-row">
        <SelectField
          label="Sun event"
          value={trigger.sunEvent}
          onChange={(e) => onChange({ sunEvent: e.target.value as SunEvent })}
          error={errors['trigger.sunEvent']}
        >
          <option value="SUNRISE">Sunrise</option>
          <option value="SUNSET">Sunset</option>
        </SelectField>
        <TextField
          label="Offset (minutes)"
          type="number"
          inputMode="numeric"
          min={-720}
          max={720}
          step={1}
          value={trigger.offset}
          onChange={(e) => onChange({ offset: e.target.value })}
          error={errors['trigger.offsetMinutes']}
          hint="Negative = before, positive = after; -720 to 720"
        />
      </div>
      {when && <p className="muted">{when}, every day.</p>}
    </div>
  )
}
