import { describe, expect, it, vi } from 'vitest'
import { intervalModule, startModules, stopModules, type HubModule } from './module'

function recording(log: string[], name: string, failOn?: 'start' | 'stop'): HubModule {
  return {
    name,
    start() {
      if (failOn === 'start') throw new Error(`${name} cannot start`)
      log.push(`start ${name}`)
    },
    stop() {
      log.push(`stop ${name}`)
      if (failOn === 'stop') throw new Error(`${name} cannot stop`)
    },
  }
}

describe('the hub’s modules', () => {
  it('start in order and stop in reverse, every one though one fails to stop', async () => {
    const log: string[] = []
    const modules = [
      recording(log, 'bus'),
      recording(log, 'engine', 'stop'),
      recording(log, 'mqtt'),
    ]
    const failed = vi.fn()
    await startModules(modules, failed)
    await stopModules(modules, failed)
    expect(log).toEqual([
      'start bus',
      'start engine',
      'start mqtt',
      'stop mqtt',
      'stop engine',
      'stop bus',
    ])
    expect(failed).toHaveBeenCalledWith('engine', expect.any(Error))
  })

  it('stop those already started when one fails to start, and say why', async () => {
    const log: string[] = []
    const modules = [recording(log, 'bus'), recording(log, 'engine'), recording(log, 'pv', 'start')]
    await expect(startModules(modules, vi.fn())).rejects.toThrow('pv cannot start')
    expect(log).toEqual(['start bus', 'start engine', 'stop engine', 'stop bus'])
  })

  it('leave start out for a module that starts once the hub listens', async () => {
    const listening = vi.fn()
    const stop = vi.fn()
    await startModules([{ name: 'matter', listening, stop }], vi.fn())
    expect(listening).not.toHaveBeenCalled()
  })

  it('run an interval module once at start, then every period until it stops', async () => {
    vi.useFakeTimers()
    try {
      const every = vi.fn()
      const purge = intervalModule('session purge', 1000, every)
      await startModules([purge], vi.fn())
      expect(every).toHaveBeenCalledTimes(1)
      vi.advanceTimersByTime(2500)
      expect(every).toHaveBeenCalledTimes(3)
      await stopModules([purge], vi.fn())
      vi.advanceTimersByTime(5000)
      expect(every).toHaveBeenCalledTimes(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
