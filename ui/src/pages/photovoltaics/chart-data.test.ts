import { describe, expect, it } from 'vitest'
import { barColumns, curveColumns, curveRange, labelledBars, withTodayEnergy } from './chart-data'

const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 10, minute)).toISOString()
const sec = (minute: number) => Date.UTC(2025, 5, 1, 10, minute) / 1000

describe('the charts’ data', () => {
  it('breaks today’s line where the inverter was not read for more than 2 minutes, not elsewhere', () => {
    // Minutes 0, 1 and 3 (one minute missing: joined), none from 4 to 6 (an outage), then 7.
    const [xs, ys] = curveColumns([
      { at: at(0), powerW: 100, dcPowerW: null },
      { at: at(1), powerW: 200, dcPowerW: null },
      { at: at(3), powerW: 300, dcPowerW: null },
      { at: at(7), powerW: 400, dcPowerW: null },
      { at: at(8), powerW: 500, dcPowerW: null },
    ])
    expect(xs).toEqual([sec(0), sec(1), sec(3), (sec(3) + sec(7)) / 2, sec(7), sec(8)])
    expect(ys).toEqual([100, 200, 300, null, 400, 500])
  })

  it('breaks the live line where a push said the inverter went away, until it is back', () => {
    // The minute under way, then pushes 10 s apart: two say the inverter cannot be read.
    const live = (s: number) => new Date(Date.UTC(2025, 5, 1, 10, 1, s)).toISOString()
    const [xs, ys] = curveColumns([
      { at: at(1), powerW: 200, dcPowerW: null },
      { at: live(20), powerW: 210, dcPowerW: null },
      { at: live(30), powerW: null, dcPowerW: null },
      { at: live(40), powerW: null, dcPowerW: null },
      { at: live(50), powerW: 230, dcPowerW: null },
    ])
    expect(xs).toHaveLength(5)
    expect(ys).toEqual([200, 210, null, null, 230])
  })

  it('draws today from the first sample to now, at least the last 10 minutes', () => {
    expect(curveRange([sec(0), sec(30)], sec(40) * 1000 + 7200_000)).toEqual([
      sec(0),
      sec(40) + 7200,
    ])
    expect(curveRange([sec(35)], sec(40) * 1000)).toEqual([sec(30), sec(40)])
  })

  it('makes today’s bar the energy of today the inverter last said, and no other day’s', () => {
    const days = [
      { day: '2025-06-29', wh: 9000 },
      { day: '2025-06-30', wh: 1460 },
    ]
    expect(withTodayEnergy(days, '2025-06-30', 1610)).toEqual([
      { day: '2025-06-29', wh: 9000 },
      { day: '2025-06-30', wh: 1610 },
    ])
    // After midnight, until the days are asked for again, yesterday keeps its own.
    expect(withTodayEnergy(days, '2025-07-01', 40)).toBe(days)
    // The inverter's figure not known (yet): the hub's answer stands.
    expect(withTodayEnergy(days, '2025-06-30', null)).toBe(days)
    expect(withTodayEnergy([], '2025-06-30', 1610)).toEqual([])
  })

  it('puts a bar per day and dates under as many as fit, today always', () => {
    expect(
      barColumns([
        { day: '2025-06-01', wh: 5 },
        { day: '2025-06-02', wh: 0 },
      ]),
    ).toEqual([
      [0, 1],
      [5, 0],
    ])
    // A phone: 290 px fit 5 labels of 56 px, so every 6th day back from today.
    expect(labelledBars(30, 290)).toEqual([5, 11, 17, 23, 29])
    expect(labelledBars(30, 1100)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29])
  })
})
