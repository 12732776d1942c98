"""``referee audit --dask ADDRESS``: the audit's documents ruled on a Dask cluster.

The client (this process) finds the documents as the local audit does (``api.audit.audit_items.items``), cuts
them into partitions of consecutive items (files, ranges of JSON Lines lines, Tenhou records) and
reads each file's bytes into its item (``with_content``), so that workers need the package, not
the files. A partition is a ``dask.bag`` mapped with ``rule_one`` and computed on the cluster;
a window of partitions is in flight at a time (memory stays bounded however large the input),
the progress bar advances as each one completes (futures as they complete) and the outcomes are
given back in input order, so the summary and the reports are the local audit's.

``ADDRESS`` is a running scheduler (``tcp://host:8786``), or ``local``: a ``LocalCluster`` of
``workers`` processes on this machine. Dask is an optional extra (``pip install -e '.[dask]'`` in a
checkout; ``api.version.install_extra`` words it for where the referee runs from); without it, and for a scheduler that cannot be reached, has no worker
or whose workers run another version of the referee, the run stops before anything is ruled with a
``UsageError`` (one line, exit status 2). The connection waits up to Dask's
``distributed.comm.timeouts.connect`` (30 s; ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT``).
"""
from __future__ import annotations

import contextlib
import itertools
import logging
import os
import socket
from typing import Callable, Iterable, Iterator, Optional

from api.audit.audit_items import LOCAL_CLUSTER, Item, rule_one
from api.documents.documents import UsageError
from api.limits import MAX_RECORD_BYTES
from api.version import install_extra, version_text

PARTITION = 64  # items in a partition at most: about 0.1 s of work for self-played tw16 hands
WINDOW = 3  # partitions in flight (or waiting their turn to be given back) per worker thread
HTTP = "127.0.0.1:0"  # a local cluster's scheduler page: None would still take 8787, or warn


class ClusterError(UsageError):
    """The Dask cluster cannot be used, or failed during the run: one line, exit status 2."""


def _dask():
    """``(dask.bag, distributed)``, or a ``UsageError`` saying how to install them."""
    try:
        import dask.bag as bag
        import distributed
    except ImportError as err:
        raise UsageError(f"--dask needs Dask, an optional extra that is not installed "
                         f"({err.name or err}): {install_extra('dask')}") from None
    return bag, distributed


class Cluster:
    """A client of the cluster at ``address`` (``local``: a LocalCluster of ``workers`` processes,
    one thread each, default one per core), checked: reachable, with workers that run this
    version of the referee. Close it (or use it as a context manager)."""

    def __init__(self, address: str, workers: Optional[int] = None):
        self._bag, distributed = _dask()
        self._as_completed = distributed.as_completed
        self._local = None
        self.address = address
        try:
            if address == LOCAL_CLUSTER:
                self._local = distributed.LocalCluster(
                    n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                    dashboard_address=HTTP, silence_logs=logging.ERROR)
                self.client = distributed.Client(self._local)
            else:
                _reachable(address)
                self.client = distributed.Client(address)
        except OSError as err:
            self.close()
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                               f"{err.strerror or _one_line(err)}") from None
        except ValueError as err:
            self.close()
            raise ClusterError(f"--dask {address}: not a scheduler address ({_one_line(err)}); "
                               "give tcp://HOST:PORT or local") from None
        try:
            self._wait_for_workers()
            check_versions(version_text(), self.client.run(version_text, on_error="return"))
        except BaseException:
            self.close()
            raise
        info = self.client.scheduler_info()["workers"].values()
        self.threads = sum(w.get("nthreads", 1) for w in info) or 1

    def _wait_for_workers(self) -> None:
        import dask
        from dask.utils import parse_timedelta

        wait = parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), "s")
        try:
            self.client.wait_for_workers(1, timeout=wait)
        except TimeoutError:
            raise ClusterError(f"the Dask scheduler at {self.address} has no workers (waited "
                               f"{wait:.0f} s): start some with 'dask worker {self.address}'") from None

    def rule(self, work: Iterable[Item], keep_document: bool, total: int,
             done: Callable[[int], None]) -> Iterator[dict]:
        """The outcomes of ``work`` in input order; ``done(n)`` as each partition of ``n`` items
        completes, in whatever order they complete. A partition that fails (a worker lost, the
        scheduler gone) stops the run with a ``ClusterError``."""
        size = max(1, min(PARTITION, total // (self.threads * 8)))
        parts = (list(map(with_content, part)) for part in _chunks(work, size))
        window = WINDOW * self.threads + 1
        running = self._as_completed()
        index: dict = {}  # future -> (partition number, items in it)
        finished: dict[int, list] = {}  # partition number -> outcomes, until its turn
        submitted = given = 0
        try:
            while True:
                while submitted - given < window and (part := next(parts, None)) is not None:
                    bag = self._bag.from_sequence(part, npartitions=1).map(
                        rule_entry, keep_document=keep_document)
                    future = self.client.compute(bag)
                    index[future] = (submitted, len(part))
                    running.add(future)
                    submitted += 1
                if given == submitted:
                    return
                future = next(running)
                number, n = index.pop(future)
                finished[number] = self._result(future)
                done(n)
                while given in finished:
                    yield from finished.pop(given)
                    given += 1
        finally:
            if index:  # stopped early: what is still running is not wanted
                with contextlib.suppress(Exception):  # the client may have lost the scheduler
                    self.client.cancel(list(index))

    def _result(self, future) -> list:
        try:
            return future.result()
        except Exception as err:  # rule_entry never raises: this is the cluster's failure
            raise ClusterError(f"the Dask cluster at {self.address} failed during the audit "
                               f"({type(err).__name__}: {_one_line(err)})") from None

    def close(self) -> None:
        for part in ("client", "_local"):
            thing = getattr(self, part, None)
            if thing is not None:
                thing.close()
                setattr(self, part, None)

    def __enter__(self) -> "Cluster":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _reachable(address: str) -> None:
    """A TCP scheduler that refuses the connection is said so at once, not after Dask's retries
    for the whole connect timeout. Other schemes are left to Dask."""
    from distributed.comm.addressing import get_address_host_port, parse_address

    scheme, _ = parse_address(address)
    if scheme not in ("tcp", "tls"):
        return
    host, port = get_address_host_port(address)
    socket.create_connection((host, port), timeout=5).close()


def check_versions(mine: str, theirs: dict) -> None:
    """Every worker answered ``mine`` (``referee --version``: the package and the rulebooks);
    else a ``ClusterError`` naming a worker that did not and what it answered."""
    for worker, answer in sorted(theirs.items()):
        if isinstance(answer, BaseException):
            raise ClusterError(f"the Dask worker {worker} cannot run the referee "
                               f"({type(answer).__name__}: {_one_line(answer)}): install "
                               f"{mine.split(' (')[0]} on every worker")
        if answer != mine:
            raise ClusterError(f"the Dask worker {worker} runs {answer}, this is {mine}: install "
                               "the same version on every worker")


def _one_line(err: BaseException) -> str:
    """Dask's messages may run over several lines; ours are one."""
    return " ".join(str(err).split())


def with_content(item: Item) -> "Item | dict":
    """A file's item with the file's bytes read here, for a worker that may not see the file; a file
    that cannot be read here is ruled here (``rule_one`` says why, as the local audit does)."""
    source, path, data, holds = item
    if path is None or data is not None:
        return item
    try:
        with open(path, "rb") as fh:  # no further than the largest thing a file may be (a Tenhou record)
            return source, path, fh.read(MAX_RECORD_BYTES + 1), holds
    except OSError:
        return rule_one(item)


def rule_entry(entry: "Item | dict", keep_document: bool = False) -> dict:
    """On a worker: the outcome of an item (``rule_one``), or one already found by the client."""
    return entry if isinstance(entry, dict) else rule_one(entry, keep_document)


def _chunks(work: Iterable[Item], size: int) -> Iterator[list[Item]]:
    it = iter(work)
    while part := list(itertools.islice(it, size)):
        yield part
