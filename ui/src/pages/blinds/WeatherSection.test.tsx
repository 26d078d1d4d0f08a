// The blind dialog's weather protection: folded away and unset for a blind indoors, saved with
// the rest when set, a cleared wind limit sent as null, bad figures refused at their field by
// the hub's own rules (and the hub's 400 shown there too), and a lock shown with its reason.
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Blind, HubStatus } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import { testBlind } from '../../test-support/blinds'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import { testLock } from '../../weather/test-weather'
import { BlindFormDialog } from './BlindFormDialog'

const terrace: Blind = testBlind({ id: 'b-terrace', name: 'Terrace' })
const LIMIT = 'Wind limit (m/s)'
const SAFETY = 'Safety position (% open)'
const RAIN = 'Rain protection: to safety while it rains'

function open(blind: Blind | null, answers: Record<string, Answer> = {}) {
  const hub = stubHub({
    hubStatus: { timeZone: 'Europe/Berlin' } as HubStatus,
    houseLocation: { lat: 52.52, lon: 13.405, fromEnvironment: false },
    pv: { configured: false },
    shadingMoves: [],
    blindUpdate: (v: Record<string, unknown>) => ({ ...terrace, ...(v.input as object) }),
    blindCreate: (v: Record<string, unknown>) => ({ ...terrace, ...(v.input as object) }),
    ...answers,
  })
  const onClose = vi.fn()
  renderWithHub(<BlindFormDialog blind={blind} onClose={onClose} />)
  return { hub, onClose, user: userEvent.setup() }
}

async function type(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label)
  await user.clear(input)
  if (text) await user.type(input, text)
}

const summary = () => screen.getByText('Weather protection').closest('summary')!

describe('the blind dialog’s weather protection', () => {
  setUpHubTests()

  it('is folded and off for a blind indoors, and saves as nothing set', async () => {
    const { hub, user } = open(terrace)
    expect(summary().textContent).toBe('Weather protection · Off')
    expect(summary().closest('details')!.open).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(hub.variablesOf('blindUpdate')).toHaveLength(1))
    expect(hub.variablesOf('blindUpdate')[0]!.input).toMatchObject({
      windLimit: null,
      rainProtect: false,
      frostProtect: false,
      safetyPosition: 100,
    })
  })

  it('sends a wind limit, rain protection and a safety position with the blind', async () => {
    const { hub, onClose, user } = open(terrace)
    await user.click(summary())
    await type(user, LIMIT, '12,5')
    await type(user, SAFETY, '80')
    await user.click(screen.getByLabelText(RAIN))
    expect(summary().textContent).toBe('Weather protection · Wind over 12.5 m/s, rain')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(hub.variablesOf('blindUpdate')[0]!.input).toMatchObject({
      windLimit: 12.5,
      rainProtect: true,
      frostProtect: false,
      safetyPosition: 80,
    })
  })

  it('clears a saved wind limit by sending null', async () => {
    const { hub, user } = open({ ...terrace, windLimit: 10 })
    await user.click(summary())
    expect(screen.getByLabelText(LIMIT)).toHaveProperty('value', '10')
    await type(user, LIMIT, '')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(hub.variablesOf('blindUpdate')).toHaveLength(1))
    expect(hub.variablesOf('blindUpdate')[0]!.input).toMatchObject({ windLimit: null })
  })

  it('refuses a wind limit of -1 and a safety position of 120 at their fields, sending nothing', async () => {
    const { hub, user } = open(terrace)
    await user.click(summary())
    await type(user, LIMIT, '-1')
    await type(user, SAFETY, '120')
    await user.click(summary())
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorAt(LIMIT)).toBe('Must be a wind speed from 1 to 50 m/s (got -1)'),
    )
    expect(errorAt(SAFETY)).toMatch(/^Must be .*0.*100/)
    expect(summary().closest('details')!.open).toBe(true)
    expect(document.activeElement).toBe(screen.getByLabelText(LIMIT))
    expect(hub.variablesOf('blindUpdate')).toHaveLength(0)
  })

  it('shows the hub’s 400 about the wind limit at that field', async () => {
    const { onClose, user } = open(terrace, {
      blindUpdate: new HubErrorAnswer('windLimit must be at most 50 m/s', 400, 'windLimit'),
    })
    await user.click(summary())
    await type(user, LIMIT, '20')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(errorAt(LIMIT)).toBe('Must be at most 50 m/s'))
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows the lock holding the blind, with its reason, above the settings', () => {
    open({ ...terrace, windLimit: 10, weatherLock: testLock() })
    expect(screen.getByText('Locked: wind alarm')).toBeTruthy()
    expect(
      screen.getByText(
        'Wind 14.2 m/s over the limit of 10 m/s; it lifts after the release time of calm.',
      ),
    ).toBeTruthy()
  })
})
