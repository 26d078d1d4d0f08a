// Under a run, the blinds its steps left out because weather protection held them: "Skipped:
// Terrace (wind alarm, wind 14.2 m/s over the limit of 10 m/s; it may lift at 14:32)". The
// run went on with the other blinds.
import { useBlindList } from '../../api/hooks'
import type { RunSkip } from '../../api/weather-types'
import { useT } from '../../i18n/I18nProvider'
import { runHistoryMessages as m } from './automation.messages'

/** Why, without the blind's name and what it may do that the hub's message starts with. */
function why(reason: string, name: string | undefined): string {
  const colon = reason.indexOf(': ')
  return name && reason.startsWith(`${name} `) && colon > 0 ? reason.slice(colon + 2) : reason
}

export function RunSkips({ skipped }: { skipped: readonly RunSkip[] }) {
  const { data: blinds } = useBlindList()
  const t = useT()
  if (skipped.length === 0) return null
  return (
    <ul className="run-skips">
      {skipped.map((skip) => {
        const name = blinds?.find((b) => b.id === skip.blindId)?.name
        return (
          <li key={`${skip.sceneIndex}-${skip.blindId}`}>
            {t(m.skipped, { name: name ?? t(m.aBlind), reason: why(skip.reason, name) })}
          </li>
        )
      })}
    </ul>
  )
}
