// The hidden photovoltaics route of spec section 2. Its content is not in the spec, and the
// hub has no photovoltaics source to read, so the page says so.
import { SolarIcon } from '../shell/icons'

export default function PhotovoltaicsPage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1>Photovoltaics</h1>
      </header>
      <div className="card empty-state">
        <SolarIcon />
        <h2>No photovoltaics source is configured</h2>
        <p className="muted">
          This hub controls blinds only. It has no inverter or solar meter to read, so there is
          nothing to show here yet.
        </p>
      </div>
    </section>
  )
}
