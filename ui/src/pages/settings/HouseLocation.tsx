// Where the house stands, on the settings page (admins only): one line once the hub knows it,
// with Change to set it again, or, while it does not, a warning and the form open. A location
// from the hub's environment (LAMELLA_LAT/LAMELLA_LON) is shown, never changed. The form is no
// <form> of its own, so it may sit inside another: its buttons are type="button" and Enter in
// its inputs saves the location, and nothing else.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react'
import { useSWRConfig } from 'swr'
import { checkLocationInput } from '../../../../hub/validation/location'
import { ApiError } from '../../api/client'
import { useHouseLocation } from '../../api/hooks'
import { keys, mutations } from '../../api/operations'
import { TextField } from '../../components/fields'
import {
  collectFieldErrors,
  errorMessage,
  fieldErrorFrom,
  type FieldErrors,
} from '../../forms/field-errors'
import { AlertIcon } from '../../shell/icons'
import { useToast } from '../../shell/toast'
import { locationText, pastedPair, typedCoordinate } from './location-text'
import { locationMessages as m } from './settings.messages'
import { useT } from '../../i18n/I18nProvider'
import type { Translate } from '../../i18n/translate'
import './house-location.css'

type Typed = { lat: string; lon: string }

/** The broken rules by field: each coordinate on its own, then the two together. */
function formErrors(
  lat: number | null,
  lon: number | null,
  known: boolean,
  t: Translate,
): FieldErrors {
  if (lat === null && lon === null && !known) {
    return { lat: t(m.typeBoth) }
  }
  return collectFieldErrors([
    () => lat !== null && checkLocationInput({ lat, lon: 0 }),
    () => lon !== null && checkLocationInput({ lat: 0, lon }),
    // Both or neither, whatever each number is.
    () => checkLocationInput({ lat: lat === null ? null : 0, lon: lon === null ? null : 0 }),
  ])
}

export function HouseLocation() {
  const { data: location, error } = useHouseLocation()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const t = useT()
  const lineId = useId()
  const hintId = useId()
  const box = useRef<HTMLDivElement>(null)
  const [editing, setEditing] = useState(false)
  const [typed, setTyped] = useState<Typed>({ lat: '', lon: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)
  // What to focus once the next render is in place: the latitude, the first field to fix, or Change.
  const [focus, setFocus] = useState<'latitude' | 'invalid' | 'change' | null>(null)

  useEffect(() => {
    if (!focus) return
    const selector = {
      latitude: 'input',
      invalid: 'input[aria-invalid="true"]',
      change: '.house-location-change',
    }[focus]
    box.current?.querySelector<HTMLElement>(selector)?.focus()
    setFocus(null)
  }, [focus])

  // Loading keeps a line's room, so the section does not jump; an error (403) shows nothing.
  if (location === undefined) {
    return error ? null : <div className="house-location house-location-loading" aria-busy="true" />
  }

  const { lat: knownLat, lon: knownLon } = location
  const known = knownLat !== null && knownLon !== null
  const formOpen = !location.fromEnvironment && (editing || !known)

  const close = () => {
    setEditing(false)
    setErrors({})
    setFormError('')
    setFocus('change')
  }

  const save = async () => {
    if (busy) return
    const lat = typedCoordinate(typed.lat)
    const lon = typedCoordinate(typed.lon)
    const found = formErrors(lat, lon, known, t)
    setErrors(found)
    setFormError('')
    if (Object.keys(found).length > 0) {
      setFocus('invalid')
      return
    }
    setBusy(true)
    try {
      const next = await mutations.houseLocationSet(lat, lon)
      await mutate(keys.houseLocation, next, { revalidate: false })
      // Sunrise and sunset triggers can be chosen once the hub knows it.
      void mutate(keys.hubStatus)
      toast(t(next.lat === null ? m.cleared : m.saved))
      close()
    } catch (err) {
      const atField = fieldErrorFrom(err)
      if (atField?.lat || atField?.lon) {
        setErrors(atField)
        setFocus('invalid')
      } else {
        setFormError(errorMessage(err))
        // 409: the hub's environment sets it now; show that.
        if (err instanceof ApiError && err.code === 409) void mutate(keys.houseLocation)
      }
    }
    setBusy(false)
  }

  const field = (name: keyof Typed) => ({
    value: typed[name],
    error: errors[name],
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setTyped((before) => ({ ...before, [name]: e.target.value }))
      setErrors(({ [name]: _, ...rest }) => rest)
    },
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
      // A form around it would take Enter as its own submit.
      if (e.key !== 'Enter') return
      e.preventDefault()
      void save()
    },
    // "52.52, 13.405" copied from a map app fills both fields.
    onPaste: (e: ClipboardEvent<HTMLInputElement>) => {
      const pair = pastedPair(e.clipboardData.getData('text'))
      if (!pair) return
      e.preventDefault()
      setTyped(pair)
      setErrors({})
    },
  })

  return (
    <div className="house-location" ref={box}>
      {knownLat !== null && knownLon !== null ? (
        <div className="house-location-known">
          <p className="house-location-line" id={lineId}>
            {t(m.standsAt, { place: locationText(knownLat, knownLon, t) })}
            {location.fromEnvironment && ', '}
            {location.fromEnvironment && (
              <span className="house-location-source">
                {t(m.setOnHub)} (<code>LAMELLA_LAT</code>, <code>LAMELLA_LON</code>)
              </span>
            )}
          </p>
          {!formOpen && !location.fromEnvironment && (
            <button
              type="button"
              className="house-location-change"
              aria-describedby={lineId}
              onClick={() => {
                setTyped({ lat: String(knownLat), lon: String(knownLon) })
                setEditing(true)
                setFocus('latitude')
              }}
            >
              {t(m.change)}
            </button>
          )}
        </div>
      ) : (
        <p className="banner banner-warning house-location-unknown">
          <AlertIcon />
          <span>{t(m.unknown)}</span>
        </p>
      )}
      {formOpen && (
        <div
          className="house-location-form"
          role="group"
          aria-label={t(m.form)}
          aria-describedby={hintId}
        >
          <div className="form-row">
            <TextField label={t(m.latitude)} placeholder="52.52" {...field('lat')} />
            <TextField label={t(m.longitude)} placeholder="13.405" {...field('lon')} />
          </div>
          <p className="field-hint" id={hintId}>
            {t(m.hint)}
          </p>
          <div className="house-location-actions">
            <button
              type="button"
              className="button button-quiet"
              disabled={busy}
              onClick={() => void save()}
            >
              {busy ? t(m.saving) : t(m.set)}
            </button>
            {known && (
              <button
                type="button"
                className="button button-quiet"
                aria-label={t(m.cancelChange)}
                onClick={close}
              >
                {t(m.cancel)}
              </button>
            )}
          </div>
        </div>
      )}
      {formError && (
        <p className="field-error" role="alert">
          {t(m.notSaved, { reason: formError })}
        </p>
      )}
    </div>
  )
}
