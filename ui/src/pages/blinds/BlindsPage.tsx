// /blinds: every blind this user may move (admins: all; others: those assigned to them),
// grouped by room, each with its position live, Up / Stop / Down for a room and for the whole
// house, favourites, the bus's trouble if it has any, and for admins add / edit / calibrate /
// delete, and a word on each blind whose travel times are only guessed. Relay addresses and
// travel times stay in the blind's dialog, not on every card.
import { useId, useState } from 'react'
import { useBlindList, useWhoAmI } from '../../api/hooks'
import type { Blind } from '../../api/types'
import { BlindCard } from '../../components/BlindCard'
import { BusNotice, useBusProblem } from '../../components/BusNotice'
import { MoveButtons } from '../../components/MoveButtons'
import { errorMessage } from '../../forms/field-errors'
import { BlindsIcon, DeleteIcon, EditIcon, PlusIcon, TimerIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { BlindFormDialog } from './BlindFormDialog'
import { CalibrationDialog } from './CalibrationDialog'
import { DeleteBlindDialog } from './DeleteBlindDialog'
import { groupByRoom, roomNames } from './rooms'
import { RoomSection } from './RoomSection'
import './blinds.css'

type Editing = { blind: Blind | null } | null

export default function BlindsPage() {
  const { data: me } = useWhoAmI()
  const { data: blinds, error, isLoading, mutate } = useBlindList()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<Blind | null>(null)
  const [calibrating, setCalibrating] = useState<Blind | null>(null)
  const isAdmin = me?.isAdmin ?? false
  const groups = groupByRoom(blinds ?? [])
  const withRooms = groups.some((g) => g.room !== null)
  const moving = (blinds ?? []).filter((b) => b.motion !== 'IDLE').length
  // As on Home: what is wrong with the bus, and no move button that could only fail.
  const bus = useBusProblem()
  const busReasonId = useId()
  const blockedBy = bus?.offline ? busReasonId : null

  const card = (blind: Blind) => (
    <BlindCard
      key={blind.id}
      blind={blind}
      // Under the room's heading, or straight under the page's.
      headingLevel={withRooms ? 3 : 2}
      moveBlockedBy={blockedBy}
      meta={
        isAdmin &&
        !blind.travelTimeKnown && (
          <span className="travel-guess-line">Travel times guessed, not measured: calibrate</span>
        )
      }
    >
      {isAdmin && (
        <div className="blind-admin-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit ${blind.name}`}
            title="Edit"
            onClick={() => setEditing({ blind })}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Calibrate ${blind.name}`}
            title="Time its travel"
            onClick={() => setCalibrating(blind)}
          >
            <TimerIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Delete ${blind.name}`}
            title="Delete"
            onClick={() => setDeleting(blind)}
          >
            <DeleteIcon />
          </button>
        </div>
      )}
    </BlindCard>
  )

  return (
    <section className="page">
      <header className="page-header">
        <div className="page-title">
          <h1>Blinds</h1>
          {blinds && blinds.length > 0 && (
            <p className="muted">
              {countText(blinds.length)}
              {moving > 0 && ` · ${moving} moving`}
            </p>
          )}
        </div>
        {isAdmin && (
          <div className="page-header-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => setEditing({ blind: null })}
            >
              <PlusIcon />
              Add blind
            </button>
          </div>
        )}
      </header>
      <BusNotice problem={bus} reasonId={busReasonId} />
      {error && !blinds && (
        <div className="banner banner-error" role="alert">
          <span>Could not load the blinds: {errorMessage(error)}</span>
          <button type="button" className="button button-quiet" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      )}
      {isLoading && !blinds && <InlineSpinner label="Loading blinds" />}
      {blinds && blinds.length === 0 && (
        <div className="card empty-state">
          <BlindsIcon />
          {isAdmin ? (
            <>
              <h2>No blinds yet</h2>
              <p>Add a blind with the relay addresses that move it up and down.</p>
              <button
                type="button"
                className="button button-primary"
                onClick={() => setEditing({ blind: null })}
              >
                <PlusIcon />
                Add your first blind
              </button>
            </>
          ) : (
            <>
              <h2>No blinds</h2>
              <p>No blinds are assigned to you yet. Ask an admin.</p>
            </>
          )}
        </div>
      )}
      {blinds && blinds.length > 1 && (
        <div className="house-bar">
          <span className="house-bar-label">All blinds</span>
          <MoveButtons
            ids={groups.flatMap((g) => g.blinds.map((b) => b.id))}
            groupLabel="Move all blinds"
            labelFor={(action) => `${action} all blinds`}
            blockedBy={blockedBy}
            withText
          />
        </div>
      )}
      {groups.map((group) => (
        <RoomSection
          key={group.room ?? ''}
          group={group}
          headed={withRooms}
          blockedBy={blockedBy}
          card={card}
        />
      ))}
      {editing && (
        <BlindFormDialog
          blind={editing.blind}
          rooms={roomNames(blinds ?? [])}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && <DeleteBlindDialog blind={deleting} onClose={() => setDeleting(null)} />}
      {calibrating && (
        <CalibrationDialog blind={calibrating} onClose={() => setCalibrating(null)} />
      )}
    </section>
  )
}

function countText(n: number): string {
  return n === 1 ? '1 blind' : `${n} blinds`
}
