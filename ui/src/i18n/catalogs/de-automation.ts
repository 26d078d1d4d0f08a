// German of the automation page's messages (ui/src/pages/automation), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const deAutomation: Catalog = {}
