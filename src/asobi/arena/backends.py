"""Where the games of a simulation or a tournament are played: this machine's processes, or a
Ray cluster (``asobi[dist]``).

Either way the caller gets the results in the order of its jobs, so what it writes does not
depend on the number of workers or on which of them finished first: every game is a pure
function of its job (game, options, deal seed, lineup, bot seeds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from asobi.core.errors import AsobiError

J = TypeVar("J")
R = TypeVar("R")

BACKENDS: tuple[str, ...] = ("local", "ray")


class BackendUnavailable(AsobiError, ValueError):
    """A backend that cannot run the games (Ray missing, or failing to start or to join its
    cluster): one line saying what to try. A ValueError too, like a bad ``--backend``."""


def _batches(jobs: Sequence[J], size: int) -> list[list[J]]:
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def batch_size(jobs: int, workers: int) -> int:
    """Jobs per task: small enough that every worker gets many (the progress bar moves and
    a slow game does not leave the others idle), large enough that a task is not mostly
    its own overhead."""
    return max(1, min(16, jobs // (workers * 8)))


def run_jobs(
    play: Callable[[J], R],
    jobs: Sequence[J],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[R]:
    """``play(job)`` for every job, yielded in job order as they are done."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r} (choose from: {', '.join(BACKENDS)})")
    if workers < 1:
        raise ValueError("workers must be at least 1")
    if backend == "ray":
        return _on_ray(play, jobs, workers, address)
    if address is not None:
        raise ValueError("--address names a Ray cluster; it needs --backend ray")
    if workers == 1:
        return map(play, jobs)
    return _on_processes(play, jobs, workers)


def _play_batch(play: Callable[[J], R], batch: Iterable[J]) -> list[R]:
    return [play(job) for job in batch]


def _in_order(
    batches: Sequence[list[J]],
    in_flight: int,
    submit: Callable[[list[J]], Any],
    next_done: Callable[[list[Any]], list[tuple[Any, list[R]]]],
) -> Iterator[R]:
    """Every batch's results in batch order: ``in_flight`` batches submitted at a time (not
    all at once: Ctrl-C then stops a run within a batch instead of after every game), and
    those done early kept for their turn. ``submit(batch)`` gives a handle;
    ``next_done(handles)`` waits for at least one and gives (handle, results) pairs."""
    pending: dict[Any, int] = {}
    finished: dict[int, list[R]] = {}
    submitted = next_out = 0
    while next_out < len(batches):
        while submitted < len(batches) and len(pending) < in_flight:
            pending[submit(batches[submitted])] = submitted
            submitted += 1
        for handle, results in next_done(list(pending)):
            finished[pending.pop(handle)] = results
        while next_out in finished:
            yield from finished.pop(next_out)
            next_out += 1


def _on_processes(play: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[R]:
    """Batches on a process pool, two per worker in flight."""

    def next_done(futures: list[Future[list[R]]]) -> list[tuple[Any, list[R]]]:
        done, _ = wait(futures, return_when=FIRST_COMPLETED)
        return [(future, future.result()) for future in done]

    pool = ProcessPoolExecutor(workers)
    try:
        yield from _in_order(
            _batches(jobs, batch_size(len(jobs), workers)),
            2 * workers,
            lambda batch: pool.submit(_play_batch, play, batch),
            next_done,
        )
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_ray(
    play: Callable[[J], R], jobs: Sequence[J], workers: int, address: str | None
) -> Iterator[R]:
    """Batches as Ray tasks, two per worker in flight.

    Without ``address`` Ray starts a local instance of ``workers`` CPUs (the same games on
    the same number of processes as ``--backend local``: the figure to compare). With one,
    it joins that cluster, whose every node must have the same asobi installed, and
    ``workers`` bounds the tasks in flight.
    """
    try:
        import ray
    except ImportError:
        raise BackendUnavailable("--backend ray needs Ray: pip install 'asobi[dist]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        _start_ray(ray, workers, address)
    try:
        remote: Any = ray.remote(_play_batch)

        def next_done(refs: list[Any]) -> list[tuple[Any, list[R]]]:
            ready, _ = ray.wait(refs, num_returns=1)
            return [(ref, ray.get(ref)) for ref in ready]

        yield from _in_order(
            _batches(jobs, batch_size(len(jobs), workers)),
            2 * workers,
            lambda batch: remote.remote(play, batch),
            next_done,
        )
    finally:
        if started_here:
            ray.shutdown()


def _start_ray(ray: Any, workers: int, address: str | None) -> None:
    """``ray.init``, its failure told in one line with what to try. Ray reports a start that
    fails as a bare ``Exception`` ("The current node timed out during startup", on a busy
    machine), a ``ConnectionError`` or a ``RuntimeError``, with many lines of advice."""
    settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    if address is None:
        settings["num_cpus"] = workers
    try:
        ray.init(address=address, **settings)
    except Exception as exc:
        ray.shutdown()  # whatever part of it did start
        lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
        why = lines[0] if lines else type(exc).__name__
        if address is None:
            raise BackendUnavailable(
                f"--backend ray: Ray did not start ({why}). Try again on a quieter machine, "
                "`ray stop` to clear a Ray left running, or --backend local (the same games)"
            ) from None
        raise BackendUnavailable(
            f"--backend ray: could not join the Ray cluster at {address} ({why}). Check the "
            f"address and that the cluster is up (`ray status --address {address}`), or use "
            "--backend local (the same games)"
        ) from None
