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
import { useT } from '../../i18n/I18nProvider'
import { matterMessages as m } from './settings.messages'

export function MatterSettings() {
  const { data: matter, error } = useMatter()
  const t = useT()
  return (
    <SettingsSection title={t(m.title)} description={t(m.description)} className="matter-settings">
      {error && !matter && (
        <p className="field-error">{t(m.notLoaded, { reason: errorMessage(error) })}</p>
      )}
      {matter && !matter.enabled && (
        <p className="settings-off">
          {t(m.offStart)} <code>LAMELLA_MATTER=1</code>
          {t(m.offToPair)}
        </p>
      )}
      {matter?.enabled && matter.manualPairingCode === null && (
        <p className="settings-off">{t(m.starting)}</p>
      )}
      {matter?.enabled && matter.manualPairingCode !== null && <MatterPairing matter={matter} />}
    </SettingsSection>
  )
}

function MatterPairing({ matter }: { matter: MatterStatus }) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const t = useT()
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
      toast(t(m.windowOpened))
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
      toast(t(m.forgotten))
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
          <h3>{t(m.pairedWith)}</h3>
          <ul className="matter-fabrics">
            {matter.fabrics.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        </div>
      )}
      {showCodes && matter.qrCodeRows && matter.manualPairingCode && (
        <div className="matter-codes">
          <QrCode rows={matter.qrCodeRows} label={t(m.qrLabel)} />
          <div className="matter-steps">
            <p className="settings-state">
              {matter.commissioned ? t(m.openForAnother) : t(m.ready)}
            </p>
            <ol>
              <li>{t(m.stepAdd)}</li>
              <li>{t(m.stepScan)}</li>
            </ol>
            <p className="matter-manual-code" aria-label={t(m.manualCode)}>
              {groupedCode(matter.manualPairingCode)}
            </p>
            <p className="muted matter-hint">{t(m.sameNetwork)}</p>
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
            {t(m.allowAnother)}
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={() => setAsking(true)}
          >
            {t(m.forgetAll)}
          </button>
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t(m.forgetTitle)}
          message={t(m.forgetMessage)}
          confirmLabel={t(m.forgetConfirm)}
          busy={busy}
          onConfirm={() => void forget()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}
