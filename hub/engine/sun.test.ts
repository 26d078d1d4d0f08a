import { describe, expect, test } from 'vitest'
import {
  addDays,
  localDayOf,
  nextSunTrigger,
  sunEventOn,
  sunEventsOn,
  type LocalDay,
  type Location,
  type SunEvent,
} from './sun'

const MINUTE = 60_000

const CAPE_TOWN: Location = { lat: -33.9249, lon: 18.4241 }
const BERLIN: Location = { lat: 52.52, lon: 13.405 }
const WASHINGTON: Location = { lat: 38.9072, lon: -77.0369 }
const HONOLULU: Location = { lat: 21.3069, lon: -157.8583 }
const SYDNEY_OBSERVATORY: Location = { lat: -33.8597, lon: 151.2049 }
const TROMSO: Location = { lat: 69.6492, lon: 18.9553 }

interface AlmanacCase {
  place: string
  location: Location
  timeZone: string
  day: LocalDay
  event: SunEvent
  /** The published local time, written with the zone's offset on that day. */
  published: string
}

// Published values are given to the minute (one to the second), so ±2 minutes also absorbs
// the rounding and the exact point each almanac takes for the city.
const almanac: AlmanacCase[] = [
  // Cape Town, winter: "On June 21st, in Cape Town, the sun will rise at 0751 ... and set at
  // 1744" (6000.co.za, "STATS: June and the shortest day – Cape Town",
  // https://6000.co.za/tag/sunrise/page/3/; the post names no year, 2013 taken here: the
  // 2013 post https://www.6000.co.za/sunset-earlier/ gives the same 17:44 earliest sunset).
  {
    place: 'Cape Town',
    location: CAPE_TOWN,
    timeZone: 'Africa/Johannesburg',
    day: { year: 2013, month: 6, day: 21 },
    event: 'SUNRISE',
    published: '2013-06-21T07:51+02:00',
  },
  {
    place: 'Cape Town',
    location: CAPE_TOWN,
    timeZone: 'Africa/Johannesburg',
    day: { year: 2013, month: 6, day: 21 },
    event: 'SUNSET',
    published: '2013-06-21T17:44+02:00',
  },
  // Cape Town, summer: Tuesday 21 December (2021), "the sun rose at 05:31am and is expected
  // to set at 19:57pm", per Time and Date (Weekend Argus, http://sundaytribune.co.za/
  // weekend-argus/news/hello-summer-december-21-marks-the-longest-day-and-shortest-night-of-
  // the-year-aed4bddf-06ce-40ae-8f65-5861d1161575).
  {
    place: 'Cape Town',
    location: CAPE_TOWN,
    timeZone: 'Africa/Johannesburg',
    day: { year: 2021, month: 12, day: 21 },
    event: 'SUNRISE',
    published: '2021-12-21T05:31+02:00',
  },
  {
    place: 'Cape Town',
    location: CAPE_TOWN,
    timeZone: 'Africa/Johannesburg',
    day: { year: 2021, month: 12, day: 21 },
    event: 'SUNSET',
    published: '2021-12-21T19:57+02:00',
  },
  // Berlin, winter: Saturday 21 December 2024, sunrise 8:14:38, sunset 15:54:41, computed by
  // the Stiftung Planetarium Berlin (Tagesspiegel Checkpoint,
  // https://checkpoint.tagesspiegel.de/langmeldung/1Iqol9pfZ8XjGQ32RbBB1t).
  {
    place: 'Berlin',
    location: BERLIN,
    timeZone: 'Europe/Berlin',
    day: { year: 2024, month: 12, day: 21 },
    event: 'SUNRISE',
    published: '2024-12-21T08:14:38+01:00',
  },
  {
    place: 'Berlin',
    location: BERLIN,
    timeZone: 'Europe/Berlin',
    day: { year: 2024, month: 12, day: 21 },
    event: 'SUNSET',
    published: '2024-12-21T15:54:41+01:00',
  },
  // Berlin, summer: Friday 21 June 2019, "In Berlin geht sie z.B. um 4.43 Uhr auf und um
  // 21.33 Uhr unter" (bild.de, https://www.bild.de/news/inland/news-inland/kalendarischer-
  // sommerbeginn-freitag-ist-der-laengste-tag-des-jahres-62768224.bild.html).
  {
    place: 'Berlin',
    location: BERLIN,
    timeZone: 'Europe/Berlin',
    day: { year: 2019, month: 6, day: 21 },
    event: 'SUNRISE',
    published: '2019-06-21T04:43+02:00',
  },
  {
    place: 'Berlin',
    location: BERLIN,
    timeZone: 'Europe/Berlin',
    day: { year: 2019, month: 6, day: 21 },
    event: 'SUNSET',
    published: '2019-06-21T21:33+02:00',
  },
  // Washington DC, equinox: US Naval Observatory table for W77.0 N38.9, Wednesday 20 March
  // 2002 EST: sunrise 6:12 a.m., sunset 6:21 p.m. (quoted at
  // http://stevekluge.com/astronomy/equinoxsunrise.html).
  {
    place: 'Washington DC (USNO point)',
    location: { lat: 38.9, lon: -77.0 },
    timeZone: 'America/New_York',
    day: { year: 2002, month: 3, day: 20 },
    event: 'SUNRISE',
    published: '2002-03-20T06:12-05:00',
  },
  {
    place: 'Washington DC (USNO point)',
    location: { lat: 38.9, lon: -77.0 },
    timeZone: 'America/New_York',
    day: { year: 2002, month: 3, day: 20 },
    event: 'SUNSET',
    published: '2002-03-20T18:21-05:00',
  },
  // Washington DC, winter: Monday 13 January 2025 EST, "sunrise will be at 7:26 a.m. ...
  // sunset will be at 5:08 p.m." (https://skylinenews.world/?p=15519).
  {
    place: 'Washington DC',
    location: WASHINGTON,
    timeZone: 'America/New_York',
    day: { year: 2025, month: 1, day: 13 },
    event: 'SUNRISE',
    published: '2025-01-13T07:26-05:00',
  },
  {
    place: 'Washington DC',
    location: WASHINGTON,
    timeZone: 'America/New_York',
    day: { year: 2025, month: 1, day: 13 },
    event: 'SUNSET',
    published: '2025-01-13T17:08-05:00',
  },
  // Washington DC, early summer: Sunday 25 May 2025 EDT, sunrise 5:47 am, sunset 8:22 pm
  // (timeanddate.com, https://timeanddate.com/worldclock/usa/washingtondc). The sunset is
  // on 26 May in UTC.
  {
    place: 'Washington DC',
    location: WASHINGTON,
    timeZone: 'America/New_York',
    day: { year: 2025, month: 5, day: 25 },
    event: 'SUNRISE',
    published: '2025-05-25T05:47-04:00',
  },
  {
    place: 'Washington DC',
    location: WASHINGTON,
    timeZone: 'America/New_York',
    day: { year: 2025, month: 5, day: 25 },
    event: 'SUNSET',
    published: '2025-05-25T20:22-04:00',
  },
  // Honolulu, June and December 21 (2009), data from timeanddate.com: sunrise 5:50 am, sunset
  // 7:16 pm; sunrise 7:05 am, sunset 5:55 pm (https://www.govisithawaii.com/2009/08/05/
  // hawaii-fact-34-of-50-hawaii-daylight-hours-dont-vary-much/). Both sunsets fall on the
  // next day in UTC.
  {
    place: 'Honolulu',
    location: HONOLULU,
    timeZone: 'Pacific/Honolulu',
    day: { year: 2009, month: 6, day: 21 },
    event: 'SUNRISE',
    published: '2009-06-21T05:50-10:00',
  },
  {
    place: 'Honolulu',
    location: HONOLULU,
    timeZone: 'Pacific/Honolulu',
    day: { year: 2009, month: 6, day: 21 },
    event: 'SUNSET',
    published: '2009-06-21T19:16-10:00',
  },
  {
    place: 'Honolulu',
    location: HONOLULU,
    timeZone: 'Pacific/Honolulu',
    day: { year: 2009, month: 12, day: 21 },
    event: 'SUNRISE',
    published: '2009-12-21T07:05-10:00',
  },
  {
    place: 'Honolulu',
    location: HONOLULU,
    timeZone: 'Pacific/Honolulu',
    day: { year: 2009, month: 12, day: 21 },
    event: 'SUNSET',
    published: '2009-12-21T17:55-10:00',
  },
  // Honolulu, 15 January: sunrise 7:12, sunset 6:11 (HST), from the Bishop Museum's
  // perennial Hawai'i table (https://www.bishopmuseum.org/astronomy-resources/).
  {
    place: 'Honolulu',
    location: HONOLULU,
    timeZone: 'Pacific/Honolulu',
    day: { year: 2025, month: 1, day: 15 },
    event: 'SUNRISE',
    published: '2025-01-15T07:12-10:00',
  },
  {
    place: 'Honolulu',
    location: HONOLULU,
    timeZone: 'Pacific/Honolulu',
    day: { year: 2025, month: 1, day: 15 },
    event: 'SUNSET',
    published: '2025-01-15T18:11-10:00',
  },
  // Sydney, winter: Saturday 21 June 2025 AEST, sunrise 7:00am, sunset 4:54pm
  // (https://www.sydneytravelguide.com.au/sydney-winter-solstice-shortest-day-of-the-year).
  // The sunrise is on 20 June in UTC.
  {
    place: 'Sydney',
    location: SYDNEY_OBSERVATORY,
    timeZone: 'Australia/Sydney',
    day: { year: 2025, month: 6, day: 21 },
    event: 'SUNRISE',
    published: '2025-06-21T07:00+10:00',
  },
  {
    place: 'Sydney',
    location: SYDNEY_OBSERVATORY,
    timeZone: 'Australia/Sydney',
    day: { year: 2025, month: 6, day: 21 },
    event: 'SUNSET',
    published: '2025-06-21T16:54+10:00',
  },
  // Sydney, summer (AEDT): the 2009 Australian Sky Guide (Sydney Observatory) gives sunrise
  // 5:37 am from 1 to 10 December 2008 and sunset 20:10 from 2 to 12 January 2009
  // (https://maas.museum/observations/2008/12/17/summer-solstice-2008-and-the-earliest-
  // sunrise-and-the-latest-sunset/). That sunrise is on 4 December in UTC.
  {
    place: 'Sydney',
    location: SYDNEY_OBSERVATORY,
    timeZone: 'Australia/Sydney',
    day: { year: 2008, month: 12, day: 5 },
    event: 'SUNRISE',
    published: '2008-12-05T05:37+11:00',
  },
  {
    place: 'Sydney',
    location: SYDNEY_OBSERVATORY,
    timeZone: 'Australia/Sydney',
    day: { year: 2009, month: 1, day: 5 },
    event: 'SUNSET',
    published: '2009-01-05T20:10+11:00',
  },
]

const show = (d: LocalDay) => `${d.year}-${d.month}-${d.day}`

describe('sunEventOn against published almanac values (within 2 minutes)', () => {
  test.each(almanac.map((c) => [`${c.place} ${c.event} ${show(c.day)}`, c] as const))(
    '%s',
    (_name, c) => {
      const at = sunEventOn(c.event, c.day, c.location, c.timeZone)
      expect(at).not.toBeNull()
      const diffMin = Math.abs(at!.getTime() - new Date(c.published).getTime()) / MINUTE
      expect(diffMin).toBeLessThanOrEqual(2)
      expect(localDayOf(at!, c.timeZone)).toEqual(c.day)
    },
  )

  test('the cases cover places whose local day differs from the UTC day', () => {
    const differing = almanac.filter((c) => {
      const at = sunEventOn(c.event, c.day, c.location, c.timeZone)!
      return !sameUtcDay(at, c.day)
    })
    expect(new Set(differing.map((c) => c.place))).toEqual(
      new Set(['Washington DC', 'Honolulu', 'Sydney']),
    )
  })
})

function sameUtcDay(at: Date, d: LocalDay): boolean {
  return (
    at.getUTCFullYear() === d.year && at.getUTCMonth() + 1 === d.month && at.getUTCDate() === d.day
  )
}

describe('nextSunTrigger', () => {
  const tz = 'Europe/Berlin'
  const june10 = { year: 2025, month: 6, day: 10 }
  const sunset10 = sunEventOn('SUNSET', june10, BERLIN, tz)!
  const sunset11 = sunEventOn('SUNSET', addDays(june10, 1), BERLIN, tz)!

  test('an offset of +30 minutes: today once the trigger is still ahead', () => {
    const after = new Date(sunset10.getTime() + 10 * MINUTE) // past sunset, before +30
    expect(nextSunTrigger(after, 'SUNSET', 30, BERLIN, tz)).toEqual(
      new Date(sunset10.getTime() + 30 * MINUTE),
    )
  })

  test('an offset of -45 minutes: today, then tomorrow once it passed', () => {
    const before = new Date(sunset10.getTime() - 60 * MINUTE)
    expect(nextSunTrigger(before, 'SUNSET', -45, BERLIN, tz)).toEqual(
      new Date(sunset10.getTime() - 45 * MINUTE),
    )
    const passed = new Date(sunset10.getTime() - 30 * MINUTE) // before sunset, after -45
    expect(nextSunTrigger(passed, 'SUNSET', -45, BERLIN, tz)).toEqual(
      new Date(sunset11.getTime() - 45 * MINUTE),
    )
  })

  test('rolls to the next day once the event passed, and is strictly after', () => {
    expect(nextSunTrigger(sunset10, 'SUNSET', 0, BERLIN, tz)).toEqual(sunset11)
    expect(nextSunTrigger(new Date(sunset10.getTime() - 1), 'SUNSET', 0, BERLIN, tz)).toEqual(
      sunset10,
    )
    const sunrise11 = sunEventOn('SUNRISE', addDays(june10, 1), BERLIN, tz)!
    expect(nextSunTrigger(sunset10, 'SUNRISE', 0, BERLIN, tz)).toEqual(sunrise11)
  })

  test('offsets of ±12 hours reach into the neighbouring days', () => {
    // Sunset - 12 h is early in the morning of the same day: from the evening before, it
    // comes before that evening's own sunset - 12 h has any say.
    const eveningBefore = new Date(sunset10.getTime() - 20 * 60 * MINUTE)
    expect(nextSunTrigger(eveningBefore, 'SUNSET', -720, BERLIN, tz)).toEqual(
      new Date(sunset10.getTime() - 720 * MINUTE),
    )
    // Sunset + 12 h is the next morning: still due right after today's sunset.
    expect(nextSunTrigger(sunset10, 'SUNSET', 720, BERLIN, tz)).toEqual(
      new Date(sunset10.getTime() + 720 * MINUTE),
    )
  })

  test('the trigger follows the local day in a zone far from UTC (Honolulu)', () => {
    // 18:00 HST on 21 June 2009 is already 22 June in UTC; that evening's sunset is next.
    const after = new Date('2009-06-21T18:00-10:00')
    const next = nextSunTrigger(after, 'SUNSET', 0, HONOLULU, 'Pacific/Honolulu')!
    expect(localDayOf(next, 'Pacific/Honolulu')).toEqual({ year: 2009, month: 6, day: 21 })
    expect(Math.abs(next.getTime() - new Date('2009-06-21T19:16-10:00').getTime())).toBeLessThan(
      2 * MINUTE,
    )
  })

  test('rejects offsets beyond ±720 minutes and unknown zones', () => {
    const now = new Date('2025-06-10T12:00Z')
    expect(() => nextSunTrigger(now, 'SUNSET', 721, BERLIN, tz)).toThrow(RangeError)
    expect(() => nextSunTrigger(now, 'SUNSET', -721, BERLIN, tz)).toThrow(RangeError)
    expect(() => nextSunTrigger(now, 'SUNSET', 0, BERLIN, 'Mars/Olympus')).toThrow(RangeError)
    expect(() => sunEventOn('SUNSET', { year: 2025, month: 2, day: 30 }, BERLIN, tz)).toThrow(
      RangeError,
    )
    expect(() => sunEventOn('SUNSET', june10, { lat: 91, lon: 0 }, tz)).toThrow(RangeError)
  })
})

describe('polar day and night (Tromsø)', () => {
  const tz = 'Europe/Oslo'
  // "The midnight sun occurs from about 18 May to 26 July" (Wikipedia's Tromsø article, as
  // mirrored at https://wiki.niidae.com/index.php?action=edit&section=9&title=Troms%C3%B8).

  test('midsummer has neither sunset nor sunrise', () => {
    const midsummer = { year: 2025, month: 6, day: 21 }
    expect(sunEventOn('SUNSET', midsummer, TROMSO, tz)).toBeNull()
    expect(sunEventOn('SUNRISE', midsummer, TROMSO, tz)).toBeNull()
  })

  test('the next sunset after midsummer comes weeks later, at the end of the midnight sun', () => {
    const next = nextSunTrigger(new Date('2025-06-21T12:00+02:00'), 'SUNSET', 0, TROMSO, tz)!
    expect(next).not.toBeNull()
    // Just past midnight: the night of 26 to 27 July.
    const day = localDayOf(next, tz)
    expect(day.year).toBe(2025)
    expect(day.month).toBe(7)
    expect([26, 27]).toContain(day.day)
    expect(nextSunTrigger(new Date('2025-06-21T12:00+02:00'), 'SUNSET', 30, TROMSO, tz)).toEqual(
      new Date(next.getTime() + 30 * MINUTE),
    )
  })

  test('midwinter (polar night) has no sunrise; the next one is in mid-January', () => {
    expect(sunEventOn('SUNRISE', { year: 2025, month: 12, day: 21 }, TROMSO, tz)).toBeNull()
    const next = nextSunTrigger(new Date('2025-12-21T12:00+01:00'), 'SUNRISE', 0, TROMSO, tz)!
    const day = localDayOf(next, tz)
    expect(day.year).toBe(2026)
    expect(day.month).toBe(1)
    expect(day.day).toBeGreaterThanOrEqual(10)
    expect(day.day).toBeLessThanOrEqual(20)
  })

  test('nothing within the window where the event never happens (North Pole)', () => {
    const pole = { lat: 90, lon: 0 }
    expect(nextSunTrigger(new Date('2025-06-21T12:00Z'), 'SUNSET', 0, pole, 'UTC')).toBeNull()
  })

  test('a day where the sunset slips past midnight can hold two; both are triggers', () => {
    // At the end of the midnight sun, the sunset of 26 July falls at about 00:10 on 27 July
    // and the one of 27 July just before midnight.
    const day = { year: 2025, month: 7, day: 27 }
    const both = sunEventsOn('SUNSET', day, TROMSO, tz)
    expect(both).toHaveLength(2)
    expect(sunEventOn('SUNSET', day, TROMSO, tz)).toEqual(both[0])
    expect(nextSunTrigger(both[0]!, 'SUNSET', 0, TROMSO, tz)).toEqual(both[1])
  })
})

describe('daylight saving time changes in Europe/Berlin', () => {
  const tz = 'Europe/Berlin'

  test.each([
    ['spring forward', { year: 2025, month: 3, day: 30 }],
    ['fall back', { year: 2025, month: 10, day: 26 }],
  ])('%s: the local day still gets exactly one sunrise and one sunset', (_name, day) => {
    for (const event of ['SUNRISE', 'SUNSET'] as const) {
      const events = sunEventsOn(event, day, BERLIN, tz)
      expect(events).toHaveLength(1)
      expect(localDayOf(events[0]!, tz)).toEqual(day)
      // The instants move by a few minutes a day, not by the hour the clocks move.
      const before = sunEventOn(event, addDays(day, -1), BERLIN, tz)!
      const after = sunEventOn(event, addDays(day, 1), BERLIN, tz)!
      for (const gap of [
        events[0]!.getTime() - before.getTime(),
        after.getTime() - events[0]!.getTime(),
      ]) {
        expect(Math.abs(gap - 24 * 60 * MINUTE)).toBeLessThan(5 * MINUTE)
      }
    }
  })

  test('nextSunTrigger steps over the change without skipping or repeating a day', () => {
    let at = new Date('2025-03-28T12:00+01:00')
    const days: string[] = []
    for (let i = 0; i < 4; i++) {
      at = nextSunTrigger(at, 'SUNRISE', -30, BERLIN, tz)!
      days.push(show(localDayOf(at, tz)))
    }
    expect(days).toEqual(['2025-3-29', '2025-3-30', '2025-3-31', '2025-4-1'])
  })
})
