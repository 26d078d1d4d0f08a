#!/usr/bin/env python3
"""systemd's notification socket, stood in for: prints every message sent to PATH.

    python3 tests/systemd/notify-socket.py PATH

Binds a unix datagram socket at PATH (Node cannot bind one) and writes each datagram to
standard output, followed by a newline. Descriptors sent along are closed at once, as systemd
does: newer systemd-notify versions send a pipe and wait until the receiver has closed it.
Runs until SIGTERM or until its standard input closes (its parent ended); then removes PATH.
"""

import os
import selectors
import signal
import socket
import sys

MAX_DATAGRAM = 65536
MAX_FDS = 16


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: notify-socket.py PATH\n")
        return 2
    path = sys.argv[1]
    signal.signal(signal.SIGTERM, lambda _number, _frame: sys.exit(0))
    receiver = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    receiver.bind(path)
    try:
        selector = selectors.DefaultSelector()
        selector.register(receiver, selectors.EVENT_READ)
        selector.register(sys.stdin, selectors.EVENT_READ)
        while True:
            for key, _events in selector.select():
                if key.fileobj is sys.stdin:
                    if not os.read(sys.stdin.fileno(), 4096):
                        return 0
                    continue
                message, fds, _flags, _address = socket.recv_fds(receiver, MAX_DATAGRAM, MAX_FDS)
                for fd in fds:
                    os.close(fd)
                sys.stdout.buffer.write(message + b"\n")
                sys.stdout.flush()
    finally:
        os.unlink(path)


if __name__ == "__main__":
    sys.exit(main())
