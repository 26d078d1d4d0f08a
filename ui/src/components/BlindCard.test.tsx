// A blind's card shows where the blind is: drawn and in words, and while it travels, moving
// between the hub's `blind:motion` pushes by the travel model, with the time it has left.
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BlindMotionEvent } from '../../../hub/realtime/events'
import type { Blind, User } from '../api/types'
import BlindsPage from '../pages/blinds/BlindsPage'
import { testBlind, testMotion } from '../test-support/blinds'
import { renderWithHub, setUpHubTests, stubHub } from '../test-support/hub-stub'

const ID = '5a0e8f2c-3d1b-4c6e-9f7a-2b8d4e6f1a03'
const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }

async function showCard(blind: Partial<Blind> = {}) {
  stubHub({
    whoAmI: anna,
    blindList: [testBlind({ id: ID, name: 'Kitchen', travelTimeDownMs: 20000, ...blind })],
  })
  const { hub } = renderWithHub(<BlindsPage />)
  const card = (await screen.findByText('Kitchen')).closest('li')!
  return { hub, card }
}

/** What the card says of the blind: its position (and slats), and its motion. */
const stateOf = (card: HTMLElement) => card.querySelector('.blind-state')?.textContent
const motionOf = (card: HTMLElement) => card.querySelector('.blind-motion')?.textContent ?? ''
const picture = (card: HTMLElement) => card.querySelector('svg.blind-picture')!
const curtainHeight = (card: HTMLElement) =>
  Number(card.querySelector('.blind-curtain')?.getAttribute('height'))

/** A push as the hub sends it, its clock `hubAt` (ms). */
function motion(hubAt: number, event: Partial<BlindMotionEvent>): BlindMotionEvent {
  return testMotion({ id: ID, at: new Date(hubAt).toISOString(), ...event })
}

/** From here on the clock is the test's: the page loaded with real timers. */
function takeTheClock() {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
}
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))

describe('a blind’s card', () => {
  setUpHubTests()
  afterEach(() => {
    vi.useRealTimers()
  })

  it('draws an unknown position hatched with a question mark, and says so', async () => {
    const { card } = await showCard({ position: null })
    expect(stateOf(card)).toBe('Position unknown')
    expect(picture(card).getAttribute('data-position')).toBe('unknown')
    expect(picture(card).querySelector('text')?.textContent).toBe('?')
    expect(card.querySelector('.blind-curtain')).toBeNull()
  })

  it('fills the curtain from the top as far as the blind is closed, in words too', async () => {
    const open = await showCard({ position: 100 })
    expect(curtainHeight(open.card)).toBe(0)
    expect(stateOf(open.card)).toBe('Open')
  })

  it('draws a blind 40 % open with 60 % of its window covered', async () => {
    const { card } = await showCard({ position: 40 })
    // The window is 50 units high.
    expect(curtainHeight(card)).toBeCloseTo(30)
    expect(stateOf(card)).toBe('40\u00a0% open')
  })

  it('moves between pushes at the blind’s speed down, stops at the target, and counts down', async () => {
    const { hub, card } = await showCard({ position: 100 })
    takeTheClock()
    // Down to 25 % at 20 s for full travel: 15 s of motor time.
    const t0 = Date.now()
    act(() =>
      hub.push(
        'blind:motion',
        motion(t0, {
          motion: 'MOVING_DOWN',
          target: 25,
          endsAt: new Date(t0 + 15000).toISOString(),
        }),
      ),
    )
    expect(motionOf(card)).toBe('Moving downto 25\u00a0% open · 15\u00a0s left')
    await wait(5000)
    expect(stateOf(card)).toBe('75\u00a0% open')
    expect(motionOf(card)).toBe('Moving downto 25\u00a0% open · 10\u00a0s left')
    expect(curtainHeight(card)).toBeCloseTo(12.5)
    await wait(9000)
    expect(stateOf(card)).toBe('30\u00a0% open')
    expect(motionOf(card)).toBe('Moving downto 25\u00a0% open · 1\u00a0s left')
    // Past the run's end the picture waits at the target for the hub's word.
    await wait(4000)
    expect(stateOf(card)).toBe('25\u00a0% open')
    act(() => hub.push('blind:motion', motion(t0 + 15000, { position: 25 })))
    expect(motionOf(card)).toBe('')
    expect(stateOf(card)).toBe('25\u00a0% open')
  })

  it('waits out what the hub says is left of the motor’s start delay', async () => {
    const { hub, card } = await showCard({
      position: 0,
      travelTimeUpMs: 10000,
      motorStartDelayMs: 1000,
    })
    takeTheClock()
    act(() =>
      hub.push(
        'blind:motion',
        motion(Date.now(), { motion: 'MOVING_UP', position: 0, delayLeftMs: 1000 }),
      ),
    )
    await wait(1000)
    expect(stateOf(card)).toBe('Closed')
    await wait(2000)
    expect(stateOf(card)).toBe('20\u00a0% open')
    expect(motionOf(card)).toBe('Moving up8\u00a0s left')
  })

  it('animates by the browser’s clock, whatever the hub’s clock says', async () => {
    const { hub, card } = await showCard({ position: 100 })
    takeTheClock()
    // A Pi that booted without a time server believes it is 2001.
    const hubNow = Date.parse('2001-01-01T00:00:00.000Z')
    act(() =>
      hub.push(
        'blind:motion',
        motion(hubNow, { motion: 'MOVING_DOWN', endsAt: new Date(hubNow + 22000).toISOString() }),
      ),
    )
    await wait(10000)
    expect(stateOf(card)).toBe('50\u00a0% open')
    expect(motionOf(card)).toBe('Moving down10\u00a0s left')
  })

  it('says "Reversing…" in the dead time before the blind turns round', async () => {
    const { hub, card } = await showCard({ position: 60 })
    act(() =>
      hub.push('blind:motion', motion(Date.now(), { position: 60, target: 90, reversing: true })),
    )
    expect(motionOf(card)).toBe('Reversing…')
  })

  it('turns a venetian blind’s slats before it travels, and says where the slats are', async () => {
    const { hub, card } = await showCard({ position: 100, tilt: 100, tiltTimeMs: 2000 })
    expect(stateOf(card)).toBe('Open · Slats open')
    takeTheClock()
    act(() => hub.push('blind:motion', motion(Date.now(), { motion: 'MOVING_DOWN', tilt: 100 })))
    await wait(1000)
    expect(stateOf(card)).toBe('Open · Slats 50\u00a0% open')
    await wait(3000)
    expect(stateOf(card)).toBe('90\u00a0% open · Slats closed')
  })

  it('tells a moving blind’s position and its target apart: the slider says where it is going', async () => {
    const { hub, card } = await showCard({ position: 100 })
    const slider = () => card.querySelector<HTMLInputElement>('input[type="range"]')!
    const output = () => card.querySelector('.commit-slider-value')?.textContent
    expect(slider().getAttribute('aria-valuetext')).toBe('Open')
    takeTheClock()
    const t0 = Date.now()
    act(() =>
      hub.push(
        'blind:motion',
        motion(t0, {
          motion: 'MOVING_DOWN',
          target: 30,
          endsAt: new Date(t0 + 14000).toISOString(),
        }),
      ),
    )
    await wait(3000)
    expect(stateOf(card)).toBe('85\u00a0% open')
    expect(slider().value).toBe('30')
    expect(slider().getAttribute('aria-valuetext')).toBe('Going to 30\u00a0% open')
    expect(output()).toBe('Going to 30\u00a0% open')
    act(() => hub.push('blind:motion', motion(t0 + 14000, { position: 30 })))
    expect(slider().getAttribute('aria-valuetext')).toBe('30\u00a0% open')
    expect(output()).toBe('30\u00a0% open')
  })
})
