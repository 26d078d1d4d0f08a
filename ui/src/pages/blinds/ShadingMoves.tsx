// A blind's latest shading moves in its dialog (under a summary that names them): when, why
// ("Sun in front", "Bright", "Ended") and from where to where, times in the hub's time zone.
import { useShadingMoves } from '../../api/hooks'
import type { ShadingMove } from '../../api/types'
import { positionText } from '../../position/position-words'
import { reasonWords } from '../../shading/shading-words'
import { HubTime } from '../../time/HubTime'
import { useT } from '../../i18n/I18nProvider'
import { blindsMessages as m } from './blinds.messages'

export function ShadingMoveLine({ move }: { move: ShadingMove }) {
  const t = useT()
  const where = (position: number | null) => positionText(position, t)
  return (
    <li className="shading-move">
      <HubTime at={move.at} />
      <span className="shading-move-reason">{reasonWords(move.reason, t)}</span>
      <span className="muted">
        {where(move.fromPosition)} → {where(move.toPosition)}
      </span>
    </li>
  )
}

export function ShadingMoves({ blindId }: { blindId: string }) {
  const t = useT()
  const { data: moves, error } = useShadingMoves(blindId)
  return (
    <div className="shading-moves">
      {error && !moves && <p className="muted">{t(m.movesNotLoaded, { reason: error.message })}</p>}
      {moves && moves.length === 0 && <p className="muted">{t(m.noMovesYet)}</p>}
      {moves && moves.length > 0 && (
        <ol className="shading-move-list" aria-label={t(m.recentMoves)}>
          {moves.map((move) => (
            <ShadingMoveLine key={move.id} move={move} />
          ))}
        </ol>
      )}
    </div>
  )
}
