// German of the photovoltaics page's messages (ui/src/pages/photovoltaics), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const dePhotovoltaics: Catalog = {}
