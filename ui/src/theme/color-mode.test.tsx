// One colour mode for the whole app: the phone's top bar and the desktop's side menu show and
// set the same choice, a chosen mode holds against the OS, and "system" follows the OS live,
// on the login page too.
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startUi } from '../app/start'
import { ColorModeSwitch } from '../shell/ColorModeSwitch'
import { stubSystemColorScheme } from '../test-support/system-color-scheme'
import { ColorModeProvider } from './color-mode'

const theme = () => document.documentElement.dataset.theme
const pressed = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.getAttribute('aria-label'))

/** Two switches, as the layout has them: one in the top bar, one in the side menu. */
function renderTwoSwitches() {
  render(
    <ColorModeProvider>
      <header>
        <ColorModeSwitch />
      </header>
      <aside>
        <ColorModeSwitch />
      </aside>
    </ColorModeProvider>,
  )
  const [topBar, sideMenu] = screen.getAllByRole('group', { name: 'Colour mode' })
  return { topBar: topBar!, sideMenu: sideMenu! }
}

describe('the colour mode', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is one choice: picking Dark in one switch shows Dark in the other', async () => {
    stubSystemColorScheme('light')
    const { topBar, sideMenu } = renderTwoSwitches()
    expect(pressed(topBar)).toEqual(['System colour mode'])
    await userEvent.click(within(sideMenu).getByRole('button', { name: 'Dark colour mode' }))
    expect(pressed(topBar)).toEqual(['Dark colour mode'])
    expect(pressed(sideMenu)).toEqual(['Dark colour mode'])
    expect(localStorage.getItem('colorMode')).toBe('dark')
    expect(theme()).toBe('dark')
  })

  it('keeps a chosen Dark when the OS switches to light', async () => {
    const os = stubSystemColorScheme('dark')
    const { sideMenu } = renderTwoSwitches()
    await userEvent.click(within(sideMenu).getByRole('button', { name: 'Dark colour mode' }))
    act(() => os.set('light'))
    expect(theme()).toBe('dark')
  })

  it('follows the OS on System, back and forth', async () => {
    const os = stubSystemColorScheme('light')
    renderTwoSwitches()
    expect(theme()).toBe('light')
    act(() => os.set('dark'))
    expect(theme()).toBe('dark')
    act(() => os.set('light'))
    expect(theme()).toBe('light')
  })

  it('follows a live OS switch on the login page, and a stored choice holds there', async () => {
    const os = stubSystemColorScheme('light')
    let stopUi = startUi(document.body.appendChild(document.createElement('div')))
    await screen.findByRole('button', { name: 'Log in' })
    expect(theme()).toBe('light')
    os.set('dark')
    expect(theme()).toBe('dark')
    stopUi()

    localStorage.setItem('colorMode', 'light')
    stopUi = startUi(document.body.appendChild(document.createElement('div')))
    await screen.findAllByRole('button', { name: 'Log in' })
    os.set('dark')
    expect(theme()).toBe('light')
    stopUi()
    localStorage.removeItem('colorMode')
    document.body.replaceChildren()
  })

  it('takes up a choice made in another tab', () => {
    stubSystemColorScheme('light')
    const { topBar } = renderTwoSwitches()
    localStorage.setItem('colorMode', 'dark')
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'colorMode', newValue: 'dark' }))
    })
    expect(pressed(topBar)).toEqual(['Dark colour mode'])
    expect(theme()).toBe('dark')
  })
})
