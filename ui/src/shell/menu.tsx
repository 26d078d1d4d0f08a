// The routes and menu of spec section 2, as the menu entries of spec section 3: label, path,
// element, icon, adminOnly, excludeFromMenu. Pages load on first visit, so the login page
// carries none of their code.
import { lazy } from 'react'
import type { ComponentType } from 'react'
import { AutomationIcon, BlindsIcon, HomeIcon, SettingsIcon, SolarIcon, UsersIcon } from './icons'

export interface MenuEntry {
  label: string
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
  entry('Home', '/', HomePage, HomeIcon),
  entry('Blinds', '/blinds', BlindsPage, BlindsIcon),
  entry('Automation', '/automation', AutomationListPage, AutomationIcon),
  entry('New automation', '/automation/create', AutomationEditPage, AutomationIcon, {
    excludeFromMenu: true,
  }),
  entry('Edit automation', '/automation/:id', AutomationEditPage, AutomationIcon, {
    excludeFromMenu: true,
  }),
  entry('Users', '/users', UsersPage, UsersIcon, { adminOnly: true }),
  entry('Settings', '/settings', SettingsPage, SettingsIcon, { adminOnly: true }),
  entry('Photovoltaics', '/photovoltaics', PhotovoltaicsPage, SolarIcon, {
    excludeFromMenu: true,
  }),
]

function entry(
  label: string,
  path: string,
  element: ComponentType,
  icon: ComponentType,
  flags: Partial<Pick<MenuEntry, 'adminOnly' | 'excludeFromMenu'>> = {},
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
