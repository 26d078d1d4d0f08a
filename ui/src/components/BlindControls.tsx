// One blind as a list row, the same on Home and on the Blinds page: its name, a live motion
// chip, the favourite star and the Up / Stop / Down buttons. Motion comes from the blindList
// cache, which LiveUpdates patches on every `blind:motion`, so the chip follows the relays
// whoever moved them. Pages add their own details and actions through `meta` and `children`.
import type { ReactNode } from 'react'
import { useSWRConfig } from 'swr'
import { staleAfterChangeOf } from '../api/cache-keys'
import { keys, mutations } from '../api/operations'
import type { Blind, Direction, Motion } from '../api/types'
import { errorMessage } from '../forms/field-errors'
import { DownIcon, StarIcon, StopIcon, UpIcon } from '../shell/icons'
import { useToast } from '../shell/toast'
import './BlindControls.css'

const MOTION_LABEL: Record<Exclude<Motion, 'IDLE'>, string> = {
  MOVING_UP: 'Moving up',
  MOVING_DOWN: 'Moving down',
}

export function MotionChip({ motion }: { motion: Motion }) {
  if (motion === 'IDLE') return null
  return <span className="chip chip-moving">{MOTION_LABEL[motion]}</span>
}

function patchBlinds(list: Blind[] | undefined, changed: (Partial<Blind> & Pick<Blind, 'id'>)[]) {
  return list?.map((blind) => {
    const update = changed.find((c) => c.id === blind.id)
    return update ? { ...blind, ...update } : blind
  })
}

/** Moving and starring a blind, with failures (such as 503 bus offline) in the toast. */
function useBlindCommands(blind: Blind) {
  const { mutate } = useSWRConfig()
  const toast = useToast()

  const move = async (direction: Direction) => {
    try {
      const moved = await mutations.blindMove([blind.id], direction)
      // The answer already carries the new motion; the `blind:motion` push may come later.
      const motions = moved.map(({ id, motion }) => ({ id, motion }))
      void mutate<Blind[]>(keys.blindList, (list) => patchBlinds(list, motions), {
        revalidate: false,
      })
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
  }

  const toggleFavorite = async () => {
    const favorite = !blind.isFavorite
    const starred = (list: Blind[] | undefined) =>
      patchBlinds(list, [{ id: blind.id, isFavorite: favorite }])
    try {
      // The star turns at once and turns back if the hub refuses.
      await mutate<Blind[], unknown>(
        keys.blindList,
        mutations.setFavoriteBlind(blind.id, favorite),
        {
          optimisticData: (list) => starred(list) ?? [],
          populateCache: (_, list) => starred(list) ?? [],
          rollbackOnError: true,
          revalidate: false,
        },
      )
      void mutate(staleAfterChangeOf('blind'))
    } catch (err) {
      toast(errorMessage(err), 'error')
    }
  }

  return { move, toggleFavorite }
}

interface Props {
  blind: Blind
  /** Extra details under the name, such as the relay addresses. */
  meta?: ReactNode
  /** Extra actions after the move buttons, such as edit and delete. */
  children?: ReactNode
  /**
   * While blinds cannot move (the bus is offline): the id of the text saying why. The move
   * buttons are then disabled and described by it, as a press could only fail.
   */
  moveBlockedBy?: string | null
}

export function BlindRow({ blind, meta, children, moveBlockedBy }: Props) {
  const { move, toggleFavorite } = useBlindCommands(blind)
  const { name } = blind
  const blocked = {
    disabled: !!moveBlockedBy,
    'aria-describedby': moveBlockedBy ?? undefined,
  }
  const tip = (action: string) =>
    moveBlockedBy ? `${action}: not while the bus is offline` : action
  return (
    <li className="blind-row">
      <button
        type="button"
        className="icon-button favorite"
        aria-pressed={blind.isFavorite}
        aria-label={`Favourite ${name}`}
        title={blind.isFavorite ? 'Remove from favourites' : 'Add to favourites'}
        onClick={() => void toggleFavorite()}
      >
        <StarIcon filled={blind.isFavorite} />
      </button>
      <div className="list-main">
        <div className="blind-row-title">
          <span className="list-title">{name}</span>
          <MotionChip motion={blind.motion} />
        </div>
        {meta && <div className="list-meta">{meta}</div>}
      </div>
      <div className="list-actions blind-row-actions">
        <div className="blind-move" role="group" aria-label={`Move ${name}`}>
          <button
            type="button"
            className="icon-button"
            aria-label={`Up ${name}`}
            title={tip('Up')}
            {...blocked}
            data-active={blind.motion === 'MOVING_UP' || undefined}
            onClick={() => void move('UP')}
          >
            <UpIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Stop ${name}`}
            title={tip('Stop')}
            {...blocked}
            onClick={() => void move('STOP')}
          >
            <StopIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Down ${name}`}
            title={tip('Down')}
            {...blocked}
            data-active={blind.motion === 'MOVING_DOWN' || undefined}
            onClick={() => void move('DOWN')}
          >
            <DownIcon />
          </button>
        </div>
        {children}
      </div>
    </li>
  )
}
