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
import { useT } from '../../i18n/I18nProvider'
import { InlineSpinner } from '../../shell/Spinner'
import { BlindFormDialog } from './BlindFormDialog'
import { CalibrationDialog } from './CalibrationDialog'
import { DeleteBlindDialog } from './DeleteBlindDialog'
import { groupByRoom, roomNames } from './rooms'
import { RoomSection } from './RoomSection'
import { blindsMessages as m } from './blinds.messages'
import './blinds.css'

type Editing = { blind: Blind | null } | null

export default function BlindsPage() {
  const t = useT()
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
        !blind.travelTimeKnown && <span className="travel-guess-line">{t(m.travelGuessed)}</span>
      }
    >
      {isAdmin && (
        <div className="blind-admin-actions">
          <button
            type="button"
            className="icon-button"
            aria-label={t(m.editBlind, { name: blind.name })}
            title={t(m.edit)}
            onClick={() => setEditing({ blind })}
          >
            <EditIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t(m.calibrateBlind, { name: blind.name })}
            title={t(m.timeItsTravel)}
            onClick={() => setCalibrating(blind)}
          >
            <TimerIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t(m.deleteBlind, { name: blind.name })}
            title={t(m.delete)}
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
          <h1>{t(m.title)}</h1>
          {blinds && blinds.length > 0 && (
            <p className="muted">
              {t(m.count, { count: blinds.length })}
              {moving > 0 && t(m.moving, { count: moving })}
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
              {t(m.addBlind)}
            </button>
          </div>
        )}
      </header>
      <BusNotice problem={bus} reasonId={busReasonId} />
      {error && !blinds && (
        <div className="banner banner-error" role="alert">
          <span>{t(m.notLoaded, { reason: errorMessage(error) })}</span>
          <button type="button" className="button button-quiet" onClick={() => void mutate()}>
            {t(m.tryAgain)}
          </button>
        </div>
      )}
      {isLoading && !blinds && <InlineSpinner label={t(m.loading)} />}
      {blinds && blinds.length === 0 && (
        <div className="card empty-state">
          <BlindsIcon />
          {isAdmin ? (
            <>
              <h2>{t(m.noBlindsYet)}</h2>
              <p>{t(m.addHint)}</p>
              <button
                type="button"
                className="button button-primary"
                onClick={() => setEditing({ blind: null })}
              >
                <PlusIcon />
                {t(m.addFirst)}
              </button>
            </>
          ) : (
            <>
              <h2>{t(m.noBlinds)}</h2>
              <p>{t(m.noneAssigned)}</p>
            </>
          )}
        </div>
      )}
      {blinds && blinds.length > 1 && (
        <div className="house-bar">
          <span className="house-bar-label">{t(m.allBlinds)}</span>
          <MoveButtons
            ids={groups.flatMap((g) => g.blinds.map((b) => b.id))}
            groupLabel={t(m.moveAll)}
            labelFor={(action) => t({ Up: m.upAll, Stop: m.stopAll, Down: m.downAll }[action])}
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
