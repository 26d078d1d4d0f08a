// The Matter bridge for admins (ARCHITECTURE.md section 14): its pairing codes, the paired
// apps, and the two things an admin may do. Asked again every 10 s while the settings page is
// open, so a phone that just paired shows up without a reload.
import useSWR from 'swr'
import { graphql } from './client'
import type { ApiError } from './client'
import type { MatterStatus } from '../../../hub/matter/status'

export type { MatterStatus } from '../../../hub/matter/status'

const MATTER = 'enabled commissioned manualPairingCode qrPairingCode qrCodeRows fabrics'
export const MATTER_KEY = ['matter'] as const
const REFRESH_MS = 10_000

const fetchMatter = async () =>
  (
    await graphql<{ matter: MatterStatus }>({
      operationName: 'matter',
      query: `query matter { matter { ${MATTER} } }`,
    })
  ).matter

export const useMatter = () =>
  useSWR<MatterStatus, ApiError>(MATTER_KEY, fetchMatter, { refreshInterval: REFRESH_MS })

export const matterMutations = {
  /** Lets another app pair for 15 minutes. */
  openPairing: () =>
    graphql<{ matterOpenPairing: MatterStatus }>({
      operationName: 'matterOpenPairing',
      query: `mutation matterOpenPairing { matterOpenPairing { ${MATTER} } }`,
    }).then((d) => d.matterOpenPairing),
  /** Removes every pairing. */
  forgetPairings: () =>
    graphql<{ matterForgetPairings: MatterStatus }>({
      operationName: 'matterForgetPairings',
      query: `mutation matterForgetPairings { matterForgetPairings { ${MATTER} } }`,
    }).then((d) => d.matterForgetPairings),
}

/** The 11-digit manual code as home apps show it: 1234-567-8901. */
export function groupedCode(code: string): string {
  return code.length === 11 ? `${code.slice(0, 4)}-${code.slice(4, 7)}-${code.slice(7)}` : code
}
