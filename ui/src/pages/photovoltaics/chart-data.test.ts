import { describe, expect, it } from 'vitest'
import { barColumns, curveColumns, curveRange, labelledBars } from './chart-data'

const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 10, minute)).toISOString()
const sec = (minute: number) => Date.UTC(2025, 5, 1, 10, minute) / 1000

describe('the charts’ data', () => {
  it('breaks today’s line where samples are more than 5 minutes apart, not elsewhere', () => {
    const [xs, ys] = curveColumns([
      { at: at(0), powerW: 100, dcPowerW: null },
      { at: at(1), powerW: 200, dcPowerW: null },
      { at: at(5), powerW: 300, dcPowerW: null },
      { at: at(20), powerW: 400, dcPowerW: null },
      { at: at(21), powerW: null, dcPowerW: null },
    ])
    expect(xs).toEqual([sec(0), sec(1), sec(5), (sec(5) + sec(20)) / 2, sec(20), sec(21)])
    expect(ys).toEqual([100, 200, 300, null, 400, null])
  })

  it('draws today from the first sample to now, at least the last 10 minutes', () => {
    expect(curveRange([sec(0), sec(30)], sec(40) * 1000 + 7200_000)).toEqual([
      sec(0),
      sec(40) + 7200,
    ])
    expect(curveRange([sec(35)], sec(40) * 1000)).toEqual([sec(30), sec(40)])
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
