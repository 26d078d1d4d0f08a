// The settings page for admins: its sections (the house's location, holiday mode, and read-only
// lines for MQTT and PV), holiday mode switched and its offset chosen here, and what MQTT and
// PV say while off, up and down.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Holiday, HubStatus, PvStatus, User } from '../../api/types'
import { errorAt } from '../../test-support/field-error'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import type { MatterStatus } from '../../api/matter'
import SettingsPage from './SettingsPage'

const admin: User = { id: 'u-admin', username: 'admin', isAdmin: true, userBlindList: [] }
const hubStatus: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2026-07-01T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured: true,
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
}
const off: Holiday = { enabled: false, randomOffsetMinutes: 0, since: null }
const matterOff: MatterStatus = {
  enabled: false,
  commissioned: false,
  manualPairingCode: null,
  qrPairingCode: null,
  qrCodeRows: null,
  fabrics: [],
}
const rows = Array.from({ length: 21 }, (_, y) =>
  y % 2 ? '10'.repeat(10) + '1' : '01'.repeat(10) + '0',
)
const matterReady: MatterStatus = {
  enabled: true,
  commissioned: false,
  manualPairingCode: '34970112332',
  qrPairingCode: 'MT:Y.K9042C00KA0648G00',
  qrCodeRows: rows,
  fabrics: [],
}
const noPv = { configured: false, online: false, error: null, offlineSince: null } as PvStatus

function show(answers: Record<string, Answer> = {}) {
  const sent = stubHub({
    whoAmI: admin,
    hubStatus,
    holiday: off,
    houseLocation: { lat: 52.52, lon: 13.405, fromEnvironment: false },
    pv: noPv,
    pvAddress: { address: null },
    matter: matterOff,
    ...answers,
  })
  renderWithHub(<SettingsPage />)
  return { sent, user: userEvent.setup() }
}

const section = (name: string) => screen.getByRole('region', { name })

describe('the settings page', () => {
  setUpHubTests()

  it('has a section each for the house’s location, holiday mode, weather, MQTT and PV', async () => {
    show()
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy()
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(titles).toEqual([
      'House location',
      'Holiday mode',
      'Weather sensors',
      'Weather alarms',
      'Apple Home, Google Home, Alexa (Matter)',
      'Home Assistant (MQTT)',
      'Photovoltaics',
    ])
    await within(section('House location')).findByText('The house stands at 52.520° N, 13.405° E')
  })

  it('says how to turn Matter on while it is off', async () => {
    show()
    const matter = section('Apple Home, Google Home, Alexa (Matter)')
    await within(matter).findByText(/^Off\. Start the hub with/)
    expect(within(matter).getByText('LAMELLA_MATTER=1')).toBeTruthy()
    expect(within(matter).queryByRole('button')).toBeNull()
  })

  it('shows the QR code and the manual code in groups until an app is paired', async () => {
    show({ matter: matterReady })
    const matter = section('Apple Home, Google Home, Alexa (Matter)')
    await within(matter).findByText('Ready to pair')
    expect(within(matter).getByRole('img', { name: 'Matter pairing QR code' })).toBeTruthy()
    expect(within(matter).getByLabelText('Manual pairing code').textContent).toBe('3497-011-2332')
  })

  it('forgets every pairing only after asking, then shows the codes again', async () => {
    let status: MatterStatus = { ...matterReady, commissioned: true, fabrics: ['Apple Home'] }
    const { sent, user } = show({
      matter: () => status,
      matterForgetPairings: () => (status = matterReady),
    })
    const matter = section('Apple Home, Google Home, Alexa (Matter)')
    await within(matter).findByText('Apple Home')
    expect(within(matter).queryByText('Ready to pair')).toBeNull()
    await user.click(within(matter).getByRole('button', { name: 'Forget all pairings' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Forget all pairings?' })
    expect(sent.variablesOf('matterForgetPairings')).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Forget all' }))
    await within(matter).findByText('Ready to pair')
    expect(sent.variablesOf('matterForgetPairings')).toHaveLength(1)
  })

  it('switches holiday mode on with the lived-in offset, and says so at once', async () => {
    // The hub keeps what it was told, and answers the next read with it.
    let holiday: Holiday = { ...off, randomOffsetMinutes: 10 }
    const { sent, user } = show({
      holiday: () => holiday,
      holidaySet: (v: Record<string, unknown>) =>
        (holiday = {
          enabled: v.enabled as boolean,
          randomOffsetMinutes: v.randomOffsetMinutes as number,
          since: v.enabled ? new Date().toISOString() : null,
        }),
    })
    const toggle = await screen.findByRole('switch', { name: 'Holiday mode' })
    const part = section('Holiday mode')
    expect(within(part).getByText('Holiday mode is off')).toBeTruthy()
    expect(toggle).toHaveProperty('checked', false)

    await user.click(toggle)
    await within(part).findByText(/^Holiday mode: schedules and shading paused since today/)
    expect(screen.getByRole('switch', { name: 'Holiday mode' })).toHaveProperty('checked', true)

    await user.selectOptions(screen.getByLabelText('Look lived-in'), '30')
    expect(sent.variablesOf('holidaySet')).toEqual([
      { enabled: true, randomOffsetMinutes: 10 },
      { enabled: true, randomOffsetMinutes: 30 },
    ])
  })

  it('shows the hub’s 400 about the offset at its field', async () => {
    const { user } = show({
      holidaySet: new HubErrorAnswer(
        'randomOffsetMinutes must be an integer from 0 to 30 minutes (got 35)',
        400,
        'randomOffsetMinutes',
      ),
    })
    await user.selectOptions(await screen.findByLabelText('Look lived-in'), '20')
    await waitFor(() =>
      expect(errorAt('Look lived-in')).toBe('Must be an integer from 0 to 30 minutes (got 35)'),
    )
  })

  it('says MQTT and PV are off, and where they are set', async () => {
    show()
    const mqtt = section('Home Assistant (MQTT)')
    await within(mqtt).findByText(/^Off\./)
    expect(mqtt.textContent).toContain('LAMELLA_MQTT_URL')
    const pv = section('Photovoltaics')
    await within(pv).findByText(/^Off\./)
    expect(pv.textContent).toContain('LAMELLA_PV')
    expect(screen.queryByRole('switch', { name: /MQTT|PV/ })).toBeNull()
  })

  it('shows the MQTT broker, this hub’s id and that the link is up, read-only', async () => {
    show({
      hubStatus: {
        ...hubStatus,
        mqtt: {
          broker: 'mqtt://broker.local:1883',
          hubId: 'attic',
          connected: true,
          since: '2026-07-01T06:00:00Z',
          error: null,
        },
      },
    })
    const mqtt = section('Home Assistant (MQTT)')
    await within(mqtt).findByText('mqtt://broker.local:1883')
    expect(within(mqtt).getByText('attic')).toBeTruthy()
    expect(within(mqtt).getByText('Connected')).toBeTruthy()
    expect(within(mqtt).queryByRole('textbox')).toBeNull()
  })

  it('says since when the MQTT link is down, and why', async () => {
    show({
      hubStatus: {
        ...hubStatus,
        mqtt: {
          broker: 'mqtt://broker.local:1883',
          hubId: 'attic',
          connected: false,
          since: '2026-07-01T06:00:00Z',
          error: 'connect ECONNREFUSED 192.168.1.5:1883',
        },
      },
    })
    const mqtt = section('Home Assistant (MQTT)')
    await within(mqtt).findByText(/^Disconnected since/)
    expect(within(mqtt).getByText('connect ECONNREFUSED 192.168.1.5:1883')).toBeTruthy()
  })

  it('shows the inverter’s address and whether it answers', async () => {
    show({
      pv: { ...noPv, configured: true, online: true },
      pvAddress: { address: 'modbus-tcp://192.168.1.20:502?unit=1' },
    })
    const pv = section('Photovoltaics')
    await within(pv).findByText('modbus-tcp://192.168.1.20:502?unit=1')
    expect(within(pv).getByText('Online')).toBeTruthy()
    expect(within(pv).getByRole('link', { name: 'Power and energy' }).getAttribute('href')).toBe(
      '/photovoltaics',
    )
  })

  it('says since when the inverter is offline, and why', async () => {
    show({
      pv: {
        ...noPv,
        configured: true,
        online: false,
        offlineSince: '2026-07-01T07:00:00Z',
        error: 'connect ECONNREFUSED 192.168.1.20:502',
      },
      pvAddress: { address: 'modbus-tcp://192.168.1.20:502?unit=1' },
    })
    const pv = section('Photovoltaics')
    await within(pv).findByText(/^Offline since/)
    expect(within(pv).getByText('connect ECONNREFUSED 192.168.1.20:502')).toBeTruthy()
  })
})
