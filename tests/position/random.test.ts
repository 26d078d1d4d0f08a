// 300 random commands on five blinds with simulated motors, over the real serialport code on
// a pseudo-terminal: whatever a household and an automation do together, once the blinds
// settle the hub's position of each is within 2 points of where its motor really is.
// LAMELLA_FAULT_SEED replays a failing run with the seed it printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seededRandom, seedFrom } from '../../firmware-protocol/seeded-random'
import { startHubWithBoardProcess, type MotorRig } from '../helpers/motors'
import { RANDOM_BLINDS, runRandomCommands, type Comparison } from '../helpers/random-commands'

const seed = seedFrom(process.env.LAMELLA_FAULT_SEED)

describe(`300 random commands (seed ${seed})`, () => {
  let rig: MotorRig
  beforeAll(async () => {
    rig = await startHubWithBoardProcess(RANDOM_BLINDS, { deadTimeMs: 200 })
  }, 60_000)
  afterAll(async () => {
    await rig?.close()
  })

  it('leaves the hub within 2 points of every motor after each settle, slats included', async () => {
    const off: string[] = []
    let settles = 0
    await runRandomCommands(rig, seededRandom(seed), {
      commands: 300,
      burst: 40,
      onSettled(comparisons: Comparison[]) {
        settles++
        for (const c of comparisons) {
          // Not known yet is honest until the blind's first full run; then it must be right.
          if (c.hub === null) continue
          if (Math.abs(c.hub - c.motor) > 2) off.push(`${c.blind}: hub ${c.hub}, motor ${c.motor}`)
          if (c.motorTilt !== null && c.hubTilt !== null && Math.abs(c.hubTilt - c.motorTilt) > 2) {
            off.push(`${c.blind} slats: hub ${c.hubTilt}, motor ${c.motorTilt}`)
          }
        }
      },
    })
    expect(off, `after ${settles} settles`).toEqual([])
    expect(settles).toBeGreaterThan(10)
    // Every blind was known by the end, and no motor ever had both relays on.
    for (const id of rig.ids) expect((await rig.stateOf(id)).position).not.toBeNull()
    expect(rig.conflicts()).toBe(0)
  }, 600_000)
})
