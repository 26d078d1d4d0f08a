// The frame around every page. One app bar: on phones the top bar (brand and account menu,
// scrolling away with the page, so the bottom bar stays the only fixed bar), from 900 px the
// side menu (brand, main menu, messages, account menu). Below 900 px the bottom bar is the
// main menu. A weather alarm's banner tops every page's content.
import { useT } from '../i18n/I18nProvider'
import { menuMessages, shellMessages } from './shell.messages'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useConnection } from '../realtime/realtime'
import { WeatherBanner } from '../weather/WeatherBanner'
import { AccountMenu } from './AccountMenu'
import { BottomBar } from './BottomBar'
import { LogoMark } from './icons'
import { isActive, type MenuEntry } from './menu'
import { ToastOutlet } from './toast'

interface Props {
  menu: readonly MenuEntry[]
  userId: string
  username: string
  isAdmin: boolean
  children: ReactNode
}

export function Layout({ menu, userId, username, isAdmin, children }: Props) {
  const [location, navigate] = useLocation()
  const connection = useConnection()
  const t = useT()
  return (
    <div className="layout">
      <header className="app-bar">
        <Link href="/" className="brand">
          <LogoMark />
          <span>Lamella</span>
        </Link>
        <nav className="side-nav" aria-label={t(menuMessages.mainMenu)}>
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
                <span>{t(label)}</span>
              </Link>
            )
          })}
        </nav>
        <ToastOutlet />
        <AccountMenu userId={userId} username={username} isAdmin={isAdmin} />
      </header>

      <main className="content" id="content">
        {connection === 'reconnecting' && (
          <p className="banner banner-warning" role="status">
            {t(shellMessages.reconnecting)}
          </p>
        )}
        <WeatherBanner />
        {children}
      </main>

      <BottomBar entries={menu} location={location} navigate={navigate} />
    </div>
  )
}
