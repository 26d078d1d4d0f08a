// The house's location as a section of the settings page: sunrise and sunset triggers and
// sun-aware shading work from it.
import { HouseLocation } from './HouseLocation'
import { SettingsSection } from './SettingsSection'

export function LocationSettings() {
  return (
    <SettingsSection
      title="House location"
      description="Sunrise and sunset triggers and sun-aware shading work out where the sun is from it."
    >
      <HouseLocation />
    </SettingsSection>
  )
}
