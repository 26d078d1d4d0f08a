// The blinds a blind-control scene moves: for each blind an "up" and a "down" checkbox whose
// value is that blind's relay address. One blind moves one way per scene (the hub refuses
// both relays of one blind together), so ticking one side clears the other. Addresses that
// match no blind stay listed, so editing an automation never hides what it drives.
import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'
import type { Blind } from '../../api/types'
import { DownIcon, UpIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { useT } from '../../i18n/I18nProvider'
import { pickerMessages as m } from './automation.messages'
import { aroundLink } from './link-text'

interface Props {
  addresses: string[]
  /** Undefined while the blinds load. */
  blinds: Blind[] | undefined
  onChange: (addresses: string[]) => void
  error: string | undefined
}

export function BlindAddressPicker({ addresses, blinds, onChange, error }: Props) {
  const id = useId()
  const t = useT()
  const [beforeLink, afterLink] = aroundLink(t, m.noBlinds, 'link')
  const selected = new Set(addresses)
  const known = new Set(blinds?.flatMap((b) => [b.blindAddressUp, b.blindAddressDown]) ?? [])
  const unknown = blinds ? addresses.filter((a) => !known.has(a)) : []

  const tick = (address: string, on: boolean, opposite?: string) =>
    onChange(
      on
        ? [...addresses.filter((a) => a !== opposite && a !== address), address]
        : addresses.filter((a) => a !== address),
    )

  return (
    <div className={`field address-picker${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {t(m.blindsToMove)}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        data-invalid={error ? true : undefined}
      >
        {!blinds && <InlineSpinner label={t(m.loading)} />}
        {blinds && blinds.length === 0 && unknown.length === 0 && (
          <p className="muted">
            {beforeLink}
            <Link href="/blinds">{t(m.addBlinds)}</Link>
            {afterLink}
          </p>
        )}
        {blinds && (blinds.length > 0 || unknown.length > 0) && (
          <ul className="address-list">
            {blinds.map((blind) => (
              <li key={blind.id} className="address-row">
                <span className="address-blind">{blind.name}</span>
                <span className="address-sides">
                  <SideToggle
                    label={t(m.blindUp, { name: blind.name })}
                    text={t(m.up)}
                    icon={<UpIcon />}
                    checked={selected.has(blind.blindAddressUp)}
                    onChange={(on) => tick(blind.blindAddressUp, on, blind.blindAddressDown)}
                  />
                  <SideToggle
                    label={t(m.blindDown, { name: blind.name })}
                    text={t(m.down)}
                    icon={<DownIcon />}
                    checked={selected.has(blind.blindAddressDown)}
                    onChange={(on) => tick(blind.blindAddressDown, on, blind.blindAddressUp)}
                  />
                </span>
              </li>
            ))}
            {unknown.map((address) => (
              <li key={address} className="address-row address-unknown">
                <label className="toggle-pill">
                  <input
                    type="checkbox"
                    checked
                    onChange={(e) => tick(address, e.target.checked)}
                  />
                  <span>{t(m.unknownAddress, { address })}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error ? (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : (
        <div className="field-hint" id={`${id}-hint`}>
          {t(m.tickHint)}
          {unknown.length > 0 && ` ${t(m.unknownHint)}`}
        </div>
      )}
    </div>
  )
}

interface SideToggleProps {
  label: string
  text: string
  icon: ReactNode
  checked: boolean
  onChange: (on: boolean) => void
}

function SideToggle({ label, text, icon, checked, onChange }: SideToggleProps) {
  return (
    <label className="toggle-pill">
      {/* The visible text is short; the name says which blind, as a screen reader needs. */}
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {icon}
      <span>{text}</span>
    </label>
  )
}
