// What a page loaded before the socket connected, or while the hub was away, is asked for again
// once the socket connects: a change made in that gap came with no push this page heard.
import { render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { describe, expect, it } from 'vitest'
import { fetchKey } from '../api/operations'
import { useWhoAmI } from '../api/hooks'
import { fakeHubSocket } from '../test-support/hub-socket'
import { setUpHubTests, stubHub } from '../test-support/hub-stub'
import { LiveUpdates } from './LiveUpdates'
import { RealtimeContext, type Connection } from './realtime'

setUpHubTests()

function Name() {
  const { data } = useWhoAmI()
  return <p>{data ? `Signed in as ${data.username}` : 'Loading'}</p>
}

describe('live updates', () => {
  it('asks again for what is loaded each time the socket connects', async () => {
    let username = 'anna'
    const hub = stubHub({
      whoAmI: () => ({ id: 'u1', username, isAdmin: true, userBlindList: [] }),
    })
    const socket = fakeHubSocket().socket
    const cache = new Map()
    const app = (connection: Connection): ReactNode => (
      <SWRConfig value={{ provider: () => cache, fetcher: fetchKey, dedupingInterval: 0 }}>
        <RealtimeContext.Provider value={{ socket, connection }}>
          <LiveUpdates />
          <Name />
        </RealtimeContext.Provider>
      </SWRConfig>
    )
    const whoAmISent = () => hub.variablesOf('whoAmI').length

    const view = render(app('connecting'))
    await screen.findByText('Signed in as anna')
    expect(whoAmISent()).toBe(1)

    // Renamed before the socket was up: no push reached this page.
    username = 'anna-maria'
    view.rerender(app('connected'))
    await screen.findByText('Signed in as anna-maria')
    expect(whoAmISent()).toBe(2)

    // The hub restarts: while away nothing is asked; once back, all again.
    username = 'anna'
    view.rerender(app('reconnecting'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(whoAmISent()).toBe(2)
    view.rerender(app('connected'))
    await waitFor(() => expect(whoAmISent()).toBe(3))
    await screen.findByText('Signed in as anna')
  })
})
