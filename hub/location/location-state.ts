// The house's location as the API shows it and 'location:changed' carries it: a leaf, so the
// event map can name it without importing the module that emits it.

/** As the API shows it. */
export interface HouseLocationState {
  lat: number | null
  lon: number | null
  /** Set by LAMELLA_LAT/LAMELLA_LON: it cannot be changed while the hub runs. */
  fromEnvironment: boolean
}
