// The frame around every page: a side menu from 900 px, a top bar and the bottom bar below.
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useConnection } from '../realtime/realtime'
import { BottomBar } from './BottomBar'
import { ColorModeSwitch, LogoutButton } from './AccountControls'
import { LogoMark } from './icons'
import { isActive, type MenuEntry } from './menu'

interface Props {
  menu: readonly MenuEntry[]
  username: string
  isAdmin: boolean
  children: ReactNode
}

export function Layout({ menu, username, isAdmin, children }: Props) {
  const [location, navigate] = useLocation()
  const connection = useConnection()
  return (
    <div className="layout">
      <header className="top-bar">
        <Link href="/" className="brand">
          <LogoMark />
          <span>Lamella</span>
        </Link>
        <div className="top-bar-actions">
          <ColorModeSwitch />
          <LogoutButton compact />
        </div>
      </header>

      <aside className="side-menu">
        <Link href="/" className="brand">
          <LogoMark />
          <span>Lamella</span>
        </Link>
        <nav aria-label="Main menu">
          {menu.map(({ path, label, icon: Icon }) => {
            const active = isActive(path, location)
            return (
              <Link
                key={path}
                href={path}
                className={active ? 'active' : undefined}
                aria-current={active ? 'page' : undefined}
              >
                <Icon />
                <span>{label}</span>
              </Link>
            )
          })}
        </nav>
        <div className="side-menu-footer">
          <p className="signed-in-as">
            Signed in as <strong data-testid="username">{username}</strong>
            {isAdmin && <span className="badge">admin</span>}
          </p>
          <ColorModeSwitch />
          <LogoutButton />
        </div>
      </aside>

      <main className="content" id="content">
        {connection === 'reconnecting' && (
          <p className="banner banner-warning" role="status">
            Connection to the hub lost. Reconnecting…
          </p>
        )}
        {children}
      </main>

      <BottomBar entries={menu} location={location} navigate={navigate} />
    </div>
  )
}
