"""Simulations at scale: thousands of seeded games between bots, every one kept as a record,
and a results table to count them with (``asobi simulate``, then ``asobi report``).

**The plan.** ``games`` games for each *variant*: the base options with one combination of
the swept values (``--sweep hand_size=2,3,4``; several sweeps multiply). Game ``i`` of every
variant is dealt with seed ``seed + i`` and its bots are seeded from ``(seed, i, seat)``, so
the variants are compared on the same deals with the same bots (common random numbers),
and the seat order of the bots turns by one each game (``rotate``) so that no bot keeps the
first seat.

**The files** (in the output folder):

- ``simulation.json``: the plan, to check a resumed run against and for the report;
- ``games.jsonl``: one game per line, in order: a game record that ``asobi replay --game N``
  replays (format, game, options, seed, moves, outcome), with its lineup, decisions and
  the game's facts (:class:`asobi.core.protocol.Facts`);
- ``results.csv`` (and ``results.parquet`` on request): one row per seat per game, the
  table to load into pandas or R;
- ``timings.csv``: how long each seat's bot took (its seconds in all and its slowest
  decision), the one thing the machine decides, kept apart so that ``games.jsonl`` and
  ``results.csv`` are the same bytes whatever the number of workers, the backend, or the
  stops and resumes on the way.

A run that stops (Ctrl-C, a lost machine) is resumed by the same command: the games already
in ``games.jsonl`` are kept as written and the rest are played.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from asobi import __version__
from asobi.arena.backends import run_jobs
from asobi.arena.matches import GameResult, play_game
from asobi.core.records import RECORD_FORMAT

PLAN_FILE = "simulation.json"
GAMES_FILE = "games.jsonl"
TABLE_FILE = "results.csv"
PARQUET_FILE = "results.parquet"
TIMES_FILE = "timings.csv"
TIMES_HEADER = ("game", "seat", "bot", "seconds", "slowest")


@dataclass(frozen=True)
class Variant:
    """One set of options a simulation plays: ``label`` names the swept values."""

    label: str
    options: Mapping[str, Any]


def variants(options: Mapping[str, Any], sweep: Mapping[str, Sequence[Any]]) -> list[Variant]:
    """Every combination of the swept values over the base options, in the order given."""
    if not sweep:
        return [Variant("", dict(options))]
    names = list(sweep)
    return [
        Variant(
            ", ".join(f"{name}={_plain(value)}" for name, value in zip(names, values, strict=True)),
            {**options, **dict(zip(names, values, strict=True))},
        )
        for values in itertools.product(*(sweep[name] for name in names))
    ]


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


@dataclass(frozen=True)
class Job:
    game: str
    options: Mapping[str, Any]
    variant: str
    index: int  # the game's place in the whole simulation
    deal: int  # the game's place in its variant: its deal and its bots' seeds
    seed: int
    lineup: tuple[str, ...]


def play_job(job: Job) -> GameResult:
    result = play_game(
        job.game,
        job.options,
        job.seed + job.deal,
        job.lineup,
        index=job.deal,
        bot_seed_base=job.seed,
        variant=job.variant,
    )
    return replace(result, index=job.index)


@dataclass
class Simulation:
    """What to play. ``bots`` names one bot per seat, or one bot for every seat."""

    game: str
    bots: tuple[str, ...]
    games: int  # per variant
    options: Mapping[str, Any] = field(default_factory=dict)
    sweep: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    seed: int = 0
    rotate: bool = True

    def variants(self) -> list[Variant]:
        return variants(self.options, self.sweep)

    def lineup(self, players: int, deal: int) -> tuple[str, ...]:
        bots = self.bots * players if len(self.bots) == 1 else self.bots
        if len(bots) != players:
            raise ValueError(
                f"{len(self.bots)} bots for {players} seats: name one bot for every seat, "
                "or a single bot to fill them all"
            )
        turn = deal % players if self.rotate else 0
        return tuple(bots[turn:] + bots[:turn])

    def jobs(self, players_of: Callable[[Mapping[str, Any]], int]) -> list[Job]:
        """Every game, in order. ``players_of(options)``: the seats those options give."""
        return [
            Job(
                self.game,
                variant.options,
                variant.label,
                v * self.games + deal,
                deal,
                self.seed,
                self.lineup(players_of(variant.options), deal),
            )
            for v, variant in enumerate(self.variants())
            for deal in range(self.games)
        ]

    def command(self) -> str:
        """The ``asobi simulate`` command that plays this plan (any workers, any backend)."""
        parts = ["asobi", "simulate", self.game, "--bots", ",".join(self.bots)]
        parts += ["--games", str(self.games)]
        for name, value in self.options.items():
            parts += ["-o", f"{name}={_plain(value)}"]
        for name, values in self.sweep.items():
            parts += ["--sweep", f"{name}=" + ",".join(_plain(v) for v in values)]
        parts += ["--seed", str(self.seed)]
        if not self.rotate:
            parts.append("--fixed-seats")
        return shlex.join(parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "options": dict(self.options),
            "sweep": {name: list(values) for name, values in self.sweep.items()},
            "seed": self.seed,
            "rotate": self.rotate,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Simulation:
        return cls(
            game=data["game"],
            bots=tuple(data["bots"]),
            games=int(data["games"]),
            options=dict(data.get("options") or {}),
            sweep={k: list(v) for k, v in (data.get("sweep") or {}).items()},
            seed=int(data.get("seed", 0)),
            rotate=bool(data.get("rotate", True)),
        )


class SimulationMismatch(ValueError):
    """The output folder holds another simulation."""


# --- the files --------------------------------------------------------------------------
def record_line(game: str, result: GameResult) -> dict[str, Any]:
    """A game of ``games.jsonl``: a game record (``asobi replay`` reads it) and the rest of
    what the game told the simulation, but not its times (:func:`timing_rows`)."""
    data = result.to_json()
    del data["seconds"], data["slowest"]
    return {
        "format": RECORD_FORMAT,
        "game": game,
        "options": data.pop("options"),
        "seed": data.pop("seed"),
        "setup": None,
        "moves": data.pop("moves"),
        "outcome": {
            "scores": data.pop("scores"),
            "ranks": data.pop("ranks"),
            "details": data.pop("details"),
        },
        **data,
    }


def timing_rows(result: GameResult) -> list[tuple[int, int, str, str, str]]:
    """A game's rows of ``timings.csv``: each seat's seconds in all and its slowest decision."""
    return [
        (result.index, seat, bot, f"{spent:.6f}", f"{slowest:.6f}")
        for seat, (bot, spent, slowest) in enumerate(
            zip(result.lineup, result.seconds, result.slowest, strict=True)
        )
    ]


def read_games(folder: Path) -> Iterator[dict[str, Any]]:
    """The games of a simulation folder, in order, stopping at a line cut short."""
    path = folder / GAMES_FILE
    if not path.exists():
        return
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            try:
                yield json.loads(line)
            except json.JSONDecodeError:
                return  # the last line of a run that was stopped while writing


def win(game: Mapping[str, Any], seat: int) -> float:
    """A win is first place; a tie for first shares it."""
    ranks = game["outcome"]["ranks"]
    return 1 / ranks.count(1) if ranks[seat] == 1 else 0.0


def position(game: Mapping[str, Any], seat: int) -> int:
    """A seat's place in turn order: 1 took the first turn (the seat + 1 in a game where
    everyone opens at once)."""
    first, n = game["first_player"], len(game["outcome"]["ranks"])
    return (seat - first) % n + 1 if first is not None else seat + 1


def table_columns(games: Iterable[Mapping[str, Any]], sweep: Sequence[str]) -> list[str]:
    """The columns of ``results.csv``: who played, how it went, then every fact any game
    told (one pass over the games, none of them kept)."""
    game_keys: dict[str, None] = {}
    seat_keys: dict[str, None] = {}
    holdings: dict[str, None] = {}
    for g in games:
        facts = g["facts"]
        game_keys.update(dict.fromkeys(facts.get("game", {})))
        for seat in facts.get("seats", []):
            seat_keys.update(dict.fromkeys(seat))
        if facts.get("holdings"):
            holdings[facts.get("holding") or "holdings"] = None
    fixed = ["game", "variant", *(f"options.{name}" for name in sweep), "seed", "players"]
    fixed += ["seat", "position", "bot", "rank", "win", "score", "decisions", "choices"]
    fixed += ["forced", "length"]
    return list(
        dict.fromkeys([*fixed, *(f"game: {key}" for key in game_keys), *seat_keys, *holdings])
    )


def table_rows(
    g: Mapping[str, Any], sweep: Sequence[str], columns: Sequence[str]
) -> Iterator[dict[str, Any]]:
    """A game's rows of ``results.csv``, one per seat: who played it, how it went, and the
    game's facts (a fact this game did not tell is left empty)."""
    ranks = g["outcome"]["ranks"]
    n = len(ranks)
    facts = g["facts"]
    seats = facts.get("seats") or []
    for seat in range(n):
        row: dict[str, Any] = {
            "game": g["index"],
            "variant": g["variant"],
            **{f"options.{name}": g["options"].get(name) for name in sweep},
            "seed": g["seed"],
            "players": n,
            "seat": seat,
            "position": position(g, seat),
            "bot": g["lineup"][seat],
            "rank": ranks[seat],
            "win": win(g, seat),
            "score": g["outcome"]["scores"][seat],
            "decisions": g["decisions"][seat],
            "choices": g["choices"][seat],
            "forced": g["forced"][seat],
            "length": sum(g["decisions"]),
        }
        for column in columns:
            if column.startswith("game: "):
                row[column] = facts.get("game", {}).get(column.removeprefix("game: "))
        own = seats[seat] if seat < len(seats) else {}
        for key, value in own.items():
            row[key] = value
        if facts.get("holdings"):
            row[facts.get("holding") or "holdings"] = ";".join(facts["holdings"][seat])
        yield row


def write_tables(folder: Path, plan: Simulation, parquet: bool = False) -> list[Path]:
    """``results.csv`` (and ``results.parquet``) from the games of ``games.jsonl``, read
    twice (the columns, then the rows) rather than held: a simulation's memory does not
    grow with its games."""
    sweep = list(plan.sweep)
    columns = table_columns(read_games(folder), sweep)
    written = [folder / TABLE_FILE]
    with written[0].open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        for g in read_games(folder):
            writer.writerows(table_rows(g, sweep, columns))
    if parquet:
        written.append(_write_parquet(folder, sweep, columns))
    return written


def _write_parquet(folder: Path, sweep: Sequence[str], columns: Sequence[str]) -> Path:
    """The table as Parquet. Arrow infers each column's type from all its rows, so this
    one (only on request) holds the whole table, as compact rows rather than games."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ValueError("--parquet needs pyarrow: pip install 'asobi[report]'") from None
    rows = [
        {c: row.get(c) for c in columns}
        for g in read_games(folder)
        for row in table_rows(g, sweep, columns)
    ]
    pq.write_table(pa.Table.from_pylist(rows), folder / PARQUET_FILE)
    return folder / PARQUET_FILE


# --- running ----------------------------------------------------------------------------
def prepare(folder: Path, plan: Simulation, command: str = "") -> int:
    """Make ``folder`` ready for ``plan``; return how many of its games are already played.

    A folder of the same plan is resumed (a line cut short is dropped); a folder of
    another plan is refused rather than mixed with it.
    """
    folder.mkdir(parents=True, exist_ok=True)
    plan_path = folder / PLAN_FILE
    if plan_path.exists():
        try:
            held = json.loads(plan_path.read_text(encoding="utf-8"))
        except json.JSONDecodeError:
            held = {}
        if held.get("plan") != plan.to_json():
            raise SimulationMismatch(
                f"{folder} holds another simulation ({plan_path}); choose another --out "
                "or remove it"
            )
    else:
        plan_path.write_text(
            json.dumps(
                {"plan": plan.to_json(), "asobi": __version__, "command": command},
                indent=1,
                ensure_ascii=False,
            )
            + "\n",
            encoding="utf-8",
        )
    kept, size = _whole_games(folder / GAMES_FILE)
    (folder / GAMES_FILE).touch()
    os.truncate(folder / GAMES_FILE, size)  # the games kept, byte for byte as written
    _trim_timings(folder / TIMES_FILE, kept)
    return kept


def _whole_games(path: Path) -> tuple[int, int]:
    """How many games open ``games.jsonl`` whole and in order, and the bytes they take: a
    run stopped while writing leaves its last line cut short."""
    kept = size = 0
    if not path.exists():
        return kept, size
    with path.open("rb") as lines:
        for line in lines:
            try:
                whole = line.endswith(b"\n") and json.loads(line).get("index") == kept
            except (ValueError, AttributeError):  # not JSON, or not an object
                whole = False
            if not whole:
                break
            kept += 1
            size += len(line)
    return kept, size


def _trim_timings(path: Path, games: int) -> None:
    """``timings.csv`` down to its header and the rows of the first ``games`` games (rows
    are written in game order, each game's before its line of ``games.jsonl``)."""
    if not path.exists():
        return
    size = 0
    with path.open("rb") as lines:
        for n, line in enumerate(lines):
            game = line.split(b",", 1)[0]
            if not line.endswith(b"\n") or (n and not (game.isdigit() and int(game) < games)):
                break
            size += len(line)
    os.truncate(path, size)


def load_plan(folder: Path) -> tuple[Simulation, dict[str, Any]]:
    """A simulation folder's plan, and the rest of its ``simulation.json``."""
    path = folder / PLAN_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Simulation.from_json(data["plan"]), data
    except FileNotFoundError:
        raise ValueError(f"{folder}: no {PLAN_FILE}; is it the --out of asobi simulate?") from None
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise ValueError(f"{path}: not a simulation plan ({exc})") from None


def run_simulation(
    folder: Path,
    plan: Simulation,
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    done: int = 0,
    progress: Callable[[GameResult], None] | None = None,
) -> None:
    """Play ``jobs[done:]`` and append each game to ``games.jsonl`` as it comes, in order,
    and its seats' times to ``timings.csv``."""
    with (
        (folder / GAMES_FILE).open("a", encoding="utf-8") as out,
        (folder / TIMES_FILE).open("a", encoding="utf-8", newline="") as times,
    ):
        clock = csv.writer(times, lineterminator="\n")
        if times.tell() == 0:
            clock.writerow(TIMES_HEADER)
        for result in run_jobs(
            play_job, jobs[done:], workers=workers, backend=backend, address=address
        ):
            # The times first: a game whose line is cut short is played again on resuming,
            # and its rows here are dropped with it.
            clock.writerows(timing_rows(result))
            times.flush()
            out.write(json.dumps(record_line(plan.game, result), ensure_ascii=False) + "\n")
            out.flush()
            if progress:
                progress(result)
