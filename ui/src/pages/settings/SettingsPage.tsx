// /settings, for admins only (ARCHITECTURE.md section 17): the house's settings in one place,
// one section each — where the house stands, holiday mode, and read-only lines for the MQTT
// link and the PV inverter, which are set on the hub. A blind's own settings stay in its
// dialog. Later parts (weather sensors, Matter) are further sections.
import { HolidaySettings } from './HolidaySettings'
import { LocationSettings } from './LocationSettings'
import { MqttSettings } from './MqttSettings'
import { PvSettings } from './PvSettings'
import './settings.css'

export default function SettingsPage() {
  return (
    <section className="page settings-page">
      <header className="page-header">
        <div className="page-title">
          <h1>Settings</h1>
          <p className="muted">
            For the whole house. Each blind’s own settings are in its dialog on Blinds.
          </p>
        </div>
      </header>
      <div className="settings-sections">
        <LocationSettings />
        <HolidaySettings />
        <MqttSettings />
        <PvSettings />
      </div>
    </section>
  )
}
