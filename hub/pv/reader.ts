// One poll of the inverter over one connection: connect, find its SunSpec models (once; again
// only after a failed poll), read model 1 once and then the inverter model and model 160 with
// one request per block (a block over 125 registers in as few as it needs), so a value and its
// scale factor come from the same snapshot; close. What a poll saw, decoded.
import { MAX_READ_REGISTERS } from '../../firmware-protocol/modbus-tcp'
import {
  decodeCommon,
  decodeInverter,
  decodeMppt,
  discoverModels,
  SunSpecError,
  type ModelBlock,
  type SunSpecCommon,
  type SunSpecInverter,
  type SunSpecMppt,
} from '../../firmware-protocol/sunspec'
import { ModbusTcpClient, type ModbusTcpTarget } from './modbus-client'

const COMMON = 1
const MPPT = 160
const INVERTER_MODELS = new Set([101, 102, 103, 111, 112, 113])

export interface InverterSnapshot {
  device: SunSpecCommon
  inverter: SunSpecInverter
  /** Null when the inverter has no model 160. */
  mppt: SunSpecMppt | null
}

/** The traffic of one poll, for the benchmark. */
export interface PollTraffic {
  reads: number
  bytesSent: number
  bytesReceived: number
  discovered: boolean
}

interface Layout {
  device: SunSpecCommon
  inverter: ModelBlock
  mppt: ModelBlock | null
}

/** Reads a block in as few requests as the 125-register limit allows. */
async function readBlock(client: ModbusTcpClient, block: ModelBlock): Promise<number[]> {
  const registers: number[] = []
  for (let offset = 0; offset < block.length; offset += MAX_READ_REGISTERS) {
    const count = Math.min(MAX_READ_REGISTERS, block.length - offset)
    registers.push(...(await client.readHoldingRegisters(block.address + offset, count)))
  }
  return registers
}

export class InverterReader {
  /** What discovery found; forgotten after a failed poll, for the device may have changed. */
  private layout: Layout | null = null
  lastTraffic: PollTraffic | null = null

  constructor(
    private readonly target: ModbusTcpTarget,
    private readonly timeoutMs?: number,
  ) {}

  /** One poll; throws a one-line error when the inverter cannot be read. */
  async read(): Promise<InverterSnapshot> {
    const client = new ModbusTcpClient(this.target, this.timeoutMs)
    const discovered = this.layout === null
    try {
      await client.connect()
      const layout = this.layout ?? (await this.discover(client))
      const inverterRegs = await readBlock(client, layout.inverter)
      const mpptRegs = layout.mppt ? await readBlock(client, layout.mppt) : null
      this.layout = layout
      return {
        device: layout.device,
        inverter: decodeInverter(layout.inverter.id, inverterRegs),
        mppt: mpptRegs ? decodeMppt(mpptRegs) : null,
      }
    } catch (err) {
      this.layout = null
      throw err
    } finally {
      client.close()
      this.lastTraffic = {
        reads: client.reads,
        bytesSent: client.bytesSent,
        bytesReceived: client.bytesReceived,
        discovered,
      }
    }
  }

  private async discover(client: ModbusTcpClient): Promise<Layout> {
    const found = await discoverModels((address, count) =>
      client.readHoldingRegisters(address, count),
    ).catch((err: unknown) => {
      // Discovery tries each base in turn; on a lost connection each failed the same way.
      throw client.lost ?? err
    })
    const { models } = found
    const common = models.find((m) => m.id === COMMON)
    const inverter = models.find((m) => INVERTER_MODELS.has(m.id))
    if (!inverter) {
      const ids = models.map((m) => m.id).join(', ')
      throw new SunSpecError(
        `the SunSpec device has no inverter model (101-103, 111-113); it has ${ids || 'none'}`,
      )
    }
    const device = common
      ? decodeCommon(await readBlock(client, common))
      : {
          manufacturer: null,
          model: null,
          options: null,
          version: null,
          serial: null,
          deviceAddress: null,
        }
    return { device, inverter, mppt: models.find((m) => m.id === MPPT) ?? null }
  }
}
