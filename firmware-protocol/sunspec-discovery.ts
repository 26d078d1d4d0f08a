// SunSpec discovery: find "SunS" at one of the base addresses, then walk the model headers
// (id, length) to the end model. Pure: the register reads come in as a function.
import { hexWord } from './hex'
import {
  END_MODEL_ID,
  SUNS_MARKER,
  SUNSPEC_BASES,
  SunSpecError,
  type ModelBlock,
} from './sunspec-types'

/** Reads `count` holding registers from `address`; rejects on an exception or I/O error. */
export type RegisterReader = (address: number, count: number) => Promise<number[]>

/** More models than any device has: a walk that gets here has lost its way. */
export const MAX_MODELS = 64
const ADDRESS_SPACE = 0x10000

/** Reads "SunS" at each base in turn, then walks id/length headers until id 0xFFFF. A last
 *  model whose length is missing (0xFFFF id with no length, or a read error right after the
 *  end id) ends the walk cleanly. `read` is the I/O; discovery itself is pure. */
export async function discoverModels(
  read: RegisterReader,
): Promise<{ base: number; models: ModelBlock[] }> {
  const misses: string[] = []
  for (const base of SUNSPEC_BASES) {
    let marker: number[]
    try {
      marker = await read(base, 2)
    } catch (error) {
      misses.push(`${base} (${messageOf(error)})`)
      continue
    }
    if (marker[0] === SUNS_MARKER[0] && marker[1] === SUNS_MARKER[1]) {
      return { base, models: await walkModels(read, base + 2) }
    }
    misses.push(`${base} (read ${marker.map(hexWord).join(' ') || 'nothing'})`)
  }
  throw new SunSpecError(`no SunSpec device: no "SunS" at ${misses.join(', ')}`)
}

async function walkModels(read: RegisterReader, start: number): Promise<ModelBlock[]> {
  const models: ModelBlock[] = []
  let address = start
  for (;;) {
    const after = models.at(-1)
    const where = after ? `after model ${after.id}` : 'after "SunS"'
    if (address + 1 > ADDRESS_SPACE) {
      throw new SunSpecError(`no end model (0xFFFF): the models ${where} reach register 65535`)
    }
    const { id, length } = await readHeader(read, address, where)
    if (id === END_MODEL_ID) return models
    if (length === undefined) {
      throw new SunSpecError(`model ${id} at register ${address} has no length register`)
    }
    if (models.length === MAX_MODELS) {
      throw new SunSpecError(`more than ${MAX_MODELS} models from register ${start}: no end model`)
    }
    const body = address + 2
    if (body + length > ADDRESS_SPACE) {
      throw new SunSpecError(
        `model ${id} at register ${address} says length ${length}, which runs past register 65535`,
      )
    }
    models.push({ id, address: body, length })
    address = body + length
  }
}

/**
 * The id and length at `address`. A device whose image ends with the end model's id has no
 * length register to read: a failed 2-register read is then retried for the id alone.
 */
async function readHeader(
  read: RegisterReader,
  address: number,
  where: string,
): Promise<{ id: number; length: number | undefined }> {
  let header: number[]
  try {
    header = await read(address, address + 2 > ADDRESS_SPACE ? 1 : 2)
  } catch (error) {
    try {
      header = await read(address, 1)
    } catch {
      throw new SunSpecError(
        `no model header at register ${address} ${where}: ${messageOf(error)}`,
        { cause: error },
      )
    }
    header = header.slice(0, 1)
  }
  const id = header[0]
  if (id === undefined) {
    throw new SunSpecError(`no model header at register ${address} ${where}: the read was empty`)
  }
  return { id, length: header[1] }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
