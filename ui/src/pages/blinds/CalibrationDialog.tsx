// Timing a blind's travel (admins), with the blind in view: run it down, then time it up and
// down, the person saying when it has arrived (blindCalibrate). The measured times are saved
// with blindUpdate, every other setting kept. Cancel, Escape or the close button stop a blind
// that is still running, with a plain STOP: the blind is not at an end then.
import { useState } from 'react'
import { useSWRConfig } from 'swr'
import { checkTravelTime } from '../../../../hub/validation/blind'
import { staleAfterChangeOf } from '../../api/cache-keys'
import { mutations } from '../../api/operations'
import type { Blind } from '../../api/types'
import { Dialog } from '../../components/Dialog'
import { errorMessage } from '../../forms/field-errors'
import { useToast } from '../../shell/toast'
import { useNow } from '../automation/time-left'
import { TRAVEL_SECONDS, blindInputOf, formatTravelTime } from './blind-form'
import { STEPS, withMeasured, type CalibrationStep, type Measured } from './calibration'

interface Props {
  blind: Blind
  onClose: () => void
}

export function CalibrationDialog({ blind, onClose }: Props) {
  const { mutate } = useSWRConfig()
  const toast = useToast()
  const [step, setStep] = useState<CalibrationStep>('bring-down')
  const [measured, setMeasured] = useState<Measured>({ upMs: null, downMs: null })
  const [runningSince, setRunningSince] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const now = useNow(runningSince !== null)
  const plan = STEPS[step]

  const act = async () => {
    if (!plan.action) return
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
      setError(errorMessage(err))
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
    if (plan.running) {
      // A plain STOP: a calibration STOP would place the blind at an end it has not reached.
      await mutations.blindMove([blind.id], 'STOP').catch((err: unknown) => {
        toast(`${blind.name} may still be moving: ${errorMessage(err)}`, 'error')
      })
    }
    onClose()
  }

  const problem = step === 'done' ? measuredProblem(measured) : null
  const save = async () => {
    if (measured.upMs === null || measured.downMs === null || problem) return
    setBusy(true)
    setError('')
    try {
      await mutations.blindUpdate(blind.id, {
        ...blindInputOf(blind),
        travelTimeUpMs: measured.upMs,
        travelTimeDownMs: measured.downMs,
      })
      void mutate(staleAfterChangeOf('blind'))
      toast(`Travel times of ${blind.name} saved`)
      onClose()
    } catch (err) {
      setError(errorMessage(err))
      setBusy(false)
    }
  }

  return (
    <Dialog
      title={`Calibrate ${blind.name}`}
      onClose={() => void cancel()}
      actions={
        <>
          <button type="button" className="button button-quiet" onClick={() => void cancel()}>
            Cancel
          </button>
          {step === 'done' ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy || problem !== null}
              onClick={() => void save()}
            >
              {busy ? 'Saving…' : 'Save'}
            </button>
          ) : (
            <button
              key="action"
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => void act()}
            >
              {plan.action?.label}
            </button>
          )}
        </>
      }
    >
      <div className="calibration">
        <div aria-live="polite" className="calibration-step">
          <h3>{plan.title}</h3>
          <p>{plan.instruction(blind.name)}</p>
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
              <th scope="col">Measured</th>
              <th scope="col">Saved now</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Up</th>
              <td>{measured.upMs === null ? '–' : formatMeasured(measured.upMs)}</td>
              <td>{formatTravelTime(blind.travelTimeUpMs)}</td>
            </tr>
            <tr>
              <th scope="row">Down</th>
              <td>{measured.downMs === null ? '–' : formatMeasured(measured.downMs)}</td>
              <td>{formatTravelTime(blind.travelTimeDownMs)}</td>
            </tr>
          </tbody>
        </table>
        {step === 'bring-down' && (
          <button type="button" className="button button-quiet" onClick={skipToTiming}>
            It is already down
          </button>
        )}
        {step === 'done' && (
          <button type="button" className="button button-quiet" onClick={startAgain}>
            Start again
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
  return `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(ms / 1000)} s`
}

/** A time the hub would refuse, said in seconds; null when both are fine. */
function measuredProblem({ upMs, downMs }: Measured): string | null {
  for (const [way, ms] of [
    ['up', upMs],
    ['down', downMs],
  ] as const) {
    try {
      checkTravelTime(way, ms ?? NaN)
    } catch {
      return `The way ${way} took ${formatMeasured(ms ?? 0)}; a travel time must be ${TRAVEL_SECONDS.min} to ${TRAVEL_SECONDS.max} s. Start again.`
    }
  }
  return null
}
