// The house's location now lives on the settings page (pages/settings). This re-export keeps
// the blind dialog's import working until the dialog links to /settings instead; then it goes.
export { HouseLocation } from '../pages/settings/HouseLocation'
