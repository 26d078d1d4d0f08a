import { describe, expect, it } from 'vitest'
import { dayOf, startOfDay, todayRange } from './hub-day'

describe('days in the hub’s time zone', () => {
  it('starts today at the hub’s midnight, whatever the browser’s zone', () => {
    // 23:30 UTC on 1 June is already 2 June in Berlin (UTC+2).
    const now = new Date('2025-06-01T23:30:00Z')
    expect(dayOf(now, 'Europe/Berlin')).toBe('2025-06-02')
    expect(todayRange(now, 'Europe/Berlin')).toEqual({
      from: '2025-06-01T22:00:00.000Z',
      to: '2025-06-02T22:00:00.000Z',
    })
    expect(todayRange(now, 'America/New_York')).toEqual({
      from: '2025-06-01T04:00:00.000Z',
      to: '2025-06-02T04:00:00.000Z',
    })
  })

  it('gives a day with a clock change its 23 or 25 hours', () => {
    const spring = todayRange(new Date('2025-03-30T12:00:00Z'), 'Europe/Berlin')
    expect(spring).toEqual({ from: '2025-03-29T23:00:00.000Z', to: '2025-03-30T22:00:00.000Z' })
    const autumn = todayRange(new Date('2025-10-26T12:00:00Z'), 'Europe/Berlin')
    expect(autumn).toEqual({ from: '2025-10-25T22:00:00.000Z', to: '2025-10-26T23:00:00.000Z' })
  })

  it('finds midnight where a zone changes its clock at midnight', () => {
    // Chile's spring change: 7 Sep 2025 has no 00:00; the day starts at 01:00 (UTC-3).
    expect(startOfDay('2025-09-07', 'America/Santiago').toISOString()).toBe(
      '2025-09-07T04:00:00.000Z',
    )
  })
})
