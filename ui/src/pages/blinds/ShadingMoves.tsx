// A blind's latest shading moves in its dialog (under a summary that names them): when, why
// ("Sun in front", "Bright", "Ended") and from where to where, times in the hub's time zone.
import { useShadingMoves } from '../../api/hooks'
import type { ShadingMove } from '../../api/types'
import { positionText } from '../../position/position-words'
import { reasonWords } from '../../shading/shading-words'
import { HubTime } from '../../time/HubTime'

const where = (position: number | null) => positionText(position)

export function ShadingMoveLine({ move }: { move: ShadingMove }) {
  return (
    <li className="shading-move">
      <HubTime at={move.at} />
      <span className="shading-move-reason">{reasonWords(move.reason)}</span>
      <span className="muted">
        {where(move.fromPosition)} → {where(move.toPosition)}
      </span>
    </li>
  )
}

export function ShadingMoves({ blindId }: { blindId: string }) {
  const { data: moves, error } = useShadingMoves(blindId)
  return (
    <div className="shading-moves">
      {error && !moves && <p className="muted">Could not load them: {error.message}</p>}
      {moves && moves.length === 0 && <p className="muted">None yet.</p>}
      {moves && moves.length > 0 && (
        <ol className="shading-move-list" aria-label="Recent shading moves">
          {moves.map((move) => (
            <ShadingMoveLine key={move.id} move={move} />
          ))}
        </ol>
      )}
    </div>
  )
}
