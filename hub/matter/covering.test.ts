import { describe, expect, it } from 'vitest'
import { fromMatter, toMatter } from './covering'

describe('Matter’s percent100ths', () => {
  it('run the other way from Lamella’s positions: 0 is open, 10000 closed', () => {
    expect(toMatter(100)).toBe(0)
    expect(toMatter(0)).toBe(10000)
    expect(toMatter(30)).toBe(7000)
    expect(fromMatter(7000)).toBe(30)
    expect(fromMatter(0)).toBe(100)
  })

  it('round to a whole position and keep within 0-100 whatever a controller sends', () => {
    expect(fromMatter(7049)).toBe(30)
    expect(fromMatter(7051)).toBe(29)
    expect(fromMatter(-5)).toBe(100)
    expect(fromMatter(12000)).toBe(0)
  })
})
