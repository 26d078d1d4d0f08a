// /users (admins only; the route is not registered for others): who may log in, who is an
// administrator and which blinds each user may see and move.
import { useState } from 'react'
import { useBlindList, useUserList, useWhoAmI } from '../../api/hooks'
import type { User } from '../../api/types'
import { errorMessage } from '../../forms/field-errors'
import { DeleteIcon, EditIcon, PlusIcon, UsersIcon } from '../../shell/icons'
import { useT } from '../../i18n/I18nProvider'
import type { Translate } from '../../i18n/translate'
import { InlineSpinner } from '../../shell/Spinner'
import { byName } from '../blinds/blind-order'
import { DeleteUserDialog } from './DeleteUserDialog'
import { lastAdminId } from './last-admin'
import { UserFormDialog } from './UserFormDialog'
import { usersMessages as m } from './users.messages'
import './users.css'

type Editing = { user: User | null } | null

export default function UsersPage() {
  const t = useT()
  const { data: me } = useWhoAmI()
  const { data: users, error, isLoading, mutate } = useUserList()
  const { data: blinds } = useBlindList()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  const sortedBlinds = blinds ? [...blinds].sort(byName) : []
  const protectedId = users ? lastAdminId(users) : null
  const admins = users?.filter((u) => u.isAdmin).length ?? 0

  return (
    <section className="page">
      <header className="page-header">
        <div className="page-title">
          <h1>{t(m.title)}</h1>
          {users && (
            <p className="muted">
              {t(m.summary, {
                users: t(m.userCount, { count: users.length }),
                admins: t(m.adminCount, { count: admins }),
              })}
            </p>
          )}
        </div>
        <div className="page-header-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setEditing({ user: null })}
          >
            <PlusIcon />
            {t(m.addUser)}
          </button>
        </div>
      </header>

      {error && !users && (
        <div className="banner banner-error" role="alert">
          <span>{t(m.notLoaded, { reason: errorMessage(error) })}</span>
          <button type="button" className="button button-quiet" onClick={() => void mutate()}>
            {t(m.tryAgain)}
          </button>
        </div>
      )}
      {isLoading && !users && <InlineSpinner label={t(m.loading)} />}

      {users && users.length === 0 && (
        <div className="card empty-state">
          <UsersIcon />
          <h2>{t(m.noUsers)}</h2>
        </div>
      )}

      {users && users.length > 0 && (
        <ul className="list" aria-label={t(m.list)}>
          {users.map((user) => {
            const isSelf = user.id === me?.id
            const isLastAdmin = user.id === protectedId
            const noteId = `last-admin-${user.id}`
            return (
              <li key={user.id} className="user-row">
                <span className="list-avatar user-avatar" aria-hidden="true">
                  {user.username.charAt(0).toUpperCase()}
                </span>
                <div className="list-main">
                  <div className="user-row-title">
                    <span className="list-title">
                      {user.username}
                      {isSelf && <span className="muted">{t(m.you)}</span>}
                    </span>
                    {user.isAdmin && <span className="badge badge-admin">{t(m.admin)}</span>}
                  </div>
                  <div className="list-meta">
                    <span>{blindsText(user, t)}</span>
                    {isLastAdmin && <span id={noteId}>{t(m.lastAdmin)}</span>}
                  </div>
                </div>
                <div className="list-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t(m.editUser, { name: user.username })}
                    title={t(m.edit)}
                    onClick={() => setEditing({ user })}
                  >
                    <EditIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t(m.deleteUser, { name: user.username })}
                    title={isLastAdmin ? t(m.lastAdmin) : t(m.delete)}
                    aria-describedby={isLastAdmin ? noteId : undefined}
                    disabled={isLastAdmin}
                    onClick={() => setDeleting(user)}
                  >
                    <DeleteIcon />
                  </button>
                </div>
              </li>
            )
          })}
        </ul>
      )}

      {editing && (
        <UserFormDialog
          user={editing.user}
          blinds={sortedBlinds}
          isLastAdmin={editing.user !== null && editing.user.id === protectedId}
          isSelf={editing.user !== null && editing.user.id === me?.id}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteUserDialog
          user={deleting}
          isSelf={deleting.id === me?.id}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  )
}

/** Admins may move every blind; others the ones assigned, named while they are few. */
function blindsText(user: User, t: Translate): string {
  if (user.isAdmin) return t(m.allBlinds)
  const names = user.userBlindList
    .map((ub) => ub.blind.name)
    .sort((a, b) => byName({ name: a }, { name: b }))
  if (names.length === 0) return t(m.noBlinds)
  const shown =
    names.length <= 3
      ? names.join(', ')
      : t(m.andMore, { names: names.slice(0, 2).join(', '), more: names.length - 2 })
  return t(m.blindsNamed, { blinds: t(m.blindCount, { count: names.length }), names: shown })
}
