// "Sun and shading" in the blind's dialog: which way the window faces (the compass dial and
// its number), the part of the sky where the sun counts (field of view, minimum elevation),
// where shading takes the blind, and when it gives it back. Shows where the house stands (and
// lets it be set while the hub does not know, without which it cannot know where the sun
// stands), and what shading is doing now.
import { useId, type ChangeEvent } from 'react'
import { usePv } from '../../api/hooks'
import type { Blind } from '../../api/types'
import { CheckboxField, SelectField, TextField } from '../../components/fields'
import type { FieldErrors } from '../../forms/field-errors'
import { FacadePicker } from '../../shading/FacadePicker'
import { HouseLocation } from '../../shading/HouseLocation'
import { facingText } from '../../shading/shading-words'
import { ShadingStatus } from '../../shading/ShadingStatus'
import { typedNumber, type ShadingFormValues } from './shading-form'
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
  const typedAzimuth = typedNumber(values.facadeAzimuth)
  const azimuth =
    typedAzimuth !== null &&
    Number.isInteger(typedAzimuth) &&
    typedAzimuth >= 0 &&
    typedAzimuth < 360
      ? typedAzimuth
      : null
  const fov = (typed: string) => {
    const n = typedNumber(typed)
    return n !== null && n >= 0 && n <= 90 ? n : 90
  }
  return (
    <section className="shading-section" aria-labelledby={headingId}>
      <div className="shading-heading">
        <h3 className="form-section" id={headingId}>
          Sun and shading
        </h3>
        {blind && <ShadingStatus shading={blind.shading} />}
      </div>
      <HouseLocation />
      <div className="facade">
        <div className="facade-dial-column">
          <FacadePicker
            azimuth={azimuth}
            fovLeft={fov(values.fovLeft)}
            fovRight={fov(values.fovRight)}
            onChange={(next) => onChange({ facadeAzimuth: String(next) }, 'facadeAzimuth')}
            describedBy={dialHintId}
            invalid={Boolean(errors.facadeAzimuth)}
          />
          <p className="facade-caption" id={dialHintId}>
            {facingText(azimuth)}. Drag the dial or use the arrow keys.
          </p>
        </div>
        <div className="facade-fields">
          <TextField
            label="Window faces (° from north)"
            hint="0 north, 90 east, 180 south, 270 west; empty: none."
            inputMode="numeric"
            placeholder="180"
            {...text('facadeAzimuth')}
          />
          <div className="form-row">
            <TextField
              label="Sun counts left (°)"
              hint="0–90, looking out"
              inputMode="numeric"
              {...text('fovLeft')}
            />
            <TextField
              label="Sun counts right (°)"
              hint="0–90, looking out"
              inputMode="numeric"
              {...text('fovRight')}
            />
          </div>
        </div>
      </div>
      <TextField
        label="Sun hidden below (° elevation)"
        hint="0–90: trees or houses opposite. 0: only the horizon hides it."
        inputMode="numeric"
        {...text('minElevation')}
      />
      <div className="form-row">
        <TextField
          label="Shade position (% open)"
          hint="0 closed – 100 open: where shading takes the blind."
          inputMode="numeric"
          {...text('shadePosition')}
        />
        {slats && (
          <TextField
            label="Slats while shading (% open)"
            hint="Optional: empty leaves the slats as they come."
            inputMode="numeric"
            {...text('shadeTilt')}
          />
        )}
      </div>
      <CheckboxField
        asSwitch
        label="Shade this window when the sun is in front"
        hint="Moving the blind yourself pauses it for a while (set below)."
        checked={values.shadingEnabled}
        error={errors.shadingEnabled}
        onChange={(e) => onChange({ shadingEnabled: e.target.checked }, 'shadingEnabled')}
      />
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
      {blind && <ShadingMoves blindId={blind.id} />}
    </section>
  )
}
