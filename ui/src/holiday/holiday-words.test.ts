import { describe, expect, it } from 'vitest'
import { holidayText, offsetChoices } from './holiday-words'

describe('holiday mode in words', () => {
  it('offers every 5 minutes up to 30, and keeps an offset set otherwise', () => {
    expect(offsetChoices(0)).toEqual([0, 5, 10, 15, 20, 25, 30])
    expect(offsetChoices(7)).toEqual([0, 5, 7, 10, 15, 20, 25, 30])
  })

  it('says whether it is on, and since when in the hub’s time zone', () => {
    expect(holidayText({ enabled: false, randomOffsetMinutes: 0, since: null }, 'UTC')).toBe(
      'Holiday mode is off',
    )
    const on = { enabled: true, randomOffsetMinutes: 0, since: '2026-07-01T06:30:00Z' }
    expect(holidayText(on, 'Europe/Berlin', new Date('2026-07-01T10:00:00Z'))).toMatch(
      /^Holiday mode: schedules and shading paused since today 08:30/,
    )
  })
})
