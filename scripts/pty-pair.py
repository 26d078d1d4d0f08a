#!/usr/bin/env python3
"""Two pseudo-terminals joined back to back, like a USB RS-485 adapter and a board on one wire.

    python3 scripts/pty-pair.py /tmp/lamella-hub /tmp/lamella-board

Each path becomes a symlink to the slave end of its own pseudo-terminal; every byte written to
one comes out of the other at once, raw, without echo. It prints "ready" once both links exist
and runs until it is stopped (SIGTERM, SIGINT, or its standard input closing, which is how it
follows its parent when that dies), then removes the links. Killing it with SIGKILL is pulling
the plug: both pseudo-terminals vanish and whoever has them open sees the line hang up.

It does what `socat pty,raw,echo=0,link=A pty,raw,echo=0,link=B` does, with only Python's
standard library, so the bus tests run on machines without socat.
"""

import errno
import os
import selectors
import signal
import stat
import sys
import termios
import tty

CHUNK = 4096


def open_end(link):
    """A pty pair whose slave is named by `link`; the slave starts raw and silent."""
    master, slave = os.openpty()
    # Raw and no echo before anyone opens it: bytes pass untouched, and nothing written into
    # the master comes back out of it. serialport sets its own termios on open, much the same.
    tty.setraw(slave, termios.TCSANOW)
    os.set_blocking(master, False)
    # Replacing, never unlinking first: the path always names a pty or nothing.
    temporary = f"{link}.{os.getpid()}.tmp"
    os.symlink(os.ttyname(slave), temporary)
    os.replace(temporary, link)
    # The slave stays open here too: a pty whose slave nobody holds makes its master fail with
    # EIO until someone opens it again, and a hub closing and reopening its end (as it does
    # after a fault) must find the wire still there, as with socat.
    return master, slave


def remove_link(link, slave):
    """Removes `link` if it still names our slave (a newer pair may have taken the path)."""
    try:
        if os.readlink(link) == os.ttyname(slave):
            os.unlink(link)
    except OSError:
        pass


class Stop(Exception):
    pass


def on_signal(_number, _frame):
    raise Stop()


def relay(ends, stdin_open):
    """Copies bytes between the two masters until stopped."""
    hub, board = ends
    pending = {hub: bytearray(), board: bytearray()}
    peer = {hub: board, board: hub}
    selector = selectors.DefaultSelector()
    for master in ends:
        selector.register(master, selectors.EVENT_READ)
    if stdin_open:
        selector.register(sys.stdin.fileno(), selectors.EVENT_READ)

    def want(master):
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if pending[master] else 0)
        selector.modify(master, events)

    while True:
        for key, events in selector.select():
            fd = key.fd
            if fd not in pending:
                # Standard input: the parent closed it or died.
                if not os.read(fd, CHUNK):
                    raise Stop()
                continue
            if events & selectors.EVENT_READ:
                try:
                    data = os.read(fd, CHUNK)
                except OSError as error:
                    # EIO would mean every slave fd closed, which cannot happen while we hold
                    # one; EAGAIN, that another wake-up took the bytes. Neither ends the wire.
                    if error.errno not in (errno.EAGAIN, errno.EIO):
                        raise
                    data = b""
                if data:
                    pending[peer[fd]] += data
                    flush(peer[fd], pending)
                    want(peer[fd])
            if events & selectors.EVENT_WRITE:
                flush(fd, pending)
                want(fd)


def flush(master, pending):
    """Writes what waits for `master`, as much as it takes now (it buffers a few KiB)."""
    buffer = pending[master]
    while buffer:
        try:
            written = os.write(master, buffer)
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.EIO):
                return
            raise
        del buffer[:written]


def follows_parent():
    """Whether standard input is a pipe or socket from a parent, whose end closes when it dies.

    Not a terminal or /dev/null: started by hand in the background, it runs until stopped.
    """
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: pty-pair.py HUB-LINK BOARD-LINK\n")
        return 2
    links = sys.argv[1:]
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    opened = []
    try:
        for link in links:
            opened.append(open_end(link))
        print("ready", flush=True)
        relay([master for master, _ in opened], follows_parent())
    except Stop:
        pass
    finally:
        for link, (_, slave) in zip(links, opened):
            remove_link(link, slave)
    return 0


if __name__ == "__main__":
    sys.exit(main())
