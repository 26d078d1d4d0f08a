// German of the shading components' messages (ui/src/shading), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const deShading: Catalog = {}
