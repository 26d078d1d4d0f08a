#!/usr/bin/python3
# A filesystem for power-cut tests, after LazyFS: a passthrough over a backing folder (what the
# SD card holds) that keeps every write not yet fsynced in this process's memory, as the page
# cache would. Killing this process is the power cut: what was not synced is gone, and the
# next mount serves only what the backing folder holds.
#
#   /usr/bin/python3 tests/faults/lazy-fs.py MOUNTPOINT -f -o backing=DIR,big_writes
#
# Runs on Debian's /usr/bin/python3 with its python3-fuse package (python-fuse on libfuse2; as
# root it mounts with mount(2) itself, and `fusermount3 -u` from fuse3 takes the mount down).
# It prints "mounted" once the kernel has sent its first request. It serves one request at a
# time, so it needs no locks. When its standard input closes (the test that started it died),
# it takes the mount down with `fusermount3 -uz` and exits, so no mount outlives its test.
#
# The model of the card, and what a cut loses:
# - File contents and sizes (write, truncate) live in memory until fsync or fdatasync of that
#   file, or at once for a file opened with O_SYNC or O_DSYNC. A cut loses all of them, never
#   part of a write, and never a synced one. Unsynced writes are never written back early, so
#   the test sees the worst case a page cache allows: everything since the last sync gone.
# - Names (create, mkdir, unlink, rename) and modes reach the backing folder at once, as in
#   LazyFS: a cut keeps a created file, empty or with what was synced to it. Directory fsyncs
#   therefore have nothing to do.
# - The kernel's own page cache of this mount is dropped with the mount, so the test mounts
#   afresh after each cut; shared mmap (SQLite's -shm) works as on any FUSE mount.
import errno
import os
import subprocess
import sys
import threading

import fuse

fuse.fuse_python_api = (0, 2)

PAGE = 4096


class Unsynced:
    """What one file holds that is not on the card yet: whole pages, its size, and where its
    content on the card stops counting (a truncate not yet synced cut it there)."""

    def __init__(self, size):
        self.pages = {}
        self.size = size
        self.low = size

    def page(self, fd, index):
        """The page as a program sees it: ours if written, else the card's, zeros past `low`."""
        if index in self.pages:
            return self.pages[index]
        start = index * PAGE
        data = os.pread(fd, PAGE, start)[: max(0, self.low - start)]
        return bytearray(data) + bytearray(PAGE - len(data))

    def read(self, fd, length, offset):
        end = min(offset + length, self.size)
        out = bytearray()
        while offset < end:
            index, within = divmod(offset, PAGE)
            n = min(PAGE - within, end - offset)
            out += self.page(fd, index)[within : within + n]
            offset += n
        return bytes(out)

    def write(self, fd, buf, offset):
        done = 0
        while done < len(buf):
            index, within = divmod(offset + done, PAGE)
            n = min(PAGE - within, len(buf) - done)
            page = self.page(fd, index)
            page[within : within + n] = buf[done : done + n]
            self.pages[index] = page
            done += n
        self.size = max(self.size, offset + len(buf))

    def truncate(self, length):
        self.size = length
        self.low = min(self.low, length)
        for index in [i for i in self.pages if i * PAGE >= length]:
            del self.pages[index]
        index, within = divmod(length, PAGE)
        if within and index in self.pages:
            self.pages[index][within:] = bytearray(PAGE - within)

    def persist(self, fd):
        """Puts it on the card: the stale tail goes, then the pages, then the size."""
        if os.fstat(fd).st_size > self.low:
            os.ftruncate(fd, self.low)
        for index, page in sorted(self.pages.items()):
            n = min(PAGE, self.size - index * PAGE)
            if n > 0:
                os.pwrite(fd, bytes(page[:n]), index * PAGE)
        os.ftruncate(fd, self.size)


class LazyFs(fuse.Fuse):
    def __init__(self, *args, **kw):
        fuse.Fuse.__init__(self, *args, **kw)
        self.backing = None
        # Keyed by the backing file's inode: a rename keeps a file's unsynced writes with it.
        self.unsynced = {}
        self.open_count = {}

    def real(self, path):
        return os.path.join(self.backing, path.lstrip('/'))

    def fsinit(self):
        print('mounted', flush=True)

    # Sizes as programs see them.
    def stat(self, st):
        out = fuse.Stat()
        for name in ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid', 'st_size'):
            setattr(out, name, getattr(st, name))
        for name in ('st_atime', 'st_mtime', 'st_ctime'):
            setattr(out, name, int(getattr(st, name)))
        state = self.unsynced.get(st.st_ino)
        if state:
            out.st_size = state.size
        return out

    def getattr(self, path):
        return self.stat(os.lstat(self.real(path)))

    def readdir(self, path, offset):
        for name in ['.', '..'] + os.listdir(self.real(path)):
            yield fuse.Direntry(name)

    def access(self, path, mode):
        if not os.access(self.real(path), mode):
            return -errno.EACCES

    def statfs(self):
        return os.statvfs(self.backing)

    # Names: on the card at once.
    def mkdir(self, path, mode):
        os.mkdir(self.real(path), mode)

    def rmdir(self, path):
        os.rmdir(self.real(path))

    def unlink(self, path):
        st = os.lstat(self.real(path))
        os.unlink(self.real(path))
        self.forget_if_gone(st.st_ino, st.st_nlink - 1)

    def rename(self, old, new):
        try:
            replaced = os.lstat(self.real(new))
        except FileNotFoundError:
            replaced = None
        os.rename(self.real(old), self.real(new))
        if replaced:
            self.forget_if_gone(replaced.st_ino, replaced.st_nlink - 1)

    def forget_if_gone(self, ino, links):
        if links <= 0 and not self.open_count.get(ino):
            self.unsynced.pop(ino, None)

    def chmod(self, path, mode):
        os.chmod(self.real(path), mode)

    def chown(self, path, uid, gid):
        os.chown(self.real(path), uid, gid)

    def utimens(self, path, ts_acc, ts_mod):
        os.utime(self.real(path), ns=(ts_acc.tv_sec * 10**9 + ts_acc.tv_nsec,
                                      ts_mod.tv_sec * 10**9 + ts_mod.tv_nsec))

    # Contents: in memory until synced.
    def state_of(self, fd):
        ino = os.fstat(fd).st_ino
        if ino not in self.unsynced:
            self.unsynced[ino] = Unsynced(os.fstat(fd).st_size)
        return self.unsynced[ino]

    def truncate(self, path, length):
        fd = os.open(self.real(path), os.O_RDWR)
        try:
            self.state_of(fd).truncate(length)
        finally:
            os.close(fd)

    def main(self, *args, **kw):
        fs = self

        class File:
            def __init__(self, path, flags, *mode):
                # The card's file is always open for writing: a sync may come on any handle.
                keep = flags & ~(os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_TRUNC)
                self.fd = os.open(fs.real(path), keep | os.O_RDWR, *mode)
                self.ino = os.fstat(self.fd).st_ino
                self.sync_each_write = bool(flags & (os.O_SYNC | os.O_DSYNC))
                fs.open_count[self.ino] = fs.open_count.get(self.ino, 0) + 1
                if flags & os.O_TRUNC:
                    fs.state_of(self.fd).truncate(0)

            def read(self, length, offset):
                state = fs.unsynced.get(self.ino)
                if state is None:
                    return os.pread(self.fd, length, offset)
                return state.read(self.fd, length, offset)

            def write(self, buf, offset):
                fs.state_of(self.fd).write(self.fd, buf, offset)
                if self.sync_each_write:
                    self.fsync(False)
                return len(buf)

            def fsync(self, datasync):
                state = fs.unsynced.pop(self.ino, None)
                if state:
                    state.persist(self.fd)

            def ftruncate(self, length):
                fs.state_of(self.fd).truncate(length)

            def fgetattr(self):
                return fs.stat(os.fstat(self.fd))

            def flush(self):
                pass

            def release(self, flags):
                fs.open_count[self.ino] -= 1
                if not fs.open_count[self.ino]:
                    del fs.open_count[self.ino]
                    fs.forget_if_gone(self.ino, os.fstat(self.fd).st_nlink)
                os.close(self.fd)

        self.file_class = File
        return fuse.Fuse.main(self, *args, **kw)


def main():
    server = LazyFs(usage='lazy-fs.py MOUNTPOINT -o backing=DIR [fuse options]')
    server.multithreaded = False
    server.parser.add_option(mountopt='backing', metavar='DIR', help='the folder that is the card')
    server.parse(values=server, errex=1)
    if not server.backing or not os.path.isdir(server.backing):
        sys.exit('lazy-fs.py: -o backing=DIR must name a folder')
    server.backing = os.path.abspath(server.backing)
    mountpoint = server.fuse_args.mountpoint

    def follow_parent():
        sys.stdin.buffer.read()
        subprocess.run(['fusermount3', '-uz', mountpoint], check=False)
        os._exit(0)

    threading.Thread(target=follow_parent, daemon=True).start()
    server.main()


if __name__ == '__main__':
    main()
