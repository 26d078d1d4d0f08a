// The back button held while a form has unsaved changes: the router (listening after the
// guard) never hears of the step, the page's address is put back, and the step is taken only
// when the person agrees.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { holdHistory, installHistoryGuard } from './history-guard'

describe('the history guard', () => {
  installHistoryGuard()
  const router = vi.fn()
  window.addEventListener('popstate', router)
  afterEach(() => router.mockClear())

  /** What the browser does on Back: the address changes, then popstate. */
  function pressBack(to: string) {
    window.history.replaceState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }

  it('lets a step through to the router while nothing is held', () => {
    window.history.replaceState(null, '', '/automation/a-1')
    pressBack('/automation')
    expect(router).toHaveBeenCalledTimes(1)
  })

  it('holds a step while held: the router never hears of it and the address is put back', () => {
    window.history.replaceState(null, '', '/automation/a-1')
    const ask = vi.fn()
    const release = holdHistory(ask)
    pressBack('/automation')
    expect(router).not.toHaveBeenCalled()
    expect(window.location.pathname).toBe('/automation/a-1')
    expect(ask).toHaveBeenCalledTimes(1)
    release()
    pressBack('/automation')
    expect(router).toHaveBeenCalledTimes(1)
  })

  it('takes the step once the person agrees to leave', () => {
    window.history.replaceState(null, '', '/automation/a-1')
    let leave = () => {}
    const release = holdHistory((goBack) => (leave = goBack))
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => pressBack('/automation'))
    pressBack('/automation')
    leave()
    expect(back).toHaveBeenCalledTimes(1)
    expect(router).toHaveBeenCalledTimes(1)
    release()
    back.mockRestore()
  })
})
