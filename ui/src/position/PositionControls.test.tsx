// Taking a blind to a position: the slider sends one blindSetPosition when it is let go (or
// when keyboard steps rest), the presets one each, and a venetian blind's slats their own.
import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Blind, User } from '../api/types'
import BlindsPage from '../pages/blinds/BlindsPage'
import { testBlind } from '../test-support/blinds'
import { renderWithHub, setUpHubTests, stubHub } from '../test-support/hub-stub'
import { KEY_COMMIT_MS } from './CommitSlider'

const ID = '7c2e4a10-9b3d-4f5e-8a6c-1d2e3f4a5b06'
const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }

async function showKitchen(blind: Partial<Blind> = {}) {
  const kitchen = testBlind({ id: ID, name: 'Kitchen', position: 100, ...blind })
  const hub = stubHub({
    whoAmI: anna,
    blindList: [kitchen],
    // The hub answers with the blind on its way to the target.
    blindSetPosition: (v: Record<string, unknown>) => [
      { ...kitchen, motion: 'MOVING_DOWN', target: (v.position as number | undefined) ?? null },
    ],
  })
  renderWithHub(<BlindsPage />)
  const slider = (await screen.findByRole('slider', {
    name: 'Position of Kitchen',
  })) as HTMLInputElement
  return { hub, slider }
}

describe('the position controls of a blind', () => {
  setUpHubTests()
  afterEach(() => {
    vi.useRealTimers()
  })

  it('say where the blind is on the slider, in words', async () => {
    const { slider } = await showKitchen({ position: 40 })
    expect(slider.value).toBe('40')
    expect(slider.getAttribute('aria-valuetext')).toBe('40\u00a0% open')
  })

  it('send nothing while the slider is dragged, and the position once it is let go', async () => {
    const { hub, slider } = await showKitchen()
    fireEvent.input(slider, { target: { value: '70' } })
    fireEvent.input(slider, { target: { value: '45' } })
    expect(slider.getAttribute('aria-valuetext')).toBe('45\u00a0% open')
    expect(hub.variablesOf('blindSetPosition')).toEqual([])
    await act(async () => {
      fireEvent.change(slider, { target: { value: '40' } })
    })
    expect(hub.variablesOf('blindSetPosition')).toEqual([{ ids: [ID], position: 40 }])
    // The thumb stays where it was let go, now the blind's target.
    expect(slider.value).toBe('40')
  })

  it('send keyboard steps once the keys have rested: five presses, one command', async () => {
    const { hub, slider } = await showKitchen()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    for (const value of ['99', '98', '97', '96', '95']) {
      fireEvent.keyDown(slider, { key: 'ArrowLeft' })
      fireEvent.change(slider, { target: { value } })
      act(() => vi.advanceTimersByTime(KEY_COMMIT_MS - 100))
    }
    expect(hub.variablesOf('blindSetPosition')).toEqual([])
    await act(async () => {
      vi.advanceTimersByTime(100)
    })
    expect(hub.variablesOf('blindSetPosition')).toEqual([{ ids: [ID], position: 95 }])
  })

  it('send each preset as a position: closed 0, a quarter 25, open 100', async () => {
    const { hub } = await showKitchen()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Kitchen: Closed' }))
    await user.click(screen.getByRole('button', { name: 'Kitchen: 25\u00a0% open' }))
    await user.click(screen.getByRole('button', { name: 'Kitchen: Open' }))
    expect(hub.variablesOf('blindSetPosition')).toEqual([
      { ids: [ID], position: 0 },
      { ids: [ID], position: 25 },
      { ids: [ID], position: 100 },
    ])
    expect(screen.queryByRole('button', { name: /my position/ })).toBeNull()
  })

  it('offer the household’s own position as “My” once one is set', async () => {
    const { hub } = await showKitchen({ myPosition: 40 })
    const user = userEvent.setup()
    const my = screen.getByRole('button', { name: 'Kitchen: my position, 40\u00a0% open' })
    expect(my.textContent).toBe('My')
    await user.click(my)
    expect(hub.variablesOf('blindSetPosition')).toEqual([{ ids: [ID], position: 40 }])
  })

  it('give no slats slider to a blind without slats', async () => {
    await showKitchen()
    expect(screen.queryByRole('slider', { name: 'Slats of Kitchen' })).toBeNull()
  })

  it('send a venetian blind’s tilt without a position', async () => {
    const { hub } = await showKitchen({ tiltTimeMs: 1500, tilt: 100 })
    const slats = screen.getByRole('slider', { name: 'Slats of Kitchen' })
    expect(slats.getAttribute('aria-valuetext')).toBe('Open')
    await act(async () => {
      fireEvent.change(slats, { target: { value: '30' } })
    })
    expect(hub.variablesOf('blindSetPosition')).toEqual([{ ids: [ID], tilt: 30 }])
  })

  it('say "Position unknown" while the hub does not know where the blind is', async () => {
    const { slider } = await showKitchen({ position: null })
    expect(slider.getAttribute('aria-valuetext')).toBe('Position unknown')
  })
})
