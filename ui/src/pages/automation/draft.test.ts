// The editor's pure parts: seconds to milliseconds, what is sent for each trigger type, where
// the hub's field paths are shown, and the one-line trigger summary.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { newAutomationDraft, secondsToMs, toAutomationInput, type AutomationDraft } from './draft'
import { fieldKey, isShownField, serverFieldErrors, validateDraft } from './draft-validation'
import { formatDuration, formatWhen } from './time-format'
import { triggerSummary } from './trigger-summary'

describe('the automation draft', () => {
  it('turns seconds as typed into whole milliseconds, with a decimal point or comma', () => {
    expect(secondsToMs('1.5')).toBe(1500)
    expect(secondsToMs(' 0,5 ')).toBe(500)
    expect(secondsToMs('0.1234')).toBe(123)
    expect(secondsToMs('')).toBeNaN()
    expect(secondsToMs('soon')).toBeNaN()
  })

  it('sends only the chosen trigger type’s fields: cron and sun event null, offset 0 unless SUN', () => {
    const draft: AutomationDraft = {
      ...newAutomationDraft(),
      name: '  Morning ',
      trigger: {
        type: 'CRON',
        cron: ' 0  7 * * 1-5 ',
        sunEvent: 'SUNSET',
        offset: '15',
        enabled: false,
      },
    }
    expect(toAutomationInput(draft).trigger).toEqual({
      type: 'CRON',
      cron: '0 7 * * 1-5',
      sunEvent: null,
      offsetMinutes: 0,
      enabled: false,
    })
    expect(toAutomationInput(draft).name).toBe('Morning')
    const manual = toAutomationInput({ ...draft, trigger: { ...draft.trigger, type: 'MANUAL' } })
    expect(manual.trigger).toEqual({
      type: 'MANUAL',
      cron: null,
      sunEvent: null,
      offsetMinutes: 0,
      enabled: true,
    })
  })

  it('sends no addresses for a delay, even when some were ticked before the type changed', () => {
    const draft = newAutomationDraft()
    const [scene] = draft.scenes
    draft.scenes = [{ ...scene!, type: 'DELAY', addresses: ['1:0'] }]
    expect(toAutomationInput(draft).scene[0]).toMatchObject({ type: 'DELAY', blindAddresses: [] })
  })
})

describe('field keys of the hub’s errors', () => {
  it('shows an error about one address at its scene’s address picker', () => {
    expect(fieldKey('scene[2].blindAddresses[0]')).toBe('scene[2].blindAddresses')
    expect(fieldKey('scene[2].duration')).toBe('scene[2].duration')
  })

  it('knows which fields the form has a place for', () => {
    expect(isShownField('trigger.cron', 1)).toBe(true)
    expect(isShownField('scene[1].duration', 2)).toBe(true)
    expect(isShownField('scene[2].duration', 2)).toBe(false)
    expect(isShownField('id', 2)).toBe(false)
  })

  it('leaves an error about a field the form does not show to the banner', () => {
    const draft = newAutomationDraft()
    expect(serverFieldErrors(new ApiError('id must be a UUID', 400, 'id'), draft)).toBeNull()
    expect(
      serverFieldErrors(
        new ApiError('name: an automation called Morning already exists', 409, 'name'),
        draft,
      ),
    ).toEqual({ name: 'An automation called Morning already exists' })
  })
})

describe('the trigger summary', () => {
  it('reads Manual, the cron in words, or the sun event with its offset', () => {
    const base = { cron: null, sunEvent: null, offsetMinutes: 0, enabled: true }
    expect(triggerSummary({ ...base, type: 'MANUAL' })).toBe('Manual')
    expect(triggerSummary({ ...base, type: 'CRON', cron: '*/15 * * * *' })).toBe('Every 15 minutes')
    expect(triggerSummary({ ...base, type: 'SUN', sunEvent: 'SUNRISE', offsetMinutes: 15 })).toBe(
      'Sunrise +15 min',
    )
    expect(triggerSummary({ ...base, type: 'SUN', sunEvent: 'SUNSET', offsetMinutes: -30 })).toBe(
      'Sunset \u221230 min',
    )
  })
})

describe('times and durations', () => {
  it('names today and tomorrow, and gives other days a date', () => {
    const now = new Date(2025, 2, 12, 9, 0)
    expect(formatWhen(new Date(2025, 2, 12, 21, 30).toISOString(), now)).toMatch(/^Today /)
    expect(formatWhen(new Date(2025, 2, 13, 7, 0).toISOString(), now)).toMatch(/^Tomorrow /)
    expect(formatWhen(new Date(2025, 2, 20, 7, 0).toISOString(), now)).toMatch(/Mar/)
  })

  it('writes durations in the largest units that fit', () => {
    expect(formatDuration(500)).toBe('0.5 s')
    expect(formatDuration(42_000)).toBe('42 s')
    expect(formatDuration(90_000)).toBe('1 min 30 s')
    expect(formatDuration(86_400_000)).toBe('24 h')
  })
})

describe('a sun trigger before it is sent', () => {
  const sunDraft: AutomationDraft = {
    ...newAutomationDraft(),
    name: 'Dusk',
    trigger: { type: 'SUN', cron: '', sunEvent: 'SUNSET', offset: '0', enabled: true },
  }

  it('says where an admin sets the house’s location while the hub does not know it', () => {
    expect(validateDraft(sunDraft, { locationConfigured: false })['trigger.sunEvent']).toBe(
      "Needs the house's location: an admin sets it in Settings (/settings)",
    )
  })

  it('leaves it to the hub while its status is loading, and passes once the location is known', () => {
    expect(validateDraft(sunDraft, { locationConfigured: undefined })['trigger.sunEvent']).toBe(
      undefined,
    )
    expect(validateDraft(sunDraft, { locationConfigured: true })['trigger.sunEvent']).toBe(
      undefined,
    )
  })
})
