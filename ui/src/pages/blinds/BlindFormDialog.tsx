// Adding or changing a blind (admins): its relays, how it travels (times each way; the motor's
// start delay and slats folded away), how the household finds it (room, "my" position) and how
// it keeps the sun out (ShadingSection), and what wind, rain and frost do to it (WeatherSection).
// The hub's rules are checked before anything is sent; what only the hub can know (a name or
// address already taken) comes back as a field error and is shown at that field. Closing it with unsaved changes (Escape, Cancel, the close button, a
// tap beside it, a link or Back) asks first, as the automation editor does.
import { useId, useState, type ChangeEvent } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { ADDRESS_MAX_LENGTH, NAME_MAX } from '../../../../hub/validation/fields'
import { Disclosure } from '../../components/Disclosure'
import { CheckboxField, TextField } from '../../components/fields'
import { FormDialog } from '../../components/FormDialog'
import { useFormSubmit } from '../../forms/form-submit'
import { useT } from '../../i18n/I18nProvider'
import { useToast } from '../../shell/toast'
import { blindFormMessages as m } from './blinds.messages'
import { useUnsavedChanges } from '../../shell/UnsavedChangesGuard'
import {
  START_DELAY_SECONDS,
  TILT_SECONDS,
  TRAVEL_SECONDS,
  blindFormValues,
  blindInputFrom,
  checkBlindForm,
  travelTimesGiven,
  type BlindFormValues,
} from './blind-form'
import {
  SHADING_FIELDS,
  checkShadingForm,
  shadingFormValues,
  shadingInputFrom,
  type ShadingFormValues,
} from './shading-form'
import { ShadingSection } from './ShadingSection'
import {
  WEATHER_FIELDS,
  checkWeatherForm,
  weatherFormValues,
  weatherInputFrom,
  type WeatherFormValues,
} from './weather-form'
import { WeatherSection } from './WeatherSection'

const FIELDS = [
  'name',
  'blindAddressUp',
  'blindAddressDown',
  'travelTimeUpMs',
  'travelTimeDownMs',
  'motorStartDelayMs',
  'tiltTimeMs',
  'room',
  'myPosition',
  ...SHADING_FIELDS,
  ...WEATHER_FIELDS,
] as const

/** The values typed as text: all but the slats' checkbox. */
type TypedField = Exclude<keyof BlindFormValues, 'slats'>

interface Props {
  /** The blind to change, or null to add one. */
  blind: Blind | null
  /** The rooms already named, offered while typing one. */
  rooms?: string[]
  onClose: () => void
}

export function BlindFormDialog({ blind, rooms = [], onClose }: Props) {
  const t = useT()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const roomListId = useId()
  const [initial] = useState(() => ({
    values: blindFormValues(blind),
    shading: shadingFormValues(blind),
    weather: weatherFormValues(blind),
  }))
  const [values, setValues] = useState<BlindFormValues>(initial.values)
  const [shading, setShading] = useState<ShadingFormValues>(initial.shading)
  const [weather, setWeather] = useState<WeatherFormValues>(initial.weather)
  const { errors, clearError, submit, status } = useFormSubmit(FIELDS)
  const unsaved = JSON.stringify({ values, shading, weather }) !== JSON.stringify(initial)
  const { confirmLeave, question } = useUnsavedChanges({
    when: unsaved,
    what: blind ? blind.name : t(m.theNewBlind),
  })

  type Field = (typeof FIELDS)[number]
  const set = <K extends keyof BlindFormValues>(field: K, value: BlindFormValues[K], at: Field) => {
    setValues((v) => ({ ...v, [field]: value }))
    clearError(at)
  }
  /** A text field's value, change and error: `field` as typed, `at` the hub's field name. */
  const text = (field: TypedField, at: Field) => ({
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(field, e.target.value, at),
    error: errors[at],
    autoComplete: 'off',
  })

  const save = async () => {
    const input = {
      ...blindInputFrom(values, blind),
      ...shadingInputFrom(shading, values.slats),
      ...weatherInputFrom(weather),
    }
    const result = blind
      ? await mutations.blindUpdate(blind.id, input)
      : await mutations.blindCreate(input)
    void mutate(staleAfterChangeOf('blind'))
    toast(t(m.saved, { name: result.name }))
    onClose()
  }

  const measured = travelTimesGiven(values)
  const seconds = { inputMode: 'decimal' as const }
  return (
    <>
      <FormDialog
        title={blind ? t(m.editTitle, { name: blind.name }) : t(m.addTitle)}
        onClose={() => confirmLeave(onClose)}
        onSubmit={() =>
          void submit(
            {
              ...checkBlindForm(values),
              ...checkShadingForm(shading, values.slats, measured),
              ...checkWeatherForm(weather),
            },
            save,
          )
        }
        {...status}
      >
        <TextField
          label={t(m.name)}
          maxLength={NAME_MAX}
          placeholder={t(m.namePlaceholder)}
          {...text('name', 'name')}
        />
        <div className="form-row form-row-pair">
          <TextField
            label={t(m.upAddress)}
            maxLength={ADDRESS_MAX_LENGTH}
            hint={t(m.addressHint, { example: '1:0' })}
            placeholder="1:0"
            spellCheck={false}
            {...text('blindAddressUp', 'blindAddressUp')}
          />
          <TextField
            label={t(m.downAddress)}
            maxLength={ADDRESS_MAX_LENGTH}
            hint={t(m.addressHint, { example: '1:1' })}
            placeholder="1:1"
            spellCheck={false}
            {...text('blindAddressDown', 'blindAddressDown')}
          />
        </div>
        <h3 className="form-section">{t(m.howItTravels)}</h3>
        <div className="form-row form-row-pair">
          <TextField
            label={t(m.travelUp)}
            hint={t(m.travelUpHint)}
            placeholder={t(m.notMeasured)}
            {...seconds}
            {...text('travelUpSeconds', 'travelTimeUpMs')}
          />
          <TextField
            label={t(m.travelDown)}
            hint={t(m.travelDownHint)}
            placeholder={t(m.notMeasured)}
            {...seconds}
            {...text('travelDownSeconds', 'travelTimeDownMs')}
          />
        </div>
        {measured ? (
          <p className="field-hint blind-form-note">{t(m.travelRange, TRAVEL_SECONDS)}</p>
        ) : (
          <p className="blind-form-note travel-guess">{t(m.travelGuessed)}</p>
        )}
        <Disclosure
          summary={t(m.startDelayAndSlats)}
          forceOpen={Boolean(errors.motorStartDelayMs || errors.tiltTimeMs)}
        >
          <TextField
            label={t(m.startDelay)}
            hint={t(m.startDelayHint, START_DELAY_SECONDS)}
            {...seconds}
            {...text('startDelaySeconds', 'motorStartDelayMs')}
          />
          <CheckboxField
            label={t(m.slats)}
            checked={values.slats}
            onChange={(e) => set('slats', e.target.checked, 'tiltTimeMs')}
          />
          {values.slats && (
            <TextField
              label={t(m.tiltTime)}
              hint={t(m.tiltTimeHint, TILT_SECONDS)}
              {...seconds}
              {...text('tiltSeconds', 'tiltTimeMs')}
            />
          )}
        </Disclosure>
        <h3 className="form-section">{t(m.forHousehold)}</h3>
        <div className="form-row form-row-pair">
          <TextField
            label={t(m.room)}
            maxLength={NAME_MAX}
            hint={t(m.roomHint)}
            placeholder={t(m.roomPlaceholder)}
            list={roomListId}
            {...text('room', 'room')}
          />
          <TextField
            label={t(m.myPosition)}
            hint={t(m.myPositionHint)}
            inputMode="numeric"
            {...text('myPosition', 'myPosition')}
          />
        </div>
        <datalist id={roomListId}>
          {rooms.map((room) => (
            <option key={room} value={room} />
          ))}
        </datalist>
        <ShadingSection
          blind={blind}
          values={shading}
          slats={values.slats}
          errors={errors}
          onChange={(change, field) => {
            setShading((v) => ({ ...v, ...change }))
            clearError(field)
          }}
        />
        <WeatherSection
          blind={blind}
          values={weather}
          errors={errors}
          onChange={(change, field) => {
            setWeather((v) => ({ ...v, ...change }))
            clearError(field)
          }}
        />
      </FormDialog>
      {question}
    </>
  )
}
