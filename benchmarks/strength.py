"""Strength matches: seat-rotated tournaments between bots, per game and player count.

    .venv/bin/python benchmarks/strength.py --game starmine --rounds 20 --workers 2
    .venv/bin/python benchmarks/strength.py --game laminate --players 3 --rounds 4
    .venv/bin/python benchmarks/strength.py --game itsmine --bots greedy,hard --label hard
    .venv/bin/python benchmarks/strength.py --doc          # rebuild the lab notebook only

Each run is the same tournament as ``asobi tournament`` (``asobi.arena``): every round deals
once and plays the deal in every seating, each bot in each seat equally often (and from
three seats up, both ways round the table). It prints its tables, and its summary goes to
``benchmarks/results/strength/GAME-Np.json`` (one file per game and player count, replaced
by a new run; ``GAME-Np-LABEL.json`` with ``--label``, for a match kept beside the ladder).

``docs/strength.md``, the reference, quotes the figures of today's bots by hand, with the
command of each. Every stored match, with the notes written beside it
(``GAME-Np[-LABEL].md``), is rebuilt into the lab notebook ``docs/lab/strength-history.md``.
Budgets are iteration or world counts where a run should be reproducible; the time each bot
took per decision is measured and printed beside its results.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from asobi.arena.tournament import Tournament, markdown, run_tournament
from asobi.core.words import plural
from benchlib import machine

RESULTS = Path(__file__).parent / "results" / "strength"
DOC = Path(__file__).parent.parent / "docs" / "lab" / "strength-history.md"

# The ladder per game: random, the heuristic bot, and ISMCTS at two budgets with the
# rollouts that measured stronger there. Carrotein's rungs are its solver bots. The hard
# levels (the lookahead over the heuristic bot) are matched against the heuristic bot beside
# the ladder: ``--bots greedy,hard --label lookahead`` (docs/strength.md gives the commands).
LADDERS: dict[str, list[str]] = {
    "starmine": [
        "random",
        "greedy",
        "ismcts:iterations=100:rollout=greedy:expand=8",
        "ismcts:iterations=400:rollout=greedy:expand=8",
    ],
    "itsmine": ["random", "greedy", "ismcts:iterations=300", "ismcts:iterations=1500"],
    "laminate": ["random", "greedy", "ismcts:iterations=25", "ismcts:iterations=100"],
    "rummycity": ["random", "greedy", "ismcts:iterations=25", "ismcts:iterations=100"],
    "carrotein": ["random", "beginner", "good_eye", "perfect"],
}

HEADER = """# Strength: the lab notebook

> **A lab notebook**: the experiments that led to today's bots, kept for the record; figures
> here may be out of date — [docs/strength.md](../strength.md) has the current ones.

Every match stored in `benchmarks/results/strength/`, with the notes written beside it,
rebuilt by `benchmarks/strength.py` (`--doc` rebuilds it alone): edit the notes there, not
this page. "Session N" in the notes is the N-th round of work on the project. Starmine's and
Rummy City's matches were played under earlier readings of their rules unless their notes
say otherwise. Every match whose bots sat "every rotation of one order round the table"
(before session 14) had one bot of a pair always play right after the other, which in
Carrotein alone swung a score from 0.94 to 0.25: read their pairwise scores with care.

- **Score** of the row's bot against the column's: in each game every seat of one is
  compared with every seat of the other (1 better, ½ tied, 0 worse), averaged per game; ½
  is even. The bracket is a 95% Wilson interval over the games.
- **Rating**: Bradley–Terry on the Elo scale, fitted by maximum likelihood to the pairwise
  scores, the bots' mean 0, with a 95% interval; recomputed from the stored pairwise scores
  when the page is rebuilt.
- **Alone** (the solo modes, 1 player): every bot plays each deal on its own, and the bots
  meet deal by deal: on one deal the higher score ranks better, an equal score ties.
  **Mean score** is the solo score itself.
- **s/decision** and **slowest s**: the time a bot took per decision on the machine of the
  run (one core per worker), forced decisions included.
"""


def run(
    game: str, players: int, rounds: int, workers: int, seed: int, bots: list[str]
) -> dict[str, Any]:
    plan = Tournament(game, tuple(bots), players, rounds, {}, seed)
    start = time.perf_counter()
    done = 0

    def progress(_: object) -> None:
        nonlocal done
        done += 1
        print(
            f"\r{game} {players}p: {done}/{len(plan.plan())} games",
            end="",
            file=sys.stderr,
            flush=True,
        )

    run_tournament(plan, workers, progress)
    print(file=sys.stderr)
    summary = plan.summary()
    summary["wall_seconds"] = time.perf_counter() - start
    summary["workers"] = workers
    summary["machine"] = machine()
    summary["command"] = "benchmarks/strength.py " + shlex.join(sys.argv[1:])
    return summary


def write_doc() -> None:
    parts = [HEADER]
    summary_notes = RESULTS / "summary.md"  # the findings across games, written by hand
    if summary_notes.exists():
        parts.append(summary_notes.read_text())
    summaries = [(path, json.loads(path.read_text())) for path in RESULTS.glob("*.json")]
    # Per game and player count, the ladder first and the labelled matches after it.
    summaries.sort(key=lambda ps: (ps[1]["game"], ps[1]["players"], ps[1].get("label") or ""))
    for path, summary in summaries:
        label = f" ({summary['label']})" if summary.get("label") else ""
        table = plural(summary["players"], "player")
        parts.append(f"## {summary['game']}, {table}{label}\n")
        parts.append(markdown(summary))
        parts.append(
            f"\nCommand: `.venv/bin/python {summary['command']}` "
            f"({summary['wall_seconds'] / 60:.0f} min on {summary['workers']} worker(s)).\n"
        )
        notes = path.with_suffix(".md")
        if notes.exists():  # what the figures mean, written by hand beside them
            parts.append("\n" + notes.read_text())
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text("\n".join(parts))
    print(f"wrote {DOC}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=sorted(LADDERS))
    parser.add_argument("--players", type=int, default=None, help="default: the game's usual")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--bots", default=None, help="comma-separated, instead of the game's ladder"
    )
    parser.add_argument(
        "--label", default=None, help="keep this run beside the ladder: GAME-Np-LABEL.json"
    )
    parser.add_argument(
        "--doc", action="store_true", help="only rebuild docs/lab/strength-history.md"
    )
    args = parser.parse_args()
    if not args.doc:
        if args.game is None:
            parser.error("--game is required (or --doc)")
        from asobi.core import get_spec

        spec = get_spec(args.game)
        players = args.players or spec.default_players or max(spec.seat_counts)
        bots = args.bots.split(",") if args.bots else LADDERS[args.game]
        summary = run(args.game, players, args.rounds, args.workers, args.seed, bots)
        summary["label"] = args.label
        stem = f"{args.game}-{players}p" + (f"-{args.label}" if args.label else "")
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / f"{stem}.json").write_text(json.dumps(summary, indent=1) + "\n")
        print(markdown(summary))
    write_doc()


if __name__ == "__main__":
    main()
