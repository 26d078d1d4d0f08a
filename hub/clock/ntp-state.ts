// Whether the system clock has been set from the network since boot, as systemd-timesyncd
// (the default on Raspberry Pi OS and Debian) reports it: it keeps /run/systemd/timesync/
// while it runs and creates `synchronized` there once it has set the clock. /run is emptied
// at each boot, so a Pi without a real-time clock that booted during an internet outage has
// the folder without the file: its clock is only what fake-hwclock saved at shutdown.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export const TIMESYNC_FOLDER = '/run/systemd/timesync'

/** true: synchronised since boot; false: timesyncd runs but has not; null: cannot tell. */
export function readNtpSynchronized(folder = TIMESYNC_FOLDER): boolean | null {
  if (!existsSync(folder)) return null
  return existsSync(join(folder, 'synchronized'))
}
