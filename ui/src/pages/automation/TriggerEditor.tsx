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
import type { Message } from '../../i18n/messages'
import { useT } from '../../i18n/I18nProvider'
import { triggerEditorMessages as m } from './automation.messages'
import { aroundLink } from './link-text'
import { SUN_EVENT_LABEL } from './trigger-summary'

const CHOICES: { type: TriggerType; label: Message; hint: Message }[] = [
  { type: 'MANUAL', label: m.manual, hint: m.manualHint },
  { type: 'CRON', label: m.cron, hint: m.cronHint },
  { type: 'SUN', label: m.sun, hint: m.sunHint },
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
  const t = useT()
  const [beforeLink, afterLink] = aroundLink(t, m.noLocationAdmin, 'settings')
  return (
    <section className="card section trigger-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(m.trigger)}</h2>
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
              <label htmlFor={`${id}-${choice.type}`}>{t(choice.label)}</label>
              <span className="choice-hint" id={`${id}-${choice.type}-hint`}>
                {t(choice.hint)}
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
              {beforeLink}
              <Link href="/settings">{t(m.settings)}</Link>
              {afterLink}
            </>
          ) : (
            t(m.noLocation)
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
            label={t(m.enabled)}
            checked={trigger.enabled}
            onChange={(e) => onChange({ enabled: e.target.checked })}
            aria-describedby={`${id}-enabled-hint`}
          />
          <p className="field-hint" id={`${id}-enabled-hint`}>
            {t(m.enabledHint)}
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
  const t = useT()
  // The hub's rule, said as the expression is typed, and no preview for what it refuses; a
  // rule broken on save or by the hub is said instead.
  const liveError =
    trigger.cron.trim() !== '' && !description.ok
      ? ruleText(description.error, undefined)
      : undefined
  return (
    <div className="trigger-fields">
      <TextField
        label={t(m.cronExpression)}
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
            {description.ok ? description.text : t(m.cronFields)}
          </span>
        }
      />
      <div className="preset-row" role="group" aria-label={t(m.cronPresets)}>
        {CRON_PRESETS.map((preset) => (
          <button
            key={preset.cron}
            type="button"
            className="button button-quiet button-small"
            aria-pressed={trigger.cron.trim() === preset.cron}
            onClick={() => onChange({ cron: preset.cron })}
          >
            {t(preset.label)}
          </button>
        ))}
      </div>
      {timeZone && <p className="muted time-zone-note">{t(m.timeZone, { timeZone })}</p>}
    </div>
  )
}

function SunFields({ trigger, onChange, errors }: FieldsProps) {
  const offset = parseOffset(trigger.offset)
  const t = useT()
  const sunrise = trigger.sunEvent === 'SUNRISE'
  const words =
    offset === 0
      ? sunrise
        ? m.atSunrise
        : m.atSunset
      : offset < 0
        ? sunrise
          ? m.beforeSunrise
          : m.beforeSunset
        : sunrise
          ? m.afterSunrise
          : m.afterSunset
  const when = Number.isInteger(offset) ? t(words, { minutes: Math.abs(offset) }) : null
  return (
    <div className="trigger-fields">
      <div className="form-row">
        <SelectField
          label={t(m.sunEvent)}
          value={trigger.sunEvent}
          onChange={(e) => onChange({ sunEvent: e.target.value as SunEvent })}
          error={errors['trigger.sunEvent']}
        >
          <option value="SUNRISE">{t(SUN_EVENT_LABEL.SUNRISE)}</option>
          <option value="SUNSET">{t(SUN_EVENT_LABEL.SUNSET)}</option>
        </SelectField>
        <TextField
          label={t(m.offset)}
          type="number"
          inputMode="numeric"
          min={-720}
          max={720}
          step={1}
          value={trigger.offset}
          onChange={(e) => onChange({ offset: e.target.value })}
          error={errors['trigger.offsetMinutes']}
          hint={t(m.offsetHint)}
        />
      </div>
      {when && <p className="muted">{when}</p>}
    </div>
  )
}
