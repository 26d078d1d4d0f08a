// The favourite toggle and the run button, as the list and the edit page show them.
import { blindCardMessages } from '../../components/components.messages'
import { useT } from '../../i18n/I18nProvider'
import { useState } from 'react'
import { PlayIcon, StarIcon } from '../../shell/icons'
import { useAutomationActions } from './automation-actions'
import { automationActionMessages as m } from './automation.messages'

interface Props {
  automation: { id: string; name: string; isFavorite: boolean }
}

export function FavoriteToggle({ automation }: Props) {
  const { setFavorite } = useAutomationActions()
  const t = useT()
  const label = t(blindCardMessages.favourite, { name: automation.name })
  return (
    <button
      type="button"
      className="icon-button favorite"
      aria-pressed={automation.isFavorite}
      aria-label={label}
      title={t(
        automation.isFavorite ? blindCardMessages.removeFavourite : blindCardMessages.addFavourite,
      )}
      onClick={() => void setFavorite(automation, !automation.isFavorite)}
    >
      <StarIcon filled={automation.isFavorite} />
    </button>
  )
}

/**
 * An icon button in the list, a labelled button on the edit page. With `ask`, a click asks
 * first (the editor holds unsaved changes) and `starting` tells while a run is being started.
 */
export function RunButton({
  automation,
  labelled = false,
  disabled = false,
  ask,
  starting: startingElsewhere = false,
}: Props & { labelled?: boolean; disabled?: boolean; ask?: () => void; starting?: boolean }) {
  const { run } = useAutomationActions()
  const [startingHere, setStarting] = useState(false)
  const t = useT()
  const starting = startingHere || startingElsewhere
  const start = async () => {
    if (ask) return ask()
    setStarting(true)
    await run(automation)
    setStarting(false)
  }
  if (labelled) {
    return (
      <button
        type="button"
        className="button button-primary"
        disabled={starting || disabled}
        title={disabled ? t(m.runningNow) : undefined}
        onClick={() => void start()}
      >
        <PlayIcon />
        <span>{t(starting ? m.starting : m.runNow)}</span>
      </button>
    )
  }
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t(m.run, { name: automation.name })}
      title={t(m.runNowNamed, { name: automation.name })}
      disabled={starting}
      onClick={() => void start()}
    >
      <PlayIcon />
    </button>
  )
}
