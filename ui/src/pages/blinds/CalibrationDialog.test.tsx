// Calibrating a blind from its card: the dialog's steps send blindCalibrate down, stop, up,
// stop, down, stop, and Save writes the two measured times (the hub keeps every other
// setting). By keyboard, focus stays in the dialog at every step, and Escape stops the motor.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Blind, Calibration, User } from '../../api/types'
import { testBlind } from '../../test-support/blinds'
import { renderWithHub, setUpHubTests, stubHub } from '../../test-support/hub-stub'
import BlindsPage from './BlindsPage'

const admin: User = { id: 'u-admin', username: 'admin', isAdmin: true, userBlindList: [] }
const kitchen: Blind = testBlind({
  id: '3e9b1c7d-2a4f-4b6e-8c1d-5f7a9b2c4e08',
  name: 'Kitchen',
  blindAddressUp: '1:6',
  blindAddressDown: '1:7',
  motorStartDelayMs: 200,
  tiltTimeMs: 1500,
  room: 'Kitchen',
  myPosition: 30,
  facadeAzimuth: 135,
  fovLeft: 60,
  shadePosition: 25,
  shadeTilt: 40,
  shadingEnabled: true,
  shadingResumeAt: '07:00',
})

/** The hub's answers: each STOP measures the next of `measured` (ms). */
function calibratingHub(measured: number[]) {
  const queue = [...measured]
  return stubHub({
    whoAmI: admin,
    blindList: [kitchen],
    blindCalibrate: ({ direction }: Record<string, unknown>): Calibration =>
      direction === 'STOP'
        ? { direction: 'UP', startedAt: '2025-06-01T08:00:00.000Z', measuredMs: queue.shift()! }
        : {
            direction: direction as 'UP' | 'DOWN',
            startedAt: '2025-06-01T08:00:00.000Z',
            measuredMs: null,
          },
    blindUpdate: kitchen,
    blindMove: [kitchen],
  })
}

async function openCalibration() {
  renderWithHub(<BlindsPage />)
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Calibrate Kitchen' }))
  const dialog = screen.getByRole('dialog', { name: 'Calibrate Kitchen' })
  const press = (name: string) => user.click(within(dialog).getByRole('button', { name }))
  return { dialog, press, user }
}

describe('calibrating a blind', () => {
  setUpHubTests()

  it('runs it down, times it up and down, and saves both times with every other setting kept', async () => {
    const hub = calibratingHub([21000, 24300, 22100])
    const { dialog, press } = await openCalibration()

    expect(within(dialog).getByText('Step 1 of 3: start at the bottom')).toBeTruthy()
    await press('Run it down')
    await press('It is down')
    expect(await within(dialog).findByText('Step 2 of 3: time the way up')).toBeTruthy()
    await press('Run it up')
    await press('It has arrived')
    expect(await within(dialog).findByText('Step 3 of 3: time the way down')).toBeTruthy()
    await press('Run it down')
    await press('It has arrived')

    expect(await within(dialog).findByText('Done: both ways timed')).toBeTruthy()
    const times = dialog.querySelector('.calibration-times')!
    expect(within(times as HTMLElement).getByText('24.3 s')).toBeTruthy()
    expect(within(times as HTMLElement).getByText('22.1 s')).toBeTruthy()
    expect(hub.variablesOf('blindCalibrate').map((v) => v.direction)).toEqual([
      'DOWN',
      'STOP',
      'UP',
      'STOP',
      'DOWN',
      'STOP',
    ])
    expect(hub.variablesOf('blindCalibrate').every((v) => v.id === kitchen.id)).toBe(true)

    await press('Save')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The hub keeps every field an update leaves out: only the two measured times are sent.
    expect(hub.variablesOf('blindUpdate')).toEqual([
      { id: kitchen.id, input: { travelTimeUpMs: 24300, travelTimeDownMs: 22100 } },
    ])
    expect(screen.getByRole('status').textContent).toContain('Travel times of Kitchen saved')
  })

  it('skips the first run when the blind is already down', async () => {
    const hub = calibratingHub([])
    const { dialog, press } = await openCalibration()
    await press('It is already down')
    expect(within(dialog).getByText('Step 2 of 3: time the way up')).toBeTruthy()
    expect(hub.variablesOf('blindCalibrate')).toEqual([])
  })

  it('stops a running blind with a plain STOP on Cancel, so no end is assumed', async () => {
    const hub = calibratingHub([])
    const { press } = await openCalibration()
    await press('It is already down')
    await press('Run it up')
    await press('Cancel')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(hub.variablesOf('blindCalibrate').map((v) => v.direction)).toEqual(['UP'])
    expect(hub.variablesOf('blindMove')).toEqual([{ ids: [kitchen.id], direction: 'STOP' }])
  })

  it('sends nothing to the bus on Cancel while the blind stands still', async () => {
    const hub = calibratingHub([])
    const { press } = await openCalibration()
    await press('Cancel')
    expect(hub.variablesOf('blindMove')).toEqual([])
  })

  it('refuses to save a time the hub would refuse, and offers to start again', async () => {
    calibratingHub([400, 20000])
    const { dialog, press } = await openCalibration()
    await press('It is already down')
    await press('Run it up')
    await press('It has arrived')
    await press('Run it down')
    await press('It has arrived')
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The way up took 0.4 s; a travel time must be 1 to 300 s. Start again.',
    )
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true)
    // Focus lands where the person can go on: Save cannot be pressed, Start again can.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Start again' }))
    await press('Start again')
    expect(within(dialog).getByText('Step 1 of 3: start at the bottom')).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Run it down' }))
  })

  it('keeps focus in the dialog at every step when walked by keyboard, ending on Save', async () => {
    calibratingHub([21000, 24300, 22100])
    const { dialog, user } = await openCalibration()
    const inDialog = () => dialog.contains(document.activeElement)
    within(dialog).getByRole('button', { name: 'Run it down' }).focus()
    const steps = [
      'It is down',
      'Run it up',
      'It has arrived',
      'Run it down',
      'It has arrived',
      'Save',
    ]
    for (const next of steps) {
      await user.keyboard('{Enter}')
      const button = await within(dialog).findByRole('button', { name: next })
      await waitFor(() => expect(document.activeElement, next).toBe(button))
      expect(inDialog()).toBe(true)
    }
    expect(within(dialog).getByText('Done: both ways timed')).toBeTruthy()
  })

  it('stops the motor with a plain STOP on Escape while the run is still being started, and closes', async () => {
    let answerDown: (answer: Calibration) => void = () => {}
    const hub = stubHub({
      whoAmI: admin,
      blindList: [kitchen],
      blindCalibrate: () => new Promise<Calibration>((resolve) => (answerDown = resolve)),
      blindMove: [kitchen],
    })
    const { dialog, user } = await openCalibration()
    within(dialog).getByRole('button', { name: 'Run it down' }).focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(hub.variablesOf('blindCalibrate')).toHaveLength(1))
    expect(dialog.contains(document.activeElement)).toBe(true)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(hub.variablesOf('blindMove')).toEqual([{ ids: [kitchen.id], direction: 'STOP' }])
    answerDown({ direction: 'DOWN', startedAt: '2025-06-01T08:00:00.000Z', measuredMs: null })
  })

  it('stops the motor with a plain STOP on Escape while it runs, and closes', async () => {
    const hub = calibratingHub([])
    const { dialog, user } = await openCalibration()
    within(dialog).getByRole('button', { name: 'Run it down' }).focus()
    await user.keyboard('{Enter}')
    await within(dialog).findByRole('button', { name: 'It is down' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(hub.variablesOf('blindCalibrate').map((v) => v.direction)).toEqual(['DOWN'])
    expect(hub.variablesOf('blindMove')).toEqual([{ ids: [kitchen.id], direction: 'STOP' }])
  })
})
