// What the page shows while LAMELLA_PV is not set: what it would show, and how to turn it on.
import { SolarIcon } from '../../shell/icons'

export function PvNotConfigured() {
  return (
    <div className="card empty-state pv-setup">
      <SolarIcon />
      <h2>No inverter is set up</h2>
      <p>
        Lamella can show your solar inverter&apos;s power and energy, read on your home network over
        Modbus TCP (SunSpec), which most Fronius, SMA, SolarEdge and Kostal inverters offer.
      </p>
      <p>To turn it on, set this variable with the inverter&apos;s address and restart the hub:</p>
      <code className="pv-setting">LAMELLA_PV=modbus-tcp://HOST[:PORT][?unit=N]</code>
      <p>
        Port 502 and unit 1 unless given; for example{' '}
        <code>LAMELLA_PV=modbus-tcp://192.168.1.20</code>.
      </p>
      <p>
        The README&apos;s section <strong>Photovoltaics</strong> says how to allow Modbus TCP on the
        inverter, and how to try this page with the built-in emulator.
      </p>
    </div>
  )
}
