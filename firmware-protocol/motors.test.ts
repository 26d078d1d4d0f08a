import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelayBoardEmulator } from './emulator'
import { MotorSimulator, parseMotors, SimulatedMotor } from './motors'
import { flashOn } from './pulse'
import { encodeRequest, type Request } from './rtu'

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('a simulated motor', () => {
  it('travels at its own speed each way and stops at the end stops', () => {
    const motor = new SimulatedMotor({
      unit: 1,
      upCoil: 0,
      downCoil: 1,
      travelUpMs: 40_000,
      travelDownMs: 20_000,
    })
    motor.relaysChanged(false, true, 0)
    expect(motor.state(5_000).position).toBeCloseTo(75)
    expect(motor.state(25_000).position).toBe(0)
    motor.relaysChanged(false, false, 10_000)
    expect(motor.state(60_000)).toEqual({ position: 50, tilt: 0, relay: null })
    motor.relaysChanged(true, false, 60_000)
    expect(motor.state(70_000).position).toBeCloseTo(75)
    expect(motor.state(500_000).position).toBe(100)
  })

  it('starts turning only after its start delay, every time the relay closes', () => {
    const motor = new SimulatedMotor({
      unit: 1,
      upCoil: 0,
      downCoil: 1,
      travelUpMs: 10_000,
      travelDownMs: 10_000,
      startDelayMs: 500,
    })
    motor.relaysChanged(false, true, 0)
    expect(motor.state(400).position).toBe(100)
    motor.relaysChanged(false, false, 1500)
    expect(motor.state(2000).position).toBeCloseTo(90)
    motor.relaysChanged(false, true, 2000)
    motor.relaysChanged(false, false, 3500)
    expect(motor.state(4000).position).toBeCloseTo(80)
  })

  it('turns the slats fully before the blind travels', () => {
    const motor = new SimulatedMotor({
      unit: 1,
      upCoil: 0,
      downCoil: 1,
      travelUpMs: 10_000,
      travelDownMs: 10_000,
      tiltMs: 1_000,
    })
    motor.relaysChanged(false, true, 0)
    expect(motor.state(500)).toMatchObject({ position: 100, tilt: 50 })
    expect(motor.state(2_000).position).toBeCloseTo(90)
    expect(motor.state(2_000).tilt).toBe(0)
    motor.relaysChanged(false, false, 2_000)
    motor.relaysChanged(true, false, 3_000)
    motor.relaysChanged(false, false, 3_300)
    expect(motor.state(4_000).position).toBeCloseTo(90)
    expect(motor.state(4_000).tilt).toBeCloseTo(30)
  })

  it('does not turn while both relays are on, and counts it', () => {
    const motor = new SimulatedMotor({
      unit: 1,
      upCoil: 0,
      downCoil: 1,
      travelUpMs: 10_000,
      travelDownMs: 10_000,
    })
    motor.relaysChanged(true, true, 0)
    expect(motor.state(5_000).position).toBe(100)
    expect(motor.conflicts).toBe(1)
  })
})

describe('motors on a relay board', () => {
  function ask(board: RelayBoardEmulator, request: Request): void {
    board.handleFrame(encodeRequest(request))
  }

  it('follow the coils, board-timed pulses included', () => {
    const board = new RelayBoardEmulator({ now: () => Date.now() })
    const sim = new MotorSimulator(board, parseMotors('1:2/1:3@20000'))
    ask(board, flashOn(1, 3, 5_000))
    vi.advanceTimersByTime(8_000)
    expect(sim.motor(1, 2).state(Date.now())).toEqual({ position: 75, tilt: 0, relay: null })
    ask(board, { unit: 1, fn: 0x05, address: 2, value: 0xff00 })
    vi.advanceTimersByTime(2_000)
    expect(sim.motor(1, 2).state(Date.now())).toMatchObject({ position: 85, relay: 'UP' })
    expect(sim.conflicts).toBe(0)
    sim.stop()
    board.stop()
  })

  it('refuses a relay wired to two motors', () => {
    const board = new RelayBoardEmulator()
    expect(() => new MotorSimulator(board, parseMotors('1:0/1:1@1000,1:1/1:2@1000'))).toThrow(
      'relay 1:1 drives two motors',
    )
  })
})

describe('motors written on a command line', () => {
  it('reads travel times, start delay and tilt', () => {
    expect(parseMotors('1:0/1:1@60000/55000/300/1200, 2:4/2:5@30000')).toEqual([
      {
        unit: 1,
        upCoil: 0,
        downCoil: 1,
        travelUpMs: 60000,
        travelDownMs: 55000,
        startDelayMs: 300,
        tiltMs: 1200,
      },
      {
        unit: 2,
        upCoil: 4,
        downCoil: 5,
        travelUpMs: 30000,
        travelDownMs: 30000,
        startDelayMs: 0,
        tiltMs: 0,
      },
    ])
  })

  it.each(['1:0/2:1@1000', '1:0@1000', '1:0/1:1', 'x'])('refuses "%s"', (text) => {
    expect(() => parseMotors(text)).toThrow('a motor is UNIT:UP/UNIT:DOWN@TRAVEL_UP')
  })
})
