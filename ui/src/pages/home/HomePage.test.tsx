import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AutomationSummary, Blind, HubStatus, User } from '../../api/types'
import type { MqttLink } from './MqttHealth'
import { testBlind } from '../../test-support/blinds'
import {
  HubErrorAnswer,
  renderWithHub,
  setUpHubTests,
  stubHub,
  type Answer,
} from '../../test-support/hub-stub'
import HomePage from './HomePage'

const blind = (id: string, name: string, isFavorite: boolean): Blind =>
  testBlind({ id, name, isFavorite })
const automation = (
  id: string,
  name: string,
  isFavorite: boolean,
  extra: Partial<AutomationSummary> = {},
): AutomationSummary => ({
  id,
  name,
  isFavorite,
  trigger: { type: 'MANUAL', cron: null, sunEvent: null, offsetMinutes: 0, enabled: true },
  scene: [{ id: `${id}-s0`, duration: 5000 }],
  nextRunAt: null,
  wouldRunAt: null,
  schedulePause: null,
  lastRun: null,
  ...extra,
})
const anna: User = { id: 'u-anna', username: 'anna', isAdmin: false, userBlindList: [] }
const healthy: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 100,
  now: '2025-06-01T08:00:00.000Z',
  timeZone: 'Europe/Berlin',
  clockSynchronized: true,
  locationConfigured: false,
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
}

function renderHome(answers: Record<string, Answer> = {}) {
  const { sent } = stubHub({
    whoAmI: anna,
    hubStatus: healthy,
    blindList: [blind('b-1', 'Office', false), blind('b-2', 'Bedroom', true)],
    automationList: [
      automation('a-1', 'Evening', true, {
        lastRun: {
          id: 'r-1',
          automationId: 'a-1',
          status: 'FAILED',
          source: 'cron',
          startedAt: '2025-06-01T18:00:00.000Z',
          finishedAt: '2025-06-01T18:00:01.000Z',
          sceneIndex: 0,
          error: 'The relay bus is offline',
          estimatedEndAt: null,
          skipped: [],
        },
      }),
      automation('a-2', 'Holiday', false),
    ],
    ...answers,
  })
  renderWithHub(<HomePage />)
  return sent
}

describe('the home page', () => {
  setUpHubTests()

  it('greets the user and shows only their favourite blinds and automations', async () => {
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy()
    expect(await screen.findByText(/, anna\.$/)).toBeTruthy()

    const blinds = await screen.findByRole('list', { name: 'Favourite blinds' })
    expect(
      within(blinds)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.list-title')?.textContent),
    ).toEqual(['Bedroom'])
    expect(within(blinds).getByRole('button', { name: 'Up Bedroom' })).toBeTruthy()

    const automations = await screen.findByRole('list', { name: 'Favourite automations' })
    const [row, ...others] = within(automations).getAllByRole('listitem')
    expect(others).toEqual([])
    expect(row?.textContent).toContain('Next: Manual only')
    expect(row?.textContent).toContain('Last run: Failed')
  })

  it('says a starred schedule rests in holiday mode and when it would run, not “Manual only”', async () => {
    renderHome({
      automationList: [
        automation('a-1', 'Evening', true, {
          trigger: {
            type: 'CRON',
            cron: '0 19 * * *',
            sunEvent: null,
            offsetMinutes: 0,
            enabled: true,
          },
          wouldRunAt: '2025-06-01T17:00:00.000Z',
          schedulePause: 'HOLIDAY',
        }),
      ],
    })
    const automations = await screen.findByRole('list', { name: 'Favourite automations' })
    const row = within(automations).getByRole('listitem')
    await waitFor(() =>
      expect(row.textContent).toMatch(/Paused: holiday mode · would run .*(19:00|07:00 PM)/),
    )
    expect(row.textContent).not.toMatch(/Manual only/)
  })

  it('shows the relay bus as online, with no warnings, when all is well', async () => {
    renderHome()
    expect(await screen.findByText('Relay bus online')).toBeTruthy()
    expect(document.querySelector('.banner-warning')).toBeNull()
  })

  it('warns that blinds cannot move while the bus is offline, and that schedules are paused', async () => {
    const raw =
      'cannot open /dev/ttyUSB0: Error: No such file or directory, cannot open /dev/ttyUSB0'
    renderHome({
      hubStatus: {
        ...healthy,
        clockSynchronized: false,
        bus: { online: false, path: '/dev/ttyUSB0', error: raw },
      },
    })
    const reason = await screen.findByText(/The USB RS-485 adapter/)
    expect(reason.textContent).toBe(
      'The relay bus is offline, so blinds cannot move until it is back. The USB RS-485 adapter /dev/ttyUSB0 is not plugged in, or LAMELLA_SERIAL names the wrong device.',
    )
    // The operating system's words stay, folded away.
    const details = reason.closest('.bus-notice')?.querySelector('details')
    expect(details?.querySelector('summary')?.textContent).toBe('Details')
    expect(details?.querySelector('code')?.textContent).toBe(raw)
    expect(
      screen.getByText("The hub's clock is not synchronised, so schedules are paused until it is."),
    ).toBeTruthy()
    expect(screen.getByText('Relay bus offline')).toBeTruthy()

    // The favourite blind's buttons cannot be pressed, and say why.
    for (const name of ['Up Bedroom', 'Stop Bedroom', 'Down Bedroom']) {
      const button = await screen.findByRole('button', { name })
      expect(button).toHaveProperty('disabled', true)
      expect(button.getAttribute('aria-describedby')).toBe(reason.id)
    }
  })

  it('tells an admin which boards refused board-timed pulses, and how to say so', async () => {
    renderHome({
      whoAmI: { ...anna, isAdmin: true },
      hubStatus: { ...healthy, hubTimedPulseUnits: [1, 3] },
    })
    expect(
      await screen.findByText('· emulator · board-timed pulses, hub-timed on units 1 and 3', {
        exact: false,
      }),
    ).toBeTruthy()
    const note = screen.getByText(/refused board-timed pulses/)
    expect(note.textContent).toBe(
      'Units 1 and 3 refused board-timed pulses ("flash on"), so the hub switches their relays ' +
        'off itself. For standard Modbus relay boards, set LAMELLA_PULSE=hub.',
    )
  })

  it('shows an admin that the hub times every pulse with LAMELLA_PULSE=hub', async () => {
    renderHome({ whoAmI: { ...anna, isAdmin: true }, hubStatus: { ...healthy, pulseMode: 'HUB' } })
    expect(await screen.findByText('· emulator · hub-timed pulses', { exact: false })).toBeTruthy()
    expect(screen.queryByText(/refused board-timed pulses/)).toBeNull()
  })

  it('leaves pulse timing out for a user who is no admin', async () => {
    renderHome({ hubStatus: { ...healthy, hubTimedPulseUnits: [1] } })
    expect(await screen.findByText('Relay bus online')).toBeTruthy()
    expect(screen.queryByText(/pulses/)).toBeNull()
  })

  const connected: MqttLink = {
    broker: 'mqtt://homeassistant.local:1883',
    hubId: 'upstairs',
    connected: true,
    since: '2025-06-01T07:00:00.000Z',
    error: null,
  }
  const down: MqttLink = {
    ...connected,
    connected: false,
    since: '2025-06-01T12:30:00.000Z',
    error: 'connect ECONNREFUSED 192.168.1.20:1883',
  }
  const admin = { ...anna, isAdmin: true }

  it('shows an admin that Home Assistant is connected over MQTT, to which broker and as which hub', async () => {
    renderHome({ whoAmI: admin, hubStatus: { ...healthy, mqtt: connected } })
    const line = (await screen.findByText(/^Home Assistant \(MQTT\)/)).closest('.hub-line')
    expect(line?.textContent).toBe(
      'Home Assistant (MQTT) connected · mqtt://homeassistant.local:1883 · hub upstairs',
    )
    expect(line?.querySelector('.hub-dot-online')).toBeTruthy()
    expect(document.querySelector('.banner-warning')).toBeNull()
  })

  it('warns an admin while the MQTT link is down, since when in the hub’s time zone, with the error folded away', async () => {
    // Far from wherever the tests run: 12:30 UTC is 18:00 in Kolkata.
    renderHome({ whoAmI: admin, hubStatus: { ...healthy, timeZone: 'Asia/Kolkata', mqtt: down } })
    const sentence = await screen.findByText(/cannot reach this hub's blinds/)
    const banner = sentence.closest('.banner-warning')
    expect(banner?.getAttribute('role')).toBe('status')
    expect(sentence.closest('p')?.textContent).toMatch(
      /^Home Assistant and other hubs cannot reach this hub's blinds\. Its MQTT link has been down since .*(18:00|6:00 PM); the blinds still work from here, and the hub keeps trying to reconnect\.$/,
    )
    expect(banner?.querySelector('time')?.getAttribute('dateTime')).toBe(down.since)
    expect(banner?.querySelector('details summary')?.textContent).toBe('Details')
    expect(banner?.querySelector('details code')?.textContent).toBe(down.error)
    const line = screen.getByText(/^Home Assistant \(MQTT\)/).closest('.hub-line')
    expect(line?.textContent).toBe(
      'Home Assistant (MQTT) disconnected · mqtt://homeassistant.local:1883 · hub upstairs',
    )
    expect(line?.querySelector('.hub-dot-offline')).toBeTruthy()
  })

  it('does not warn while the hub’s first attempt to reach the broker has not ended', async () => {
    renderHome({
      whoAmI: admin,
      hubStatus: { ...healthy, mqtt: { ...connected, connected: false, since: null } },
    })
    expect(await screen.findByText('Home Assistant (MQTT) connecting')).toBeTruthy()
    expect(document.querySelector('.banner-warning')).toBeNull()
  })

  it('says nothing of MQTT to a user who is no admin, even while the link is down', async () => {
    renderHome({ hubStatus: { ...healthy, mqtt: down } })
    expect(await screen.findByText('Relay bus online')).toBeTruthy()
    expect(screen.queryByText(/MQTT|Home Assistant/)).toBeNull()
    expect(document.querySelector('.banner-warning')).toBeNull()
  })

  it('says nothing of MQTT to an admin while the hub has no MQTT link set up', async () => {
    renderHome({ whoAmI: admin })
    expect(await screen.findByText('Relay bus online')).toBeTruthy()
    expect(screen.queryByText(/MQTT|Home Assistant/)).toBeNull()
  })

  it('points to the Blinds and Automation pages while nothing is starred', async () => {
    renderHome({ blindList: [blind('b-1', 'Office', false)], automationList: [] })
    expect(await screen.findByText('Mark blinds with the star to see them here.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to blinds' }).getAttribute('href')).toBe('/blinds')
    expect(screen.getByRole('link', { name: 'Go to automations' }).getAttribute('href')).toBe(
      '/automation',
    )
  })

  it('runs a favourite automation and says so', async () => {
    const sent = renderHome({
      automationRun: {
        id: 'r-2',
        automationId: 'a-1',
        status: 'RUNNING',
        source: 'manual',
        startedAt: '2025-06-01T19:00:00.000Z',
        finishedAt: null,
        sceneIndex: 0,
        error: null,
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Run Evening' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Started Evening'))
    expect(sent.find((r) => r.operationName === 'automationRun')?.variables).toEqual({ id: 'a-1' })
  })

  it('shows the hub’s 409 when the automation is already running', async () => {
    renderHome({
      automationRun: new HubErrorAnswer(
        'This automation is already running (run r-1); cancel it first',
        409,
      ),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Run Evening' }))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        'This automation is already running (run r-1); cancel it first',
      ),
    )
  })
})
