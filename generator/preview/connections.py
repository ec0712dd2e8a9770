"""Which connections `readinglist serve` spends a thread on, and for how long.

A thread per connection (the standard library's ThreadingHTTPServer) lets any number of
connections that send nothing hold as many threads, for ever. Here a connection first waits in
a room watched by one thread (a selector); only when it sends its request is it handed to one
of a fixed number of workers, and one that sends nothing within `idle` seconds is closed. A
worker reading a request or a kept-alive connection gives up after the same `idle` seconds
(the handler's `timeout`). So threads are bounded by `WORKERS + 1`, whatever connects.

Owns the waiting room and the workers; what is answered is `server`'s.
"""

from __future__ import annotations

import logging
import queue
import selectors
import socket
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

IDLE_SECONDS = 30.0  # a connection that sends nothing this long is closed
WORKERS = 16  # a browser opens about six connections to a host

Connection = tuple[socket.socket, object]  # the socket and the client's address
Handle = Callable[[socket.socket, object], None]  # answers a connection, then closes it


class WaitingRoom:
    """Accepted connections, each handed to a worker once it has something to read."""

    def __init__(self, handle: Handle, close: Callable[[socket.socket], None], *,
                 idle: float = IDLE_SECONDS, workers: int = WORKERS) -> None:  # fmt: skip
        self.handle, self.close, self.idle, self.workers = handle, close, idle, workers
        self.arrivals: queue.SimpleQueue[Connection] = queue.SimpleQueue()
        self.ready: queue.SimpleQueue[Connection | None] = queue.SimpleQueue()
        self.selector = selectors.DefaultSelector()
        self.wake_reader, self.wake_writer = socket.socketpair()
        self.selector.register(self.wake_reader, selectors.EVENT_READ)
        self.since: dict[socket.socket, tuple[object, float]] = {}
        self.closed = threading.Event()
        threads = [threading.Thread(target=self._watch, name="serve-waiting", daemon=True)]
        threads += [threading.Thread(target=self._work, name=f"serve-{n}", daemon=True)
                    for n in range(workers)]  # fmt: skip
        for thread in threads:
            thread.start()

    def admit(self, connection: socket.socket, client: object) -> None:
        """Called by the accepting thread: `connection` waits here until it sends."""
        self.arrivals.put((connection, client))
        self.wake_writer.send(b"\0")

    def shut(self) -> None:
        """Close every waiting connection and stop the threads (they are daemons: a worker
        in the middle of an answer does not hold up the end of the program)."""
        self.closed.set()
        self.wake_writer.send(b"\0")
        for _ in range(self.workers):
            self.ready.put(None)

    def _watch(self) -> None:
        while not self.closed.is_set():
            for key, _ in self.selector.select(timeout=min(1.0, self.idle)):
                if key.fileobj is self.wake_reader:
                    self.wake_reader.recv(4096)
                    self._register_arrivals()
                else:
                    self._hand_over(key.fileobj)  # type: ignore[arg-type]
            self._close_idle(time.monotonic())
        for connection in list(self.since):
            self._drop(connection)
        self.selector.close()
        self.wake_reader.close()
        self.wake_writer.close()

    def _register_arrivals(self) -> None:
        while True:
            try:
                connection, client = self.arrivals.get_nowait()
            except queue.Empty:
                return
            self.since[connection] = (client, time.monotonic())
            self.selector.register(connection, selectors.EVENT_READ)

    def _hand_over(self, connection: socket.socket) -> None:
        client, _ = self.since.pop(connection)
        self.selector.unregister(connection)
        self.ready.put((connection, client))

    def _close_idle(self, now: float) -> None:
        for connection, (client, since) in list(self.since.items()):
            if now - since >= self.idle:
                log.debug("%s sent nothing for %.0f s: closed", client, self.idle)
                self._drop(connection)

    def _drop(self, connection: socket.socket) -> None:
        self.since.pop(connection, None)
        self.selector.unregister(connection)
        self.close(connection)

    def _work(self) -> None:
        while (connection := self.ready.get()) is not None:
            self.handle(*connection)
