import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Router, useLocation } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { BottomBar } from './BottomBar'
import { menuFor, routesFor } from './menu'

function Bar({ isAdmin }: { isAdmin: boolean }) {
  const [location, navigate] = useLocation()
  return <BottomBar entries={menuFor(isAdmin)} location={location} navigate={navigate} />
}

function renderAt(path: string, isAdmin: boolean) {
  const memory = memoryLocation({ path, record: true })
  render(
    <Router hook={memory.hook}>
      <Bar isAdmin={isAdmin} />
    </Router>,
  )
  return memory
}

const labels = () => screen.getAllByRole('link').map((link) => link.textContent)

describe('the bottom bar', () => {
  it('shows Home, Blinds and Automation to a regular user, and Users and Settings to an admin', () => {
    renderAt('/', false)
    expect(labels()).toEqual(['Home', 'Blinds', 'Automation'])
    cleanup()
    renderAt('/', true)
    expect(labels()).toEqual(['Home', 'Blinds', 'Automation', 'Users', 'Settings'])
  })

  it('marks the entry of the first path segment as the current page', () => {
    renderAt('/automation/7c0e7a36-2f7a-4c39-9b9f-1f7a7b3f1a11', false)
    const current = screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current'))
    expect(current.map((l) => l.textContent)).toEqual(['Automation'])
  })

  it('marks nothing on a page that has no menu entry', () => {
    renderAt('/photovoltaics', false)
    expect(screen.getAllByRole('link').some((l) => l.getAttribute('aria-current'))).toBe(false)
  })

  it('navigates by replacing the current history entry', async () => {
    const memory = renderAt('/blinds', true)
    await userEvent.click(screen.getByRole('link', { name: 'Users' }))
    expect(memory.history).toEqual(['/users'])
    expect(screen.getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page')
  })
})

describe('the routes', () => {
  it('registers /users and /settings only for admins, and keeps hidden routes out of the menu', () => {
    expect(routesFor(false).map((r) => r.path)).not.toContain('/users')
    expect(routesFor(false).map((r) => r.path)).not.toContain('/settings')
    expect(routesFor(true).map((r) => r.path)).toContain('/users')
    expect(routesFor(true).map((r) => r.path)).toContain('/settings')
    expect(routesFor(false).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/automation/create', '/automation/:id', '/photovoltaics']),
    )
    expect(menuFor(true).map((r) => r.path)).toEqual([
      '/',
      '/blinds',
      '/automation',
      '/users',
      '/settings',
    ])
  })
})
