// Adding or changing a blind (admins): its relays, how it travels (times each way; the motor's
// start delay and slats folded away), how the household finds it (room, "my" position) and how
// it keeps the sun out (ShadingSection). The hub's rules are checked before anything is sent;
// what only the hub can know (a name or address already taken) comes back as a field error and
// is shown at that field. Closing it with unsaved changes (Escape, Cancel, the close button, a
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
import { useToast } from '../../shell/toast'
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
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const roomListId = useId()
  const [initial] = useState(() => ({
    values: blindFormValues(blind),
    shading: shadingFormValues(blind),
  }))
  const [values, setValues] = useState<BlindFormValues>(initial.values)
  const [shading, setShading] = useState<ShadingFormValues>(initial.shading)
  const { errors, clearError, submit, status } = useFormSubmit(FIELDS)
  const unsaved = JSON.stringify({ values, shading }) !== JSON.stringify(initial)
  const { confirmLeave, question } = useUnsavedChanges({
    when: unsaved,
    what: blind ? blind.name : 'the new blind',
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
    const input = { ...blindInputFrom(values, blind), ...shadingInputFrom(shading, values.slats) }
    const result = blind
      ? await mutations.blindUpdate(blind.id, input)
      : await mutations.blindCreate(input)
    void mutate(staleAfterChangeOf('blind'))
    toast(`Blind ${result.name} saved`)
    onClose()
  }

  const measured = travelTimesGiven(values)
  const seconds = { inputMode: 'decimal' as const }
  return (
    <>
      <FormDialog
        title={blind ? `Edit ${blind.name}` : 'Add blind'}
        onClose={() => confirmLeave(onClose)}
        onSubmit={() =>
          void submit(
            {
              ...checkBlindForm(values),
              ...checkShadingForm(shading, values.slats, measured),
            },
            save,
          )
        }
        {...status}
      >
        <TextField
          label="Name"
          maxLength={NAME_MAX}
          placeholder="Living room left"
          {...text('name', 'name')}
        />
        <div className="form-row form-row-pair">
          <TextField
            label="Up address"
            maxLength={ADDRESS_MAX_LENGTH}
            hint="UNIT:COIL, e.g. 1:0"
            placeholder="1:0"
            spellCheck={false}
            {...text('blindAddressUp', 'blindAddressUp')}
          />
          <TextField
            label="Down address"
            maxLength={ADDRESS_MAX_LENGTH}
            hint="UNIT:COIL, e.g. 1:1"
            placeholder="1:1"
            spellCheck={false}
            {...text('blindAddressDown', 'blindAddressDown')}
          />
        </div>
        <h3 className="form-section">How it travels</h3>
        <div className="form-row form-row-pair">
          <TextField
            label="Travel time up (seconds)"
            hint="From closed to fully open."
            placeholder="not measured"
            {...seconds}
            {...text('travelUpSeconds', 'travelTimeUpMs')}
          />
          <TextField
            label="Travel time down (seconds)"
            hint="From open to fully closed."
            placeholder="not measured"
            {...seconds}
            {...text('travelDownSeconds', 'travelTimeDownMs')}
          />
        </div>
        {measured ? (
          <p className="field-hint blind-form-note">
            {TRAVEL_SECONDS.min}–{TRAVEL_SECONDS.max}&nbsp;s each. Not sure? Time it with Calibrate
            on the blind’s card.
          </p>
        ) : (
          <p className="blind-form-note travel-guess">
            Guessed, not measured: the hub assumes 60&nbsp;s each way, so positions are rough and
            shading cannot work. Type both times, or save and time it with Calibrate on the blind’s
            card.
          </p>
        )}
        <Disclosure
          summary="Start delay and slats"
          forceOpen={Boolean(errors.motorStartDelayMs || errors.tiltTimeMs)}
        >
          <TextField
            label="Motor start delay (seconds)"
            hint={`${START_DELAY_SECONDS.min}–${START_DELAY_SECONDS.max}\u00a0s the motor waits after its relay switches on; usually 0.`}
            {...seconds}
            {...text('startDelaySeconds', 'motorStartDelayMs')}
          />
          <CheckboxField
            label="Venetian blind: its slats turn"
            checked={values.slats}
            onChange={(e) => set('slats', e.target.checked, 'tiltTimeMs')}
          />
          {values.slats && (
            <TextField
              label="Slat turn time (seconds)"
              hint={`${TILT_SECONDS.min}–${TILT_SECONDS.max}\u00a0s for the slats to turn from closed to open.`}
              {...seconds}
              {...text('tiltSeconds', 'tiltTimeMs')}
            />
          )}
        </Disclosure>
        <h3 className="form-section">For the household</h3>
        <div className="form-row form-row-pair">
          <TextField
            label="Room"
            maxLength={NAME_MAX}
            hint="Optional. A room’s blinds can move together."
            placeholder="Living room"
            list={roomListId}
            {...text('room', 'room')}
          />
          <TextField
            label="My position (% open)"
            hint="Optional: 0 closed – 100 open, offered as “My”."
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
      </FormDialog>
      {question}
    </>
  )
}
