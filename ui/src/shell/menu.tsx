// The routes and menu of spec section 2, as the menu entries of spec section 3: label, path,
// element, icon, adminOnly, excludeFromMenu. Pages load on first visit, so the login page
// carries none of their code.
import { lazy } from 'react'
import type { ComponentType } from 'react'
import type { Message } from '../i18n/messages'
import { menuMessages as m } from './shell.messages'
import { AutomationIcon, BlindsIcon, HomeIcon, SettingsIcon, SolarIcon, UsersIcon } from './icons'

export interface MenuEntry {
  label: Message
  /** A shorter word for the phone's bottom bar, where the label would not fit. */
  shortLabel?: Message
  path: string
  element: ComponentType
  icon: ComponentType
  adminOnly: boolean
  excludeFromMenu: boolean
}

const HomePage = lazy(() => import('../pages/home/HomePage'))
const BlindsPage = lazy(() => import('../pages/blinds/BlindsPage'))
const AutomationListPage = lazy(() => import('../pages/automation/AutomationListPage'))
const AutomationEditPage = lazy(() => import('../pages/automation/AutomationEditPage'))
const UsersPage = lazy(() => import('../pages/users/UsersPage'))
const PhotovoltaicsPage = lazy(() => import('../pages/photovoltaics/PhotovoltaicsPage'))
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'))

// Order matters: /automation/create must match before /automation/:id.
export const MENU_ENTRIES: readonly MenuEntry[] = [
  entry(m.home, '/', HomePage, HomeIcon),
  entry(m.blinds, '/blinds', BlindsPage, BlindsIcon),
  entry(m.automation, '/automation', AutomationListPage, AutomationIcon, {
    shortLabel: m.automationShort,
  }),
  entry(m.newAutomation, '/automation/create', AutomationEditPage, AutomationIcon, {
    excludeFromMenu: true,
  }),
  entry(m.editAutomation, '/automation/:id', AutomationEditPage, AutomationIcon, {
    excludeFromMenu: true,
  }),
  entry(m.users, '/users', UsersPage, UsersIcon, { adminOnly: true }),
  entry(m.settings, '/settings', SettingsPage, SettingsIcon, { adminOnly: true }),
  entry(m.photovoltaics, '/photovoltaics', PhotovoltaicsPage, SolarIcon, {
    excludeFromMenu: true,
  }),
]

function entry(
  label: Message,
  path: string,
  element: ComponentType,
  icon: ComponentType,
  flags: Partial<Pick<MenuEntry, 'adminOnly' | 'excludeFromMenu' | 'shortLabel'>> = {},
): MenuEntry {
  return { label, path, element, icon, adminOnly: false, excludeFromMenu: false, ...flags }
}

/** The routes registered for this user: admin-only ones only for admins. */
export function routesFor(isAdmin: boolean, entries = MENU_ENTRIES): MenuEntry[] {
  return entries.filter((e) => isAdmin || !e.adminOnly)
}

/** The entries shown in the menus. */
export function menuFor(isAdmin: boolean, entries = MENU_ENTRIES): MenuEntry[] {
  return routesFor(isAdmin, entries).filter((e) => !e.excludeFromMenu)
}

/** Spec section 2: the active entry is chosen by the first path segment. */
export function isActive(entryPath: string, location: string): boolean {
  const firstSegment = (path: string) => path.split('/')[1] ?? ''
  return firstSegment(entryPath) === firstSegment(location)
}
