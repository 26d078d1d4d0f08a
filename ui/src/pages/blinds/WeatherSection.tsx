// "Weather protection" in the blind's dialog, folded away like the shading's details: the
// wind over which the blind goes to its safety position, rain and frost protection, and that
// safety position (100 = raised). An indoor blind needs none of it, so nothing is set unless
// an admin sets it. While a lock holds the blind, the lock and its reason show above it.
import type { ChangeEvent } from 'react'
import { Link } from 'wouter'
import type { Blind } from '../../api/types'
import { Disclosure } from '../../components/Disclosure'
import { CheckboxField, TextField } from '../../components/fields'
import type { FieldErrors } from '../../forms/field-errors'
import { WeatherLockChip } from '../../weather/WeatherLockChip'
import { WIND_LIMIT_MAX, WIND_LIMIT_MIN } from '../../../../hub/validation/weather'
import { protectionSummary, type WeatherFormValues } from './weather-form'

interface Props {
  /** The blind as saved, or null while adding one. */
  blind: Blind | null
  values: WeatherFormValues
  errors: FieldErrors
  onChange: (change: Partial<WeatherFormValues>, field: string) => void
}

export function WeatherSection({ blind, values, errors, onChange }: Props) {
  const text = (field: 'windLimit' | 'safetyPosition') => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.target.value }, field),
    error: errors[field],
    autoComplete: 'off',
    inputMode: 'decimal' as const,
  })
  const has = Boolean(errors.windLimit || errors.safetyPosition)
  return (
    <div className="weather-protection">
      {blind?.weatherLock && (
        <p className="weather-protection-lock">
          <WeatherLockChip lock={blind.weatherLock} full />
        </p>
      )}
      <Disclosure
        summary={
          <span>
            Weather protection{' '}
            <span className="muted disclosure-state">· {protectionSummary(values)}</span>
          </span>
        }
        forceOpen={has}
      >
        <p className="field-hint">
          For blinds outside: an alarm sends them to safety and locks them until the weather calms.
          The sensors and release times are in <Link href="/settings">Settings</Link>.
        </p>
        <div className="form-row form-row-pair">
          <TextField
            label="Wind limit (m/s)"
            hint={`${WIND_LIMIT_MIN}–${WIND_LIMIT_MAX} m/s for 2 s raises it; empty: none.`}
            placeholder="none"
            {...text('windLimit')}
          />
          <TextField
            label="Safety position (% open)"
            hint="Where an alarm sends it: 100 raised."
            {...text('safetyPosition')}
          />
        </div>
        <CheckboxField
          label="Rain protection: to safety while it rains"
          checked={values.rainProtect}
          error={errors.rainProtect}
          onChange={(e) => onChange({ rainProtect: e.target.checked }, 'rainProtect')}
        />
        <CheckboxField
          label="Frost protection: held where it stands in frost after rain"
          hint="Below 2 °C with rain in the last 6 hours, until 2 hours at 4 °C or more."
          checked={values.frostProtect}
          error={errors.frostProtect}
          onChange={(e) => onChange({ frostProtect: e.target.checked }, 'frostProtect')}
        />
      </Disclosure>
    </div>
  )
}
