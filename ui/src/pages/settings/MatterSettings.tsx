// Matter on the settings page (ARCHITECTURE.md section 14): the pairing QR code and manual
// code while no app is paired (or while another may pair), the paired apps, "Allow another app
// to pair" and "Forget all pairings" after asking. With Matter off it says how to turn it on.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { groupedCode, MATTER_KEY, matterMutations, useMatter } from '../../api/matter'
import type { MatterStatus } from '../../api/matter'
import { ConfirmDialog } from '../../components/Dialog'
import { errorMessage } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import { QrCode } from './QrCode'
import { SettingsSection } from './SettingsSection'

export function MatterSettings() {
  const { data: matter, error } = useMatter()
  return (
    <SettingsSection
      title="Apple Home, Google Home, Alexa (Matter)"
      description="Every blind in your phone’s home app and its voice assistant, on your own network, without a cloud."
      className="matter-settings"
    >
      {error && !matter && (
        <p className="field-error">Could not load Matter: {errorMessage(error)}</p>
      )}
      {matter && !matter.enabled && (
        <p className="settings-off">
          Off. Start the hub with <code>LAMELLA_MATTER=1</code> to pair it with a home app.
        </p>
      )}
      {matter?.enabled && matter.manualPairingCode === null && (
        <p className="settings-off">Starting the bridge…</p>
      )}
      {matter?.enabled && matter.manualPairingCode !== null && <MatterPairing matter={matter} />}
    </SettingsSection>
  )
}

function MatterPairing({ matter }: { matter: MatterStatus }) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  // After "Allow another app to pair", the codes show again until the window closes.
  const [windowOpen, setWindowOpen] = useState(false)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)

  const openPairing = async () => {
    setBusy(true)
    try {
      const next = await matterMutations.openPairing()
      await mutate(MATTER_KEY, next, { revalidate: false })
      setWindowOpen(true)
      toast('Another app may pair for 15 minutes')
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
    setBusy(false)
  }

  const forget = async () => {
    setBusy(true)
    try {
      const next = await matterMutations.forgetPairings()
      await mutate(MATTER_KEY, next, { revalidate: false })
      setWindowOpen(false)
      toast('Every pairing forgotten')
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
    setBusy(false)
    setAsking(false)
  }

  const showCodes = !matter.commissioned || windowOpen
  return (
    <>
      {matter.commissioned && (
        <div className="matter-paired">
          <h3>Paired with</h3>
          <ul className="matter-fabrics">
            {matter.fabrics.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {showCodes && matter.qrCodeRows && matter.manualPairingCode && (
        <div className="matter-codes">
          <QrCode rows={matter.qrCodeRows} label="Matter pairing QR code" />
          <div className="matter-steps">
            <p className="settings-state">
              {matter.commissioned ? 'Open for another app for 15 minutes' : 'Ready to pair'}
            </p>
            <ol>
              <li>In your home app, choose Add device (or Add accessory), then Matter.</li>
              <li>Scan this code, or type the manual code:</li>
            </ol>
            <p className="matter-manual-code" aria-label="Manual pairing code">
              {groupedCode(matter.manualPairingCode)}
            </p>
            <p className="muted matter-hint">Your phone must be on the same network as the hub.</p>
          </div>
        </div>
      )}
      {matter.commissioned && (
        <div className="matter-actions">
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={() => void openPairing()}
          >
            Allow another app to pair
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            Forget all pairings
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title="Forget all pairings?"
          message="Every home app loses the blinds, with their rooms, scenes and automations there. You can pair again with the code shown here."
          confirmLabel="Forget all"
          busy={busy}
          onConfirm={() => void forget()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
