// The one way a test or a bench waits a fixed time: a quiet period, in which it shows that
// nothing happens (no frame, no event) or lets a process settle before it is measured. Every
// wait for something to happen waits for the event, the frame or the state instead, with a
// deadline (tests/bus/polling.ts waitFor), or advances a test clock (hub/clock/test-clock.ts).

/** Waits `ms` of real time, `why` saying what the quiet shows (it names the wait where it is used). */
export function quietPeriod(ms: number, why: string): Promise<void> {
  if (!why) throw new Error('quietPeriod: say what the quiet period shows')
  return new Promise((resolve) => setTimeout(resolve, ms))
}
