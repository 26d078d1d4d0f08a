// Helpers of the positions browser tests: changing a blind's settings through the API, and
// the tap targets on a phone that a thumb would miss.
import type { TestHub } from '../helpers/hub'

const FIELDS =
  'name blindAddressUp blindAddressDown travelTimeUpMs travelTimeDownMs motorStartDelayMs tiltTimeMs room myPosition'

export interface BlindSettings {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeUpMs: number
  travelTimeDownMs: number
  motorStartDelayMs: number
  tiltTimeMs: number
  room: string | null
  myPosition: number | null
}

export async function blindSettings(t: TestHub, id: string): Promise<BlindSettings> {
  const res = await t.gql<{ blind: BlindSettings }>(
    `query($id: ID!) { blind(id: $id) { ${FIELDS} } }`,
    { id },
    t.adminToken,
  )
  if (!res.data) throw new Error(`blind ${id}: ${JSON.stringify(res.errors)}`)
  return res.data.blind
}

/** Changes some of a blind's settings, keeping the others. */
export async function setBlind(t: TestHub, id: string, patch: Partial<BlindSettings>) {
  const input = { ...(await blindSettings(t, id)), ...patch }
  const res = await t.gql(
    'mutation($id: ID!, $input: BlindInput!) { blindUpdate(id: $id, input: $input) { id } }',
    { id, input },
    t.adminToken,
  )
  if (!res.data) throw new Error(`blindUpdate ${id}: ${JSON.stringify(res.errors)}`)
}

/**
 * In the page's content, what a thumb must hit and is under 44 px high (WCAG 2.5.5): buttons,
 * selects, text fields and sliders, and the label rows of checkboxes and radios.
 */
export const TAP_TARGETS_TOO_SMALL = `[...document.querySelectorAll(
  '.content button, .content select, .content input, .dialog button, .dialog select, .dialog input'
)]
  .map((el) => (el.type === 'checkbox' || el.type === 'radio' ? el.closest('label, .field, .choice') ?? el : el))
  .filter((el) => el.getClientRects().length > 0)
  .filter((el) => el.getBoundingClientRect().height < 43.5)
  .map((el) => (el.getAttribute('aria-label') || el.textContent.trim() || el.outerHTML.slice(0, 80)) +
    ': ' + Math.round(el.getBoundingClientRect().height) + ' px')`
