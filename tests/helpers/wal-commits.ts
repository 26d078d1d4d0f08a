// Counts the transactions committed to a SQLite database in WAL mode since its write-ahead
// log was last reset, read from the log file itself: each commit ends with one frame whose
// "database size after commit" is not zero (https://www.sqlite.org/fileformat2.html#walformat).
// With synchronous=FULL each commit is one wait for the disk, the cost batching saves.
import { readFileSync } from 'node:fs'

const WAL_HEADER = 32
const FRAME_HEADER = 24

export function walCommits(dbPath: string): number {
  let wal: Buffer
  try {
    wal = readFileSync(`${dbPath}-wal`)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw err
  }
  if (wal.length < WAL_HEADER) return 0
  const pageSize = wal.readUInt32BE(8)
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)]
  let commits = 0
  for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= wal.length;) {
    // Frames left from before the last reset carry older salts: the log ends there.
    if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break
    if (wal.readUInt32BE(at + 4) !== 0) commits++
    at += FRAME_HEADER + pageSize
  }
  return commits
}

/** Checkpoints the whole log into the database and empties it, so that counting starts at 0. */
export function resetWal(sqlite: { pragma(source: string): unknown }): void {
  const [result] = sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number; log: number }[]
  if (!result || result.busy !== 0 || result.log !== 0) {
    throw new Error(`could not empty the write-ahead log: ${JSON.stringify(result)}`)
  }
}
