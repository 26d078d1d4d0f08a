// German of the weather components' messages (ui/src/weather), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const deWeather: Catalog = {}
