// /users (admins only; the route is not registered for others): who may log in, who is an
// administrator and which blinds each user may see and move.
import { useState } from 'react'
import { useBlindList, useUserList, useWhoAmI } from '../../api/hooks'
import type { User } from '../../api/types'
import { errorMessage } from '../../forms/field-errors'
import { DeleteIcon, EditIcon, PlusIcon, UsersIcon } from '../../shell/icons'
import { InlineSpinner } from '../../shell/Spinner'
import { byName } from '../blinds/blind-order'
import { DeleteUserDialog } from './DeleteUserDialog'
import { LAST_ADMIN_NOTE, lastAdminId } from './last-admin'
import { UserFormDialog } from './UserFormDialog'
import './users.css'

type Editing = { user: User | null } | null

export default function UsersPage() {
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
          <h1>Users</h1>
          {users && (
            <p className="muted">
              {plural(users.length, 'user')} · {plural(admins, 'administrator')}
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
            Add user
          </button>
        </div>
      </header>

      {error && !users && (
        <div className="banner banner-error" role="alert">
          <span>Could not load the users: {errorMessage(error)}</span>
          <button type="button" className="button button-quiet" onClick={() => void mutate()}>
            Try again
          </button>
        </div>
      )}
      {isLoading && !users && <InlineSpinner label="Loading users" />}

      {users && users.length === 0 && (
        <div className="card empty-state">
          <UsersIcon />
          <h2>No users</h2>
        </div>
      )}

      {users && users.length > 0 && (
        <ul className="list" aria-label="Users">
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
                      {isSelf && <span className="muted"> (you)</span>}
                    </span>
                    {user.isAdmin && <span className="badge badge-admin">admin</span>}
                  </div>
                  <div className="list-meta">
                    <span>{blindsText(user)}</span>
                    {isLastAdmin && <span id={noteId}>{LAST_ADMIN_NOTE}</span>}
                  </div>
                </div>
                <div className="list-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit ${user.username}`}
                    title="Edit"
                    onClick={() => setEditing({ user })}
                  >
                    <EditIcon />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete ${user.username}`}
                    title={isLastAdmin ? LAST_ADMIN_NOTE : 'Delete'}
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** Admins may move every blind; others the ones assigned, named while they are few. */
function blindsText(user: User): string {
  if (user.isAdmin) return 'All blinds'
  const names = user.userBlindList
    .map((ub) => ub.blind.name)
    .sort((a, b) => byName({ name: a }, { name: b }))
  if (names.length === 0) return 'No blinds'
  const shown =
    names.length <= 3
      ? names.join(', ')
      : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`
  return `${plural(names.length, 'blind')}: ${shown}`
}
