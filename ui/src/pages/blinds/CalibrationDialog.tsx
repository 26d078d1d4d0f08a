// Timing a blind's travel (admins), with the blind in view: run it down, then time it up and
// down, the person saying when it has arrived (blindCalibrate). The measured times are saved
// with blindUpdate, which keeps every other setting. Cancel, Escape, the close button or a tap
// beside the dialog stop a blind that is (or is being set) running, with a plain blindMove
// STOP: a calibration STOP would tell the hub the blind reached its end, which it has not.
// By keyboard the main button keeps focus from step to step (it is never disabled while its
// request is under way, which would drop focus to the page), so Enter walks the steps.
import { localNumber } from '../../i18n/intl-locale'
import { useT } from '../../i18n/I18nProvider'
import type { Translate } from '../../i18n/translate'
import { useEffect, useRef, useState } from 'react'
import { useSWRConfig } from 'swr'
import { checkTravelTime } from '../../../../hub/validation/blind'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { Dialog } from '../../components/Dialog'
import { errorMessage } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import { useHubTimeZone } from '../../time/HubTime'
import { useNow } from '../automation/time-left'
import { TRAVEL_SECONDS, formatTravelTime } from './blind-form'
import { STEPS, withMeasured, type CalibrationStep, type Measured } from './calibration'
import { calibrationMessages as m } from './blinds.messages'

interface Props {
  blind: Blind
  onClose: () => void
}

export function CalibrationDialog({ blind, onClose }: Props) {
  const t = useT()
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const timeZone = useHubTimeZone()
  const [step, setStep] = useState<CalibrationStep>('bring-down')
  const [measured, setMeasured] = useState<Measured>({ upMs: null, downMs: null })
  const [runningSince, setRunningSince] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const now = useNow(runningSince !== null)
  const plan = STEPS[step]
  const primary = useRef<HTMLButtonElement>(null)
  const again = useRef<HTMLButtonElement>(null)
  const firstStep = useRef(true)

  // Each new step puts focus on its main button (Save at the end, or Start again when a time
  // cannot be saved), where Enter goes on.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    if (primary.current?.disabled) again.current?.focus()
    else primary.current?.focus()
  }, [step])

  const act = async () => {
    if (!plan.action || busy) return
    setBusy(true)
    setError('')
    try {
      const answer = await mutations.blindCalibrate(blind.id, plan.action.direction)
      if (plan.action.direction === 'STOP') {
        setMeasured((m) => withMeasured(step, m, answer.measuredMs ?? 0))
        setRunningSince(null)
      } else {
        setRunningSince(Date.now())
      }
      setStep(plan.next)
    } catch (err) {
      setError(errorMessage(err, timeZone))
    } finally {
      setBusy(false)
    }
  }

  const skipToTiming = () => {
    setError('')
    setStep('time-up')
  }

  const startAgain = () => {
    setMeasured({ upMs: null, downMs: null })
    setError('')
    setStep('bring-down')
  }

  const cancel = async () => {
    // Busy: a run may be starting, or an "arrived" not yet heard; stopping is safe either way.
    if (plan.running || busy) {
      // A plain STOP: a calibration STOP would place the blind at an end it has not reached.
      await mutations.blindMove([blind.id], 'STOP').catch((err: unknown) => {
        toast(t(m.mayStillMove, { name: blind.name, reason: errorMessage(err) }), 'error')
      })
    }
    onClose()
  }

  const problem = step === 'done' ? measuredProblem(measured, t) : null
  /** What is saved now; a guess is said to be one. */
  const savedText = (ms: number) =>
    blind.travelTimeKnown ? formatTravelTime(ms) : t(m.guessed, { time: formatTravelTime(ms) })
  const save = async () => {
    if (measured.upMs === null || measured.downMs === null || problem || busy) return
    setBusy(true)
    setError('')
    try {
      await mutations.blindUpdate(blind.id, {
        travelTimeUpMs: measured.upMs,
        travelTimeDownMs: measured.downMs,
      })
      void mutate(staleAfterChangeOf('blind'))
      toast(t(m.saved, { name: blind.name }))
      onClose()
    } catch (err) {
      setError(errorMessage(err))
      setBusy(false)
    }
  }

  return (
    <Dialog
      title={t(m.title, { name: blind.name })}
      onClose={() => void cancel()}
      actions={
        <>
          <button type="button" className="button button-quiet" onClick={() => void cancel()}>
            {t(m.cancel)}
          </button>
          {step === 'done' ? (
            <button
              key="save"
              ref={primary}
              type="button"
              className="button button-primary"
              disabled={problem !== null}
              aria-disabled={busy || undefined}
              onClick={() => void save()}
            >
              {busy ? t(m.saving) : t(m.save)}
            </button>
          ) : (
            <button
              key="action"
              ref={primary}
              type="button"
              className="button button-primary"
              aria-disabled={busy || undefined}
              onClick={() => void act()}
            >
              {plan.action && t(plan.action.label)}
            </button>
          )}
        </>
      }
    >
      <div className="calibration">
        <div aria-live="polite" className="calibration-step">
          <h3>{t(plan.title)}</h3>
          <p>{t(plan.instruction, { name: blind.name })}</p>
        </div>
        {runningSince !== null && (
          <p className="calibration-clock" aria-hidden="true">
            {formatTravelTime(Math.max(0, Math.floor((now - runningSince) / 1000)) * 1000)}
          </p>
        )}
        <table className="calibration-times">
          <thead>
            <tr>
              <td />
              <th scope="col">{t(m.measured)}</th>
              <th scope="col">{t(m.savedNow)}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t(m.up)}</th>
              <td>{measured.upMs === null ? '–' : formatMeasured(measured.upMs)}</td>
              <td>{savedText(blind.travelTimeUpMs)}</td>
            </tr>
            <tr>
              <th scope="row">{t(m.down)}</th>
              <td>{measured.downMs === null ? '–' : formatMeasured(measured.downMs)}</td>
              <td>{savedText(blind.travelTimeDownMs)}</td>
            </tr>
          </tbody>
        </table>
        {step === 'bring-down' && (
          <button type="button" className="button button-quiet" onClick={skipToTiming}>
            {t(m.alreadyDown)}
          </button>
        )}
        {step === 'done' && (
          <button ref={again} type="button" className="button button-quiet" onClick={startAgain}>
            {t(m.startAgain)}
          </button>
        )}
        <p role="alert" className="form-error">
          {problem ?? error}
        </p>
      </div>
    </Dialog>
  )
}

/** "24.3 s": a person's press is good to a tenth of a second, no finer. */
function formatMeasured(ms: number): string {
  return `${localNumber(ms / 1000, { maxDigits: 1 })} s`
}

/** A time the hub would refuse, said in seconds; null when both are fine. */
function measuredProblem({ upMs, downMs }: Measured, t: Translate): string | null {
  for (const [way, ms] of [
    ['up', upMs],
    ['down', downMs],
  ] as const) {
    try {
      checkTravelTime(way, ms ?? NaN)
    } catch {
      const problem = way === 'up' ? m.wayUpProblem : m.wayDownProblem
      return t(problem, { time: formatMeasured(ms ?? 0), ...TRAVEL_SECONDS })
    }
  }
  return null
}
