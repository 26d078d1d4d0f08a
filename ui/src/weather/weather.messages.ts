// Messages of weather (English beside the code; German in i18n/catalogs/de.ts).
import { defineMessages } from '../i18n/messages'

export const rainWords = defineMessages('rain', { raining: 'Raining', dry: 'Dry' })
