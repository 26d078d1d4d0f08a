// Writing files so that a crash or a power cut never leaves a half-written one under the name
// the owner sees: write a temporary file in the same folder, fsync it, rename it into place
// (atomic within one file system), then fsync the folder so the rename itself is on disk.
import { randomBytes } from 'node:crypto'
import {
  chownSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** The suffix of every temporary file made here, so leftovers of a crash can be recognised. */
export const TEMPORARY_SUFFIX = '.lamella-tmp'

/** A fresh hidden name beside `path`: same folder, so the final rename stays atomic. */
export function temporaryPathBeside(path: string): string {
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`
  return join(dirname(path), `.${basename(path)}.${tag}${TEMPORARY_SUFFIX}`)
}

export function fsyncFile(path: string): void {
  const fd = openSync(path, 'r+')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/** Makes a rename or unlink in `folder` durable. Some file systems cannot; that is no error. */
export function fsyncFolder(folder: string): void {
  let fd: number | undefined
  try {
    fd = openSync(folder, 'r')
    fsyncSync(fd)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM' && code !== 'EBADF') throw err
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Removes a file if it is there; a missing file is what we wanted anyway. */
export function removeIfPresent(path: string): boolean {
  try {
    unlinkSync(path)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw err
  }
}

export class DestinationExistsError extends Error {
  override name = 'DestinationExistsError'
}

/**
 * Puts the finished, fsynced `temporary` file at `destination` and fsyncs the folder. Without
 * `overwrite` an existing destination is never replaced, even by a file that appears between
 * a check and the rename: a hard link fails atomically when the name is taken. File systems
 * without hard links (a FAT USB stick) fall back to a check then a rename.
 */
export function placeFile(temporary: string, destination: string, overwrite: boolean): void {
  if (overwrite) {
    renameSync(temporary, destination)
  } else {
    try {
      linkSync(temporary, destination)
      unlinkSync(temporary)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EEXIST') throw new DestinationExistsError(`${destination} exists`)
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err
      if (existsSync(destination)) throw new DestinationExistsError(`${destination} exists`)
      renameSync(temporary, destination)
    }
  }
  fsyncFolder(dirname(destination))
}

/**
 * Run as root (`sudo lamella restore ...`), a new file would belong to root and the hub's own
 * user could not write it; it gets the owner of its folder instead (/var/lib/lamella belongs
 * to the service's user). As anyone else, files already belong to the right user.
 */
export function giveToFolderOwner(path: string): void {
  if (process.getuid?.() !== 0) return
  const folder = statSync(dirname(path))
  chownSync(path, folder.uid, folder.gid)
}
