// German of the settings page's messages (ui/src/pages/settings), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const deSettings: Catalog = {}
