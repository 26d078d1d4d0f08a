// When an automation runs next, as the list and the edit page say it: "Next run Tomorrow 07:00",
// or while its schedule rests, why and when it would run ("Paused: holiday mode · would run
// Thu 07:00"), so a paused schedule never looks like a broken one.
import { nextRunMessages } from './automation.messages'
import { useT } from '../../i18n/I18nProvider'
import type { AutomationSummary } from '../../api/types'
import { HubTime } from '../../time/HubTime'
import './next-run.css'

const m = nextRunMessages

type Schedule = Pick<AutomationSummary, 'nextRunAt' | 'wouldRunAt' | 'schedulePause'>

/** The time alone, as the edit page's "Next run" line shows it; null when there is none. */
export function NextRunValue({ automation }: { automation: Schedule }) {
  const { nextRunAt, wouldRunAt, schedulePause } = automation
  const t = useT()
  if (schedulePause === 'HOLIDAY') {
    return (
      <span className="schedule-paused">
        {t(m.pausedHoliday)}
        {wouldRunAt && (
          <>
            {' '}
            ·{' '}
            <span className="would-run">
              {t(m.wouldRun)} <HubTime at={wouldRunAt} />
            </span>
          </>
        )}
      </span>
    )
  }
  if (schedulePause === 'CLOCK') {
    return <span className="schedule-paused">{t(m.pausedClock)}</span>
  }
  return nextRunAt ? <HubTime at={nextRunAt} /> : null
}

/** The list's line: "Next run Tomorrow 07:00", or why it rests; nothing without a schedule. */
export function NextRunLine({ automation }: { automation: Schedule }) {
  const t = useT()
  if (automation.schedulePause) return <NextRunValue automation={automation} />
  if (!automation.nextRunAt) return null
  return (
    <span>
      {t(m.nextRun)} <HubTime at={automation.nextRunAt} />
    </span>
  )
}
