// German of the users page's messages (ui/src/pages/users), spread into de.ts. Words from
// glossary.md.
import type { Catalog } from '../messages'

export const deUsers: Catalog = {}
