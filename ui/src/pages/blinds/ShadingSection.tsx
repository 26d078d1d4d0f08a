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
import { compassName, facingText } from '../../shading/shading-words'
import { ShadingStatus } from '../../shading/ShadingStatus'
import { azimuthError, typedNumber, type ShadingFormValues } from './shading-form'
import { ShadingMoves } from './ShadingMoves'
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
    ? `Not a compass direction: “${values.facadeAzimuth.trim()}”`
    : facingText(azimuth)
  const fov = (typed: string) => {
    const n = typedNumber(typed)
    return n !== null && n >= 0 && n <= 90 ? n : 90
  }
  const has = (...fields: string[]) => fields.some((field) => Boolean(errors[field]))
  return (
    <section className="shading-section" aria-labelledby={headingId}>
      <div className="shading-heading">
        <h3 id={headingId}>Sun and shading</h3>
        {blind && <ShadingStatus shading={blind.shading} />}
      </div>
      <CheckboxField
        asSwitch
        label="Shade this window when the sun is in front"
        hint="Needs the window’s facing and a shade position. Moving the blind yourself pauses it."
        checked={values.shadingEnabled}
        error={errors.shadingEnabled}
        onChange={(e) => onChange({ shadingEnabled: e.target.checked }, 'shadingEnabled')}
      />
      <LocationLine />
      <div className="form-row form-row-pair">
        <TextField
          label="Window faces (° from north)"
          hint="0 north, 90 east, 180 south, 270 west; empty: none."
          inputMode="numeric"
          placeholder="180"
          {...text('facadeAzimuth')}
          error={typedAzimuthError}
        />
        <TextField
          label="Shade position (% open)"
          hint="0 closed – 100 open: where shading takes the blind."
          inputMode="numeric"
          {...text('shadePosition')}
        />
      </div>
      {slats && (
        <TextField
          label="Slats while shading (% open)"
          hint="Optional: empty leaves the slats as they come."
          inputMode="numeric"
          {...text('shadeTilt')}
        />
      )}
      <Disclosure
        summary="Where the sun counts: compass and field of view"
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
              {facing}. Drag the dial or use the arrow keys.
            </p>
          </div>
          <div className="facade-fields">
            <FieldOfView side="left" azimuth={azimuth} field={text('fovLeft')} />
            <FieldOfView side="right" azimuth={azimuth} field={text('fovRight')} />
          </div>
        </div>
        <TextField
          label="Sun hidden below (° elevation)"
          hint="0–90: trees or houses opposite. 0: only the horizon hides it."
          inputMode="numeric"
          {...text('minElevation')}
        />
      </Disclosure>
      <Disclosure
        summary="Brightness, and where the blind goes afterwards"
        forceOpen={has('shadingMinBrightness', 'shadingReturnPosition', 'shadingResumeAt')}
      >
        <TextField
          label="Bright enough at (% of clear-sky solar power)"
          hint={
            pv?.configured
              ? 'The solar inverter’s 5-minute mean must reach this share of what a cloudless sky would give; 40 is a fair start.'
              : 'Needs a solar inverter (LAMELLA_PV). This hub has none, so the sun’s position alone decides.'
          }
          inputMode="numeric"
          {...text('shadingMinBrightness')}
        />
        <div className="form-row">
          <SelectField
            label="When the sun has gone, the blind goes"
            value={values.returnTo}
            onChange={(e) =>
              onChange(
                { returnTo: e.target.value as ShadingFormValues['returnTo'] },
                'shadingReturnPosition',
              )
            }
          >
            <option value="before">Back where it was before</option>
            <option value="position">To a set position</option>
          </SelectField>
          {values.returnTo === 'position' && (
            <TextField
              label="Return position (% open)"
              inputMode="numeric"
              {...text('shadingReturnPosition')}
            />
          )}
        </div>
        <div className="form-row">
          <SelectField
            label="After you move it yourself, shading waits"
            value={values.resume}
            onChange={(e) =>
              onChange({ resume: e.target.value as ShadingFormValues['resume'] }, 'shadingResumeAt')
            }
          >
            <option value="nextDay">Until the next day</option>
            <option value="time">Until a set time</option>
          </SelectField>
          {values.resume === 'time' && (
            <TextField
              label="Shading resumes at"
              type="time"
              hint="In the hub’s time zone."
              {...text('shadingResumeAt')}
            />
          )}
        </div>
      </Disclosure>
      {blind && (
        <Disclosure summary="Recent shading moves">
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
  const towards = azimuth === null ? null : compassName(azimuth + (side === 'left' ? -90 : 90))
  const label =
    towards === null
      ? side === 'left'
        ? 'Sun counts to the left (°)'
        : 'Sun counts to the right (°)'
      : `Sun counts towards the ${towards} (°)`
  const hint =
    side === 'left'
      ? '0–90 from where the window faces; on your left as you look out.'
      : '0–90 from where the window faces; on your right as you look out.'
  return <TextField label={label} hint={hint} inputMode="numeric" {...field} />
}

/** Where the house's location is set: Settings, and whether shading still waits for it. */
function LocationLine() {
  const { data: location } = useHouseLocation()
  if (!location) return null
  if (location.lat === null) {
    return (
      <p className="shading-location shading-location-missing">
        Shading needs the house’s location, which is not set yet.{' '}
        <Link href="/settings">Set it in Settings</Link>
      </p>
    )
  }
  return (
    <p className="shading-location">
      The house’s location is set in <Link href="/settings">Settings</Link>.
    </p>
  )
}
