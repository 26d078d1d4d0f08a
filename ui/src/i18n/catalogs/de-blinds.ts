// German of the blinds page's messages (ui/src/pages/blinds), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const deBlinds: Catalog = {}
