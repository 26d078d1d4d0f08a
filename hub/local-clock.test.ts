import { describe, expect, it } from 'vitest'
import { localClock } from './local-clock'

describe('localClock', () => {
  it('reads the day and the time of day in a zone', () => {
    const at = Date.parse('2025-03-30T01:30:00.250Z')
    expect(localClock(at, 'UTC')).toEqual({ date: '2025-03-30', msOfDay: 5400250 })
    // Berlin has just moved to summer time: 03:30 CEST.
    expect(localClock(at, 'Europe/Berlin')).toEqual({ date: '2025-03-30', msOfDay: 12600250 })
    expect(localClock(at, 'America/Los_Angeles')).toEqual({
      date: '2025-03-29',
      msOfDay: 66600250,
    })
  })
})
