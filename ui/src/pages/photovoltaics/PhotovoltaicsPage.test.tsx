import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PvSample, PvStatus } from '../../api/types'
import { renderWithHub, setUpHubTests, stubHub, type Answer } from '../../test-support/hub-stub'
import PhotovoltaicsPage from './PhotovoltaicsPage'
import { HUB_ZONE, energyDays, hubStatus, notConfigured, producing } from './test-fixtures'

/** "13:05" as the page writes a time in the hub's zone. */
const hubClock = (at: number | string) =>
  new Date(at).toLocaleTimeString(undefined, {
    timeZone: HUB_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  })

/** Today's samples: a morning's rise to `peakW` at `from` + 12 h 05 min, then a fall. */
function morning(from: string, peakW: number): PvSample[] {
  const peakAt = Date.parse(from) + (12 * 60 + 5) * 60_000
  return [-120, -60, -1, 0, 1, 60].map((minutes) => ({
    at: new Date(peakAt + minutes * 60_000).toISOString(),
    powerW: minutes === 0 ? peakW : Math.round(peakW * 0.6),
    dcPowerW: null,
  }))
}

function renderPage(pv: PvStatus | Answer, answers: Record<string, Answer> = {}) {
  const stub = stubHub({
    hubStatus,
    pv,
    pvHistory: ({ from }: Record<string, unknown>) => morning(String(from), 4210),
    // Today (the last) as the inverter's status says: 12.34 kWh.
    pvEnergy: energyDays(30, (i) => (i === 27 ? 23_400 : i === 29 ? 12_340 : 10_000)),
    ...answers,
  })
  const view = renderWithHub(<PhotovoltaicsPage />, { path: '/photovoltaics' })
  return { ...stub, ...view }
}

const figure = (label: string) =>
  screen.getByRole('region', { name: label }).querySelector('p:not(.pv-stat-label)')?.textContent

describe('the photovoltaics page', () => {
  setUpHubTests()
  // An afternoon in the hub's zone, so that today's curve (midnight to 13:05) is all in the past
  // whenever the tests run; the clock stands still unless a test moves it.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2025-06-30T13:30:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the power now with the inverter’s state, today’s and lifetime energy, and its name plate', async () => {
    renderPage(producing())
    expect(await screen.findByText('3.42 kW')).toBeTruthy()
    expect(screen.getByText('Producing')).toBeTruthy()
    expect(figure('Energy today')).toBe('12.3 kWh')
    expect(figure('Lifetime')).toBe('1.23 MWh')
    expect(screen.getByText(/DC input 3\.55 kW/)).toBeTruthy()
    expect(screen.getByText('Lamella Emulated inverter')).toBeTruthy()
    const plate = screen.getByRole('region', { name: 'Inverter' })
    expect([...plate.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual([
      'Manufacturer',
      'Lamella',
      'Model',
      'Emulated inverter',
      'Serial number',
      'EMU-0001',
      'Firmware version',
      '1.0.0',
    ])
    expect(document.querySelector('.pv-offline')).toBeNull()
  })

  it('asks for today’s samples from midnight in the hub’s time zone, and sums the curve in words', async () => {
    const { variablesOf } = renderPage(producing())
    const summary = await screen.findByText(/^Peak /)
    const [{ from, to }] = variablesOf('pvHistory') as [{ from: string; to: string }]
    expect(hubClock(from)).toBe(hubClock(Date.UTC(2025, 0, 1, 23)))
    expect(Date.parse(from)).toBeLessThanOrEqual(Date.now())
    expect(Date.parse(to)).toBeGreaterThan(Date.now())
    expect([23, 24, 25]).toContain((Date.parse(to) - Date.parse(from)) / 3_600_000)
    const peakAt = Date.parse(from) + (12 * 60 + 5) * 60_000
    expect(summary.textContent).toBe(`Peak 4.21 kW at ${hubClock(peakAt)}. 12.3 kWh so far today.`)
  })

  it('sums the last 30 days in words: the best day and the total', async () => {
    const { variablesOf } = renderPage(producing())
    const bars = await screen.findByRole('region', { name: 'Last 30 days' })
    await waitFor(() => expect(within(bars).getByText(/^Best day/)).toBeTruthy())
    // Day 27 of 30 ending 30 Jun is 28 Jun; 28 days of 10 kWh, one of 23.4 and today 12.34.
    expect(within(bars).getByText(/^Best day/).textContent).toMatch(
      /^Best day Sat, (28 Jun|Jun 28), 23\.4 kWh\. 316 kWh in 30 days\.$/,
    )
    expect(variablesOf('pvEnergy')).toEqual([{ days: 30 }])
  })

  it('follows the hub’s pushes: the power, today’s energy and the curve’s peak', async () => {
    const { hub } = renderPage(producing())
    await screen.findByText(/^Peak 4\.21 kW/)
    const at = new Date().toISOString()
    act(() =>
      hub.push('pv:sample', {
        at,
        online: true,
        powerW: 5020,
        dcPowerW: 5200,
        todayWh: 12_900,
        state: 'THROTTLED',
      }),
    )
    expect(screen.getByText('5.02 kW')).toBeTruthy()
    expect(screen.getByText('Producing, throttled')).toBeTruthy()
    expect(figure('Energy today')).toBe('12.9 kWh')
    expect(screen.getByText(/^Peak /).textContent).toBe(
      `Peak 5.02 kW at ${hubClock(at)}. 12.9 kWh so far today.`,
    )
  })

  it('follows the hub’s pushes in the last 30 days: today’s bar is always “Energy today”', async () => {
    // The hub's days were asked for a poll before its status: today's bar said 1.46 kWh less.
    const { hub } = renderPage(producing(), {
      pvEnergy: energyDays(30, (i) => (i === 27 ? 23_400 : i === 29 ? 10_880 : 10_000)),
    })
    const bars = await screen.findByRole('region', { name: 'Last 30 days' })
    const summary = await within(bars).findByText(/^Best day/)
    expect(figure('Energy today')).toBe('12.3 kWh')
    expect(summary.textContent).toMatch(/, 23\.4 kWh\. 316 kWh in 30 days\.$/)
    act(() =>
      hub.push('pv:sample', {
        at: new Date().toISOString(),
        online: true,
        powerW: 5020,
        dcPowerW: 5200,
        todayWh: 24_500,
        state: 'MPPT',
      }),
    )
    // Today is the best day now, and the total grew by what today's bar did.
    expect(figure('Energy today')).toBe('24.5 kWh')
    expect(within(bars).getByText(/^Best day/).textContent).toMatch(
      /^Best day Mon, (30 Jun|Jun 30), 24\.5 kWh\. 328 kWh in 30 days\.$/,
    )
  })

  it('asks for the last 30 days again once the day turns, in the hub’s time zone', async () => {
    // 23:59:50 in Berlin; the page reads the clock every 30 s.
    vi.useFakeTimers({
      toFake: ['Date', 'setInterval', 'clearInterval'],
      now: Date.parse('2025-06-30T21:59:50Z'),
    })
    const { variablesOf } = renderPage(producing())
    const bars = await screen.findByRole('region', { name: 'Last 30 days' })
    await within(bars).findByText(/^Best day/)
    expect(variablesOf('pvEnergy')).toHaveLength(1)
    act(() => vi.advanceTimersByTime(30_000))
    await waitFor(() => expect(variablesOf('pvEnergy')).toHaveLength(2))
  })

  it('says how long ago the inverter was read, and keeps counting', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    renderPage(producing({ updatedAt: new Date(Date.now() - 12_000).toISOString() }))
    expect(await screen.findByText('Updated 12 s ago')).toBeTruthy()
    act(() => vi.advanceTimersByTime(5000))
    expect(screen.getByText('Updated 17 s ago')).toBeTruthy()
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByText('Updated 1 min ago')).toBeTruthy()
  })

  it('says clearly since when the inverter is not reachable, in the hub’s time zone, and why', async () => {
    const since = new Date(Date.now() - 5 * 60_000).toISOString()
    renderPage(
      producing({
        online: false,
        offlineSince: since,
        error: 'connect ECONNREFUSED 192.168.1.20:502',
        powerW: null,
        todayWh: 8100,
        state: null,
        updatedAt: new Date(Date.now() - 6 * 60_000).toISOString(),
        mppt: [{ id: 1, label: 'South roof', powerW: 2100, voltageV: 412, currentA: 5.1 }],
      }),
    )
    const banner = (await screen.findByText(/^Not reachable since/)).closest<HTMLElement>(
      '.pv-offline',
    )!
    expect(banner.getAttribute('role')).toBe('status')
    expect(banner.querySelector('strong')?.textContent).toBe(
      `Not reachable since Today ${hubClock(since)}`,
    )
    expect(within(banner).getByText('connect ECONNREFUSED 192.168.1.20:502')).toBeTruthy()
    expect(figure('Power now')).toBe('—')
    expect(screen.getByText('Not reachable', { selector: '.pv-state' })).toBeTruthy()
    expect(screen.getByText('Last read 6 min ago')).toBeTruthy()
    // What was produced before stays; a string's power from before would read as now.
    expect(figure('Energy today')).toBe('8.10 kWh')
    expect(screen.queryByText('South roof')).toBeNull()
  })

  it('turns to "not reachable" when a push says the inverter went away', async () => {
    let pv = producing()
    const { hub } = renderPage(() => pv)
    await screen.findByText('3.42 kW')
    pv = producing({
      online: false,
      offlineSince: new Date().toISOString(),
      error: 'read timeout after 3000 ms',
    })
    act(() =>
      hub.push('pv:sample', {
        at: new Date().toISOString(),
        online: false,
        powerW: null,
        dcPowerW: null,
        todayWh: null,
        state: null,
      }),
    )
    const since = await screen.findByText(/^Not reachable since/)
    expect(since.textContent).toMatch(/^Not reachable since Today \d/)
    expect(screen.getByText('read timeout after 3000 ms')).toBeTruthy()
    expect(screen.queryByText('3.42 kW')).toBeNull()
  })

  it('says how to turn it on while LAMELLA_PV is not set, and asks for nothing else', async () => {
    const { sent } = renderPage(notConfigured)
    expect(await screen.findByRole('heading', { name: 'No inverter is set up' })).toBeTruthy()
    expect(screen.getByText('LAMELLA_PV=modbus-tcp://HOST[:PORT][?unit=N]')).toBeTruthy()
    expect(screen.getByText(/restart the hub/)).toBeTruthy()
    expect(screen.getByText('Photovoltaics', { selector: 'strong' })).toBeTruthy()
    expect(sent.map((s) => s.operationName)).toEqual(['pv'])
  })

  it('lists each MPPT string with its power, voltage and current', async () => {
    renderPage(
      producing({
        mppt: [
          { id: 1, label: 'South roof', powerW: 2100, voltageV: 412.4, currentA: 5.09 },
          { id: 2, label: null, powerW: 850, voltageV: 380, currentA: 2.24 },
        ],
      }),
    )
    const strings = await screen.findByRole('list', { name: 'Strings (MPPT trackers)' })
    expect(
      within(strings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['South roof2.10 kW412 V · 5.1 A', 'Tracker 2850 W380 V · 2.2 A'])
  })

  it('leaves the strings out when the inverter has no MPPT model', async () => {
    renderPage(producing({ mppt: [] }))
    await screen.findByText('3.42 kW')
    expect(screen.queryByRole('region', { name: 'Strings (MPPT trackers)' })).toBeNull()
  })

  it('says so when there is no sample yet today, without a chart', async () => {
    renderPage(producing({ todayWh: 0 }), { pvHistory: [] })
    expect(await screen.findByText('No production yet today. 0 Wh so far today.')).toBeTruthy()
    const curve = screen.getByRole('region', { name: "Today's power" })
    expect(curve.querySelector('.pv-chart-canvas, .pv-chart-placeholder')).toBeNull()
  })
})
