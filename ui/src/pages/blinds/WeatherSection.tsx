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
import { useT } from '../../i18n/I18nProvider'
import { WeatherLockChip } from '../../weather/WeatherLockChip'
import { blindWeatherMessages as m } from './blinds.messages'
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
  const t = useT()
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
            {t(m.protection)}{' '}
            <span className="muted disclosure-state">· {protectionSummary(values, t)}</span>
          </span>
        }
        forceOpen={has}
      >
        <p className="field-hint">
          {t(m.intro)} <Link href="/settings">{t(m.settings)}</Link>.
        </p>
        <div className="form-row form-row-pair">
          <TextField
            label={t(m.windLimit)}
            hint={t(m.windLimitHint, { min: WIND_LIMIT_MIN, max: WIND_LIMIT_MAX })}
            placeholder={t(m.none)}
            {...text('windLimit')}
          />
          <TextField
            label={t(m.safetyPosition)}
            hint={t(m.safetyPositionHint)}
            {...text('safetyPosition')}
          />
        </div>
        <CheckboxField
          label={t(m.rain)}
          checked={values.rainProtect}
          error={errors.rainProtect}
          onChange={(e) => onChange({ rainProtect: e.target.checked }, 'rainProtect')}
        />
        <CheckboxField
          label={t(m.frost)}
          hint={t(m.frostHint)}
          checked={values.frostProtect}
          error={errors.frostProtect}
          onChange={(e) => onChange({ frostProtect: e.target.checked }, 'frostProtect')}
        />
      </Disclosure>
    </div>
  )
}
