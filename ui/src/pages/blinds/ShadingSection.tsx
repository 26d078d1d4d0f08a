// "Sun and shading" in the blind's dialog, short: the switch first, then the two things it
// needs (which way the window faces, where shading takes the blind), and the rest folded away:
// the compass dial with the part of the sky where the sun counts, how bright it must be and
// what happens afterwards, and the latest moves. The house's location lives in Settings; a line
// here says so, and links there.
import { useId, type ChangeEvent } from 'react'
import { Link } from 'wouter'
import { useHouseLocation, usePv } from '../../api/hooks'
import type { Blind } from '../../api/types'
import { Disclosure } from '../../components/Disclosure'
import { CheckboxField, SelectField, TextField } from '../../components/fields'
import type { FieldErrors } from '../../forms/field-errors'
import { FacadePicker } from '../../shading/FacadePicker'
import { useT } from '../../i18n/I18nProvider'
import { compassPoint, facingText } from '../../shading/shading-words'
import { ShadingStatus } from '../../shading/ShadingStatus'
import { azimuthError, typedNumber, type ShadingFormValues } from './shading-form'
import { ShadingMoves } from './ShadingMoves'
import { blindShadingMessages as m } from './blinds.messages'
import './shading-section.css'

type TextValue = Exclude<keyof ShadingFormValues, 'shadingEnabled' | 'returnTo' | 'resume'>

interface Props {
  /** The blind as saved, or null while adding one. */
  blind: Blind | null
  values: ShadingFormValues
  /** Its slats turn (the form's checkbox): a shade tilt applies. */
  slats: boolean
  errors: FieldErrors
  onChange: (change: Partial<ShadingFormValues>, field: string) => void
}

export function ShadingSection({ blind, values, slats, errors, onChange }: Props) {
  const t = useT()
  const headingId = useId()
  const dialHintId = useId()
  const { data: pv } = usePv()
  const text = (field: TextValue) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ [field]: e.target.value }, field),
    error: errors[field],
    autoComplete: 'off',
  })
  // A direction the hub would refuse is said at once, as Save would say it.
  const typedAzimuthError = errors.facadeAzimuth ?? azimuthError(values.facadeAzimuth)
  const typedAzimuth = typedNumber(values.facadeAzimuth)
  const azimuth = typedAzimuthError || typedAzimuth === null ? null : typedAzimuth
  const facing = typedAzimuthError
    ? t(m.notCompass, { typed: values.facadeAzimuth.trim() })
    : facingText(azimuth, t)
  const fov = (typed: string) => {
    const n = typedNumber(typed)
    return n !== null && n >= 0 && n <= 90 ? n : 90
  }
  const has = (...fields: string[]) => fields.some((field) => Boolean(errors[field]))
  return (
    <section className="shading-section" aria-labelledby={headingId}>
      <div className="shading-heading">
        <h3 id={headingId}>{t(m.title)}</h3>
        {blind && <ShadingStatus shading={blind.shading} />}
      </div>
      <CheckboxField
        asSwitch
        label={t(m.enabled)}
        hint={t(m.enabledHint)}
        checked={values.shadingEnabled}
        error={errors.shadingEnabled}
        onChange={(e) => onChange({ shadingEnabled: e.target.checked }, 'shadingEnabled')}
      />
      <LocationLine />
      <div className="form-row form-row-pair">
        <TextField
          label={t(m.faces)}
          hint={t(m.facesHint)}
          inputMode="numeric"
          placeholder="180"
          {...text('facadeAzimuth')}
          error={typedAzimuthError}
        />
        <TextField
          label={t(m.shadePosition)}
          hint={t(m.shadePositionHint)}
          inputMode="numeric"
          {...text('shadePosition')}
        />
      </div>
      {slats && (
        <TextField
          label={t(m.shadeTilt)}
          hint={t(m.shadeTiltHint)}
          inputMode="numeric"
          {...text('shadeTilt')}
        />
      )}
      <Disclosure
        summary={t(m.whereSunCounts)}
        forceOpen={has('fovLeft', 'fovRight', 'minElevation')}
      >
        <div className="facade">
          <div className="facade-dial-column">
            <FacadePicker
              azimuth={azimuth}
              fovLeft={fov(values.fovLeft)}
              fovRight={fov(values.fovRight)}
              onChange={(next) => onChange({ facadeAzimuth: String(next) }, 'facadeAzimuth')}
              describedBy={dialHintId}
              invalid={Boolean(typedAzimuthError)}
              valueText={facing}
            />
            <p className="facade-caption" id={dialHintId}>
              {t(m.dialCaption, { facing })}
            </p>
          </div>
          <div className="facade-fields">
            <FieldOfView side="left" azimuth={azimuth} field={text('fovLeft')} />
            <FieldOfView side="right" azimuth={azimuth} field={text('fovRight')} />
          </div>
        </div>
        <TextField
          label={t(m.minElevation)}
          hint={t(m.minElevationHint)}
          inputMode="numeric"
          {...text('minElevation')}
        />
      </Disclosure>
      <Disclosure
        summary={t(m.brightnessAndAfter)}
        forceOpen={has('shadingMinBrightness', 'shadingReturnPosition', 'shadingResumeAt')}
      >
        <TextField
          label={t(m.brightness)}
          hint={pv?.configured ? t(m.brightnessHintPv) : t(m.brightnessHintNoPv)}
          inputMode="numeric"
          {...text('shadingMinBrightness')}
        />
        <div className="form-row">
          <SelectField
            label={t(m.returnTo)}
            value={values.returnTo}
            onChange={(e) =>
              onChange(
                { returnTo: e.target.value as ShadingFormValues['returnTo'] },
                'shadingReturnPosition',
              )
            }
          >
            <option value="before">{t(m.returnBefore)}</option>
            <option value="position">{t(m.returnPosition)}</option>
          </SelectField>
          {values.returnTo === 'position' && (
            <TextField
              label={t(m.returnPositionField)}
              inputMode="numeric"
              {...text('shadingReturnPosition')}
            />
          )}
        </div>
        <div className="form-row">
          <SelectField
            label={t(m.resume)}
            value={values.resume}
            onChange={(e) =>
              onChange({ resume: e.target.value as ShadingFormValues['resume'] }, 'shadingResumeAt')
            }
          >
            <option value="nextDay">{t(m.resumeNextDay)}</option>
            <option value="time">{t(m.resumeTime)}</option>
          </SelectField>
          {values.resume === 'time' && (
            <TextField
              label={t(m.resumeAt)}
              type="time"
              hint={t(m.resumeAtHint)}
              {...text('shadingResumeAt')}
            />
          )}
        </div>
      </Disclosure>
      {blind && (
        <Disclosure summary={t(m.recentMoves)}>
          <ShadingMoves blindId={blind.id} />
        </Disclosure>
      )}
    </section>
  )
}

interface FieldOfViewProps {
  side: 'left' | 'right'
  /** Where the window faces, or null while that is not set. */
  azimuth: number | null
  field: {
    value: string
    onChange: (e: ChangeEvent<HTMLInputElement>) => void
    error: string | undefined
    autoComplete: string
  }
}

/**
 * One side of the field of view, named by the compass as the dial draws it: the hub counts
 * fovLeft counter-clockwise from where the window faces, which is the left of someone inside
 * looking out (for a south window, towards the east), and fovRight clockwise.
 */
function FieldOfView({ side, azimuth, field }: FieldOfViewProps) {
  const t = useT()
  const towards = azimuth === null ? null : compassPoint(azimuth + (side === 'left' ? -90 : 90), t)
  const label =
    towards === null
      ? side === 'left'
        ? t(m.leftNoFacing)
        : t(m.rightNoFacing)
      : t(m.towards, { direction: towards })
  const hint = side === 'left' ? t(m.leftHint) : t(m.rightHint)
  return <TextField label={label} hint={hint} inputMode="numeric" {...field} />
}

/** Where the house's location is set: Settings, and whether shading still waits for it. */
function LocationLine() {
  const t = useT()
  const { data: location } = useHouseLocation()
  if (!location) return null
  if (location.lat === null) {
    return (
      <p className="shading-location shading-location-missing">
        {t(m.locationMissing)} <Link href="/settings">{t(m.setInSettings)}</Link>
      </p>
    )
  }
  return (
    <p className="shading-location">
      {t(m.locationSetIn)} <Link href="/settings">{t(m.settings)}</Link>.
    </p>
  )
}
