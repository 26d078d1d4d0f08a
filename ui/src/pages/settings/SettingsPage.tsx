// /settings, for admins only (ARCHITECTURE.md section 17): the house's settings in one place,
// one section each — where the house stands, holiday mode, the weather sensors and alarms, and
// read-only lines for the MQTT link and the PV inverter, which are set on the hub, and Matter's
// pairing. A blind's own settings stay in its dialog.
import { useT } from '../../i18n/I18nProvider'
import { settingsMessages as m } from './settings.messages'
import { HolidaySettings } from './HolidaySettings'
import { LocationSettings } from './LocationSettings'
import { MatterSettings } from './MatterSettings'
import { MqttSettings } from './MqttSettings'
import { PvSettings } from './PvSettings'
import { WeatherAlarmSettings } from './WeatherAlarmSettings'
import { WeatherSensors } from './WeatherSensors'
import './settings.css'

export default function SettingsPage() {
  const t = useT()
  return (
    <section className="page settings-page">
      <header className="page-header">
        <div className="page-title">
          <h1>{t(m.title)}</h1>
          <p className="muted">{t(m.intro)}</p>
        </div>
      </header>
      <div className="settings-sections">
        <LocationSettings />
        <HolidaySettings />
        <WeatherSensors />
        <WeatherAlarmSettings />
        <MatterSettings />
        <MqttSettings />
        <PvSettings />
      </div>
    </section>
  )
}
