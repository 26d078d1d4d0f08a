// The relay bus's trouble, said the same way on Home and on the Blinds page: one sentence a
// person understands (hub/bus/bus-problem.ts), the hub's raw report in a details line, and
// for an offline bus that blinds cannot move. Its state is the cached hubStatus, which
// LiveUpdates patches on every `bus:status` push, so the notice comes and goes live.
import { useT } from '../i18n/I18nProvider'
import { blindCardMessages as m } from './components.messages'
import { useHubStatus } from '../api/hooks'
import { busProblem, type BusProblem } from '../../../hub/bus/bus-problem'
import { AlertIcon } from '../shell/icons'
import './BusNotice.css'

/** What is wrong with the bus now, or null while it is fine or its state is not known. */
export function useBusProblem(): BusProblem | null {
  const { data: status } = useHubStatus()
  return status ? busProblem(status.bus) : null
}

interface Props {
  problem: BusProblem | null
  /** The id of the sentence saying why, for the move buttons' aria-describedby. */
  reasonId: string
}

export function BusNotice({ problem, reasonId }: Props) {
  const t = useT()
  if (!problem) return null
  return (
    <div className="banner banner-warning bus-notice" role="status">
      <AlertIcon />
      <div className="bus-notice-text">
        <p id={reasonId}>
          {problem.offline && <strong>{t(m.busOffline)} </strong>}
          {problem.sentence}
        </p>
        {problem.detail && (
          <details>
            <summary>{t(m.details)}</summary>
            <code>{problem.detail}</code>
          </details>
        )}
      </div>
    </div>
  )
}
