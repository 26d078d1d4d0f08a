// The signed-in user's menu, at the top right on phones and at the foot of the side menu on
// wide screens: its button names who is signed in; its panel holds the colour mode, changing
// one's own password and logging out. A disclosure (a button showing a panel of ordinary
// buttons), closed by Escape, by a click outside, by Tab moving focus out of it, or by
// choosing an entry.
import { useT } from '../i18n/I18nProvider'
import { LanguageSwitch } from './LanguageSwitch'
import { shellMessages as m } from './shell.messages'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useSession } from '../session/session'
import { ColorModeSwitch } from './ColorModeSwitch'
import { ChevronDownIcon, KeyIcon, LogoutIcon } from './icons'

// Loaded when first opened: the form and the hub's password rules stay off Home's first load.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
)

interface Props {
  userId: string
  username: string
  isAdmin: boolean
}

export function AccountMenu({ userId, username, isAdmin }: Props) {
  const { logout } = useSession()
  const t = useT()
  const [open, setOpen] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [open])

  return (
    <div
      className="account-menu"
      ref={root}
      onBlur={(event) => {
        // Focus moved on to something outside (Tab past the last entry): the panel closes. A
        // click on the panel's own text gives no new focus target and keeps it open.
        const next = event.relatedTarget
        if (open && next instanceof Node && !root.current?.contains(next)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-label={t(m.account, { username })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {/* The initial is drawn by CSS, so the button's visible text is the name alone. */}
        <span
          className="account-avatar"
          aria-hidden="true"
          data-initial={username.charAt(0).toUpperCase()}
        />
        <span className="account-name" data-testid="username">
          {username}
        </span>
        <ChevronDownIcon />
      </button>
      {open && (
        <div id={panelId} className="account-panel">
          <p className="account-who">
            <span>{t(m.signedInAs)}</span> <strong>{username}</strong>
            {isAdmin && <span className="badge">{t(m.admin)}</span>}
          </p>
          <LanguageSwitch />
          <ColorModeSwitch />
          <div className="account-actions">
            <button
              type="button"
              className="menu-entry"
              onClick={() => {
                // Focus returns to the account button when the dialog closes.
                button.current?.focus()
                setOpen(false)
                setChangingPassword(true)
              }}
            >
              <KeyIcon />
              <span>{t(m.changePassword)}</span>
            </button>
            <button type="button" className="menu-entry" onClick={() => void logout()}>
              <LogoutIcon />
              <span>{t(m.logOut)}</span>
            </button>
          </div>
        </div>
      )}
      {/* On the body: the menu sits in the side menu, whose stacking would trap the dialog. */}
      {changingPassword &&
        createPortal(
          <Suspense fallback={null}>
            <ChangePasswordDialog userId={userId} onClose={() => setChangingPassword(false)} />
          </Suspense>,
          document.body,
        )}
    </div>
  )
}
