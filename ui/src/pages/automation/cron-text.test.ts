// The editor's cron preview follows the hub's rule: words for what the hub takes, the hub's
// reason for what it refuses, never a preview of a schedule the hub would not run.
import { describe, expect, it } from 'vitest'
import { cronProblem } from '../../../../hub/validation/cron'
import { describeCron } from './cron-text'

describe('the cron preview', () => {
  it.each([
    '0 7 * * 1-5',
    '*/15 * * * *',
    '0 7 31 2 *',
    '0 7 30 2 *',
    '*/90 * * * *',
    '5/15 * * * *',
    '0 7 * * 1#6',
    '0 7 * *',
    '@daily',
    '0 7 L * *',
    '0 7 * JANUARY *',
  ])('agrees with the hub about %j', (expression) => {
    const description = describeCron(expression)
    const problem = cronProblem(expression)
    expect(description.ok).toBe(problem === null)
    if (!description.ok) expect(description.error).toBe(problem)
  })

  it('says the hub needs both day fields to match, as cronstrue words it as either', () => {
    expect(describeCron('0 7 1 * 1')).toEqual({
      ok: true,
      text: expect.stringMatching(
        /on day 1 of the month, and on Monday \(only on days that match both\)$/,
      ),
    })
  })
})
