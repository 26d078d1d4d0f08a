// Home greets by the house's clock: a phone on holiday in California still says "Good morning"
// at seven in the morning in Berlin.
import { describe, expect, it } from 'vitest'
import { greetingFor } from './greeting'

describe("Home's greeting", () => {
  it('goes by the hub’s time zone, not the browser’s', () => {
    const at = new Date('2026-03-12T06:00:00Z')
    expect(greetingFor(at, 'Europe/Berlin')).toBe('Good morning') // 07:00 in the house
    expect(greetingFor(at, 'Asia/Tokyo')).toBe('Good afternoon') // 15:00
    expect(greetingFor(at, 'America/Los_Angeles')).toBe('Good evening') // 22:00 the day before
  })

  it('turns at five, at noon and at six in the evening', () => {
    const berlin = (time: string) =>
      greetingFor(new Date(`2026-03-12T${time}+01:00`), 'Europe/Berlin')
    expect(['04:59', '05:00', '11:59', '12:00', '17:59', '18:00'].map(berlin)).toEqual([
      'Good evening',
      'Good morning',
      'Good morning',
      'Good afternoon',
      'Good afternoon',
      'Good evening',
    ])
  })
})
