import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Blind, HubStatus, ShadingMove } from '../../api/types'
import { errorAt, fieldError } from '../../test-support/field-error'
import { testBlind } from '../../test-support/blinds'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import { BlindFormDialog } from './BlindFormDialog'

const office: Blind = testBlind({ id: 'b-office', name: 'Office' })
const status = (locationConfigured: boolean): HubStatus => ({
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2026-06-24T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured,
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
})
const noPv = { configured: false }

function open(blind: Blind | null, answers: Record<string, Answer> = {}) {
  const hub = stubHub({
    hubStatus: status(true),
    houseLocation: { lat: 52.52, lon: 13.405, fromEnvironment: false },
    pv: noPv,
    shadingMoves: [],
    blindUpdate: (v: Record<string, unknown>) => ({ ...office, ...(v.input as object) }),
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

const FACES = 'Window faces (° from north)'
const SKY = 'Where the sun counts: compass and field of view'
const AFTER = 'Brightness, and where the blind goes afterwards'
const SHADE = 'Shade position (% open)'
const SWITCH = 'Shade this window when the sun is in front'

describe('the blind dialog’s sun and shading section', () => {
  setUpHubTests()

  it('sets the facade with the dial and its number together, and saves it with the rest', async () => {
    const { hub, onClose, user } = open(office)
    await user.click(screen.getByText(SKY))
    const dial = screen.getByRole('slider', { name: 'Facade direction' })
    expect(dial.getAttribute('aria-valuetext')).toBe('No facade set')

    await type(user, FACES, '200')
    expect(dial.getAttribute('aria-valuetext')).toBe('Window faces 200°, south')
    dial.focus()
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowRight}')
    expect(screen.getByLabelText(FACES)).toHaveProperty('value', '211')
    expect(dial.getAttribute('aria-valuetext')).toBe('Window faces 211°, south-west')

    // Left of 211°, looking out, is the south-east.
    await type(user, 'Sun counts towards the south-east (°)', '45')
    await type(user, SHADE, '20')
    await user.click(screen.getByRole('switch', { name: SWITCH }))
    await user.click(screen.getByText(AFTER))
    await user.selectOptions(
      screen.getByLabelText('When the sun has gone, the blind goes'),
      'position',
    )
    await type(user, 'Return position (% open)', '80')
    await user.selectOptions(
      screen.getByLabelText('After you move it yourself, shading waits'),
      'time',
    )
    await type(user, 'Shading resumes at', '07:30')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(hub.variablesOf('blindUpdate')[0]?.input).toMatchObject({
      facadeAzimuth: 211,
      fovLeft: 45,
      fovRight: 90,
      minElevation: 0,
      shadePosition: 20,
      shadeTilt: null,
      shadingEnabled: true,
      shadingMinBrightness: 40,
      shadingReturnPosition: 80,
      shadingResumeAt: '07:30',
    })
  })

  it('names each broken rule at its field, as the hub words it, and sends nothing', async () => {
    const { hub, user } = open(office)
    await type(user, FACES, '360')
    await user.click(screen.getByText(SKY))
    await type(user, 'Sun counts to the right (°)', '120')
    await type(user, 'Sun hidden below (° elevation)', 'high')
    await type(user, SHADE, '101')
    await user.click(screen.getByText(AFTER))
    await user.selectOptions(
      screen.getByLabelText('When the sun has gone, the blind goes'),
      'position',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(errorAt(FACES)).toBe(
      'Must be an integer from 0 to 359 compass degrees, 0 = north, 180 = south (got 360)',
    )
    expect(fieldError(screen.getByRole('slider', { name: 'Facade direction' }))).toBeNull()
    expect(errorAt('Sun counts to the right (°)')).toBe(
      'Must be an integer from 0 to 90° (got 120)',
    )
    expect(errorAt('Sun hidden below (° elevation)')).toBe(
      'Must be an integer from 0 to 90° (got “high”)',
    )
    expect(errorAt(SHADE)).toBe('Must be an integer from 0 to 100 (got 101)')
    expect(errorAt('Return position (% open)')).toBe(
      'Give a position from 0 (closed) to 100 (open)',
    )
    expect(errorAt('Sun counts to the left (°)')).toBe('')
    expect(document.activeElement).toBe(screen.getByLabelText(FACES))
    expect(hub.variablesOf('blindUpdate')).toEqual([])

    // A corrected field stops shouting.
    await type(user, FACES, '90')
    expect(errorAt(FACES)).toBe('')
  })

  it('refuses shading switched on before the window’s direction and shade position are set', async () => {
    const { hub, user } = open(office)
    await user.click(screen.getByRole('switch', { name: SWITCH }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(errorAt(SWITCH)).toBe(
      'Set which way the window faces and a shade position first, or leave shading off',
    )
    await type(user, FACES, '90')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(errorAt(SWITCH)).toBe('Set a shade position first, or leave shading off')
    expect(hub.variablesOf('blindUpdate')).toEqual([])
  })

  it('asks for the slats while shading only for a venetian blind, and checks the resume time', async () => {
    const { user } = open(office)
    expect(screen.queryByLabelText('Slats while shading (% open)')).toBeNull()
    await user.click(screen.getByText('Start delay and slats'))
    await user.click(screen.getByLabelText('Venetian blind: its slats turn'))
    await type(user, 'Slats while shading (% open)', '150')
    await user.click(screen.getByText(AFTER))
    await user.selectOptions(
      screen.getByLabelText('After you move it yourself, shading waits'),
      'time',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(errorAt('Slats while shading (% open)')).toBe(
      'Must be an integer from 0 to 100 (got 150)',
    )
    expect(errorAt('Shading resumes at')).toBe(
      'Must be a time of day as HH:MM, from 00:00 to 23:59 (got "")',
    )
  })

  it('shows the hub’s 400 about the shade position at that field', async () => {
    const { onClose, user } = open(office, {
      blindUpdate: new HubErrorAnswer(
        'shadePosition must not be set while the blind’s travel time is not known',
        400,
        'shadePosition',
      ),
    })
    await type(user, SHADE, '30')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorAt(SHADE)).toBe('Must not be set while the blind’s travel time is not known'),
    )
    expect(onClose).not.toHaveBeenCalled()
  })

  it('leaves the house’s location to Settings, with a line that links there', async () => {
    open(office)
    const section = screen.getByRole('region', { name: 'Sun and shading' })
    const link = await within(section).findByRole('link', { name: 'Settings' })
    expect(link.getAttribute('href')).toBe('/settings')
    expect(link.closest('p')?.textContent).toBe('The house’s location is set in Settings.')
    expect(within(section).queryByLabelText('Latitude (° north)')).toBeNull()
    expect(within(section).queryByText(/^The house stands at/)).toBeNull()
  })

  it('says shading waits for the house’s location while the hub does not know it, linking to Settings', async () => {
    open(office, {
      hubStatus: status(false),
      houseLocation: { lat: null, lon: null, fromEnvironment: false },
    })
    const link = await screen.findByRole('link', { name: 'Set it in Settings' })
    expect(link.getAttribute('href')).toBe('/settings')
    expect(link.closest('p')?.textContent).toBe(
      'Shading needs the house’s location, which is not set yet. Set it in Settings',
    )
    expect(screen.queryByLabelText('Latitude (° north)')).toBeNull()
  })

  it('puts the shading switch first and folds the details away until asked for', async () => {
    const { user } = open(office)
    const section = screen.getByRole('region', { name: 'Sun and shading' })
    const first = section.querySelector('input, select')
    expect(first).toBe(screen.getByRole('switch', { name: SWITCH }))
    const sky = screen.getByText(SKY).closest('details')!
    const after = screen.getByText(AFTER).closest('details')!
    expect(sky.open).toBe(false)
    expect(after.open).toBe(false)
    expect(sky.contains(screen.getByRole('slider', { name: 'Facade direction' }))).toBe(true)
    expect(after.contains(screen.getByLabelText(/^Bright enough at/))).toBe(true)
    await user.click(screen.getByText(SKY))
    expect(sky.open).toBe(true)
  })

  it('opens a fold by itself when Save finds a broken rule inside it, and puts focus there', async () => {
    const { hub, user } = open(office)
    await user.click(screen.getByText(SKY))
    await type(user, 'Sun counts to the left (°)', '95')
    await user.click(screen.getByText(SKY))
    expect(screen.getByText(SKY).closest('details')!.open).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText(SKY).closest('details')!.open).toBe(true)
    expect(document.activeElement).toBe(screen.getByLabelText('Sun counts to the left (°)'))
    expect(hub.variablesOf('blindUpdate')).toEqual([])
  })

  it('says at once that 400 is no compass direction, at the field and on the dial, before Save', async () => {
    const { user } = open(office)
    await user.click(screen.getByText(SKY))
    await type(user, FACES, '400')
    expect(errorAt(FACES)).toBe(
      'Must be an integer from 0 to 359 compass degrees, 0 = north, 180 = south (got 400)',
    )
    const dial = screen.getByRole('slider', { name: 'Facade direction' })
    expect(dial.getAttribute('aria-valuetext')).toBe('Not a compass direction: “400”')
    expect(screen.queryByText(/No facade set/)).toBeNull()
  })

  it('names a south window’s sides by the compass as the hub counts them: left, looking out, is east', async () => {
    const { user } = open(testBlind({ id: 'b-south', name: 'South', facadeAzimuth: 180 }))
    await user.click(screen.getByText(SKY))
    // fovLeft is counter-clockwise from the facade (hub/shading/sun-position.ts): 180 - 90 = east.
    const left = screen.getByLabelText('Sun counts towards the east (°)')
    const right = screen.getByLabelText('Sun counts towards the west (°)')
    expect(left).toHaveProperty('value', '90')
    await type(user, 'Sun counts towards the east (°)', '30')
    expect(right).toHaveProperty('value', '90')
    // The wedge on the dial (north up, east right) now reaches 30° east of south, 90° west.
    const wedge = screen.getByTestId('facade-wedge').getAttribute('d')!
    const [, fromX] = /^M 100 100 L ([\d.]+) ([\d.]+)/.exec(wedge)!
    expect(Number(fromX)).toBeGreaterThan(100)
    expect(screen.getByLabelText('Sun counts towards the east (°)')).toBe(left)
  })

  it('says the brightness share needs a solar inverter, which this hub has none of', async () => {
    open(office)
    await waitFor(() =>
      expect(
        screen.getByText(/^Needs a solar inverter \(LAMELLA_PV\)\. This hub has none/),
      ).toBeTruthy(),
    )
  })

  it('says how the brightness share is used once a solar inverter is set up', async () => {
    open(office, { pv: { configured: true } })
    await screen.findByText(/^The solar inverter’s 5-minute mean must reach this share/)
  })

  it('shows what shading does now and its latest moves, in the hub’s time zone', async () => {
    const shaded = testBlind({
      id: 'b-office',
      name: 'Office',
      facadeAzimuth: 180,
      shadePosition: 30,
      shadingEnabled: true,
      shading: { active: true, pausedUntil: null, reason: 'SUN_IN_FRONT', since: null },
    })
    const moves: ShadingMove[] = [
      {
        id: 'm-2',
        at: '2026-06-24T12:40:00Z',
        reason: 'ENDED',
        fromPosition: 30,
        toPosition: 100,
        blindId: shaded.id,
      },
      {
        id: 'm-1',
        at: '2026-06-24T09:05:00Z',
        reason: 'SUN_IN_FRONT',
        fromPosition: 100,
        toPosition: 30,
        blindId: shaded.id,
      },
    ]
    const { hub, user } = open(shaded, { shadingMoves: moves })
    await user.click(screen.getByText('Recent shading moves'))
    const list = await screen.findByRole('list', { name: 'Recent shading moves' })
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    // 12:40 UTC is 14:40 in Berlin, whatever the browser's own zone (the test's locale: en-US).
    expect(rows[0]).toMatch(/(14:40|02:40\sPM)Ended30\s% open → Open$/)
    expect(rows[1]).toMatch(/(11:05|11:05\sAM)Sun in frontOpen → 30\s% open$/)
    expect(screen.getByText('Shading')).toBeTruthy()
    expect(hub.variablesOf('shadingMoves')[0]).toEqual({ blindId: shaded.id, limit: 8 })
  })
})
