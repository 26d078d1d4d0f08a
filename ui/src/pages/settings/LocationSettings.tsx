// The house's location as a section of the settings page: sunrise and sunset triggers and
// sun-aware shading work from it.
import { useT } from '../../i18n/I18nProvider'
import { locationMessages as m } from './settings.messages'
import { HouseLocation } from './HouseLocation'
import { SettingsSection } from './SettingsSection'

export function LocationSettings() {
  const t = useT()
  return (
    <SettingsSection title={t(m.title)} description={t(m.description)}>
      <HouseLocation />
    </SettingsSection>
  )
}
