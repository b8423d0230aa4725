"""Balance reports (``asobi report``): what thousands of simulated games say about a game.

From a simulation folder (:mod:`asobi.arena.simulate`) it counts, for every variant side by
side: the advantage of each place in turn order, the distributions of scores and game
lengths, the choices a player has at a decision, and the game's own facts
(:class:`asobi.core.protocol.Facts`: which rows decide Starmine games, the mines and tie
chains of It's Mine!, papers and citations in Laminate Rummy, the buildings Rummy City
winners own, Carrotein's challenges and boards against chips). Every share comes with its
95% interval (Wilson's), so a designer can tell an effect from the luck of the deal.

The report is one :class:`Section` list, written twice: a Markdown summary and a
self-contained HTML page whose plots (matplotlib, ``asobi[report]``) are embedded.
"""

from __future__ import annotations

import base64
import html
import io
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from asobi.arena.simulate import load_plan, position, read_games, win
from asobi.arena.tournament import wilson
from asobi.core.errors import AsobiError
from asobi.core.registry import get_spec

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from asobi.core.words import Words

Game = Mapping[str, Any]
ALL = "all games"  # the label of a simulation's one variant when nothing is swept


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]

    def markdown(self) -> str:
        return "\n".join(
            [
                "| " + " | ".join(self.header) + " |",
                "|" + "---|" * len(self.header),
                *("| " + " | ".join(row) + " |" for row in self.rows),
            ]
        )


@dataclass
class Section:
    title: str
    text: str = ""
    tables: list[Table] = field(default_factory=list)
    figure: Figure | None = None


# --- counting -----------------------------------------------------------------------------
def share(hits: float, n: int) -> str:
    """A share with its 95% interval: ``52.1% [50.3, 53.9]``."""
    if n == 0:
        return "–"
    low, high = wilson(hits / n, n)
    return f"{hits / n:.1%} [{low:.1%}, {high:.1%}]".replace("%,", ",")


def mean_sd(values: Sequence[float]) -> str:
    if not values:
        return "–"
    if len(values) == 1:
        return f"{values[0]:.2f}"
    return f"{statistics.fmean(values):.2f} ± {statistics.stdev(values):.2f}"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _by_variant(games: Sequence[Game]) -> dict[str, list[Game]]:
    grouped: dict[str, list[Game]] = defaultdict(list)
    for g in games:
        grouped[g["variant"]].append(g)
    return dict(grouped)


# --- sections -----------------------------------------------------------------------------
@dataclass
class Tally:
    """What the overview and the seat advantage count in a variant's games, added up one
    game at a time: ``asobi simulate`` prints them without holding its games."""

    games: int = 0
    draws: int = 0
    decisions: int = 0
    choices: int = 0
    forced: int = 0
    lengths: Counter[int] = field(default_factory=Counter)  # decisions a game: games
    players: int = 0  # the most seats a game had
    wins: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    seats: Counter[int] = field(default_factory=Counter)  # by position in turn order
    first_wins: float = 0.0  # of the player who took the first turn, where one did
    first_seats: int = 0
    opens_at_once: bool = False  # some game opened with everyone deciding at once

    def add(self, g: Game) -> None:
        n = len(g["lineup"])
        self.games += 1
        self.draws += g["outcome"]["ranks"].count(1) == n > 1
        self.decisions += sum(g["decisions"])
        self.choices += sum(g["choices"])
        self.forced += sum(g["forced"])
        self.lengths[sum(g["decisions"])] += 1
        self.players = max(self.players, n)
        for seat in range(n):
            self.wins[position(g, seat)] += win(g, seat)
            self.seats[position(g, seat)] += 1
        if g["first_player"] is None:
            self.opens_at_once = True
        else:
            self.first_wins += win(g, g["first_player"])
            self.first_seats += 1


def tallies(games: Iterable[Game]) -> dict[str, Tally]:
    """Each variant's :class:`Tally`, in the order the variants come."""
    found: dict[str, Tally] = {}
    for g in games:
        found.setdefault(g["variant"], Tally()).add(g)
    return found


def summary(games: Iterable[Game]) -> list[Section]:
    """The overview and (where seats play against each other) the seat advantage, from
    one pass over the games."""
    counted = tallies(games)
    if not counted:
        return []
    multi = any(t.players > 1 for t in counted.values())
    return [overview_of(counted), *([seat_advantage_of(counted, plot=False)] if multi else [])]


def _counted_mean_sd(counts: Counter[int]) -> str:
    """:func:`mean_sd` of whole numbers given as value: how many times."""
    n = sum(counts.values())
    if n < 2:
        return mean_sd(list(counts.elements()))
    total = sum(v * c for v, c in counts.items())
    squares = sum(v * v * c for v, c in counts.items())
    variance = Fraction(n * squares - total * total, n * (n - 1))  # exact, as statistics
    return f"{total / n:.2f} ± {math.sqrt(variance):.2f}"


def overview(groups: Mapping[str, Sequence[Game]]) -> Section:
    return overview_of({label: tallies(games)[label] for label, games in groups.items()})


def overview_of(counted: Mapping[str, Tally]) -> Section:
    header = ["variant", "games", "draws", "decisions a game", "choices a decision", "forced"]
    rows = [
        [
            label or ALL,
            str(t.games),
            share(t.draws, t.games),
            _counted_mean_sd(t.lengths),
            f"{t.choices / t.decisions:.1f}" if t.decisions else "–",
            f"{t.forced / t.decisions:.1%}" if t.decisions else "–",
        ]
        for label, t in counted.items()
    ]
    return Section(
        "Overview",
        "Decisions count every action a player chose, forced ones (a single legal action) "
        "included; *choices a decision* is the mean number of legal actions offered.",
        [Table(header, rows)],
    )


def seat_advantage(groups: Mapping[str, Sequence[Game]], plot: bool) -> Section:
    return seat_advantage_of(
        {label: tallies(games)[label] for label, games in groups.items()}, plot
    )


def seat_advantage_of(counted: Mapping[str, Tally], plot: bool) -> Section:
    """Win share by place in turn order, with its interval, against the fair share 1/n."""
    players = max(t.players for t in counted.values())
    header = ["variant", *[f"position {p}" for p in range(1, players + 1)]]
    rows, bars = [], {}
    for label, t in counted.items():
        wins, seats = t.wins, t.seats
        rows.append(
            [label or ALL]
            + [share(wins[p], seats[p]) if seats[p] else "–" for p in range(1, players + 1)]
        )
        bars[label or ALL] = [
            (wins[p] / seats[p], *wilson(wins[p] / seats[p], seats[p])) if seats[p] else None
            for p in range(1, players + 1)
        ]
    edges = [
        f"{label or ALL}: position 1 wins {share(t.first_wins, t.first_seats)} "
        f"against a fair {1 / players:.1%}"
        for label, t in counted.items()
    ]
    text = (
        "Each place's share of the wins (a tie for first shares it), with its 95% interval; "
        f"a fair game gives every place 1/{players} = {1 / players:.1%}. Position 1 took "
        "the first turn."
    )
    if any(t.opens_at_once for t in counted.values()):
        text += " This game opens with everyone deciding at once: positions are seats."
    else:
        text += " **" + "; ".join(edges) + ".**"
    figure = _bars(bars, [f"{p}" for p in range(1, players + 1)], 1 / players) if plot else None
    return Section("Seat advantage (first-player advantage)", text, [Table(header, rows)], figure)


def bots(groups: Mapping[str, Sequence[Game]]) -> Section | None:
    names = sorted({b for games in groups.values() for g in games for b in g["lineup"]})
    if len(names) < 2:
        return None
    rows = []
    for label, games in groups.items():
        for name in names:
            seats = [(g, s) for g in games for s, b in enumerate(g["lineup"]) if b == name]
            wins = sum(win(g, s) for g, s in seats)
            rows.append([label or ALL, f"`{name}`", share(wins, len(seats))])
    return Section(
        "Bots",
        "Win share of each bot over the seats it played.",
        [Table(["variant", "bot", "win share"], rows)],
    )


def scores_and_lengths(groups: Mapping[str, Sequence[Game]], plot: bool) -> Section:
    rows = []
    for label, games in groups.items():
        all_scores = [s for g in games for s in g["outcome"]["scores"]]
        winners = [
            g["outcome"]["scores"][s] for g in games for s in range(len(g["lineup"])) if win(g, s)
        ]
        margins = [
            sorted(g["outcome"]["scores"])[-1] - sorted(g["outcome"]["scores"])[-2]
            for g in games
            if len(g["lineup"]) > 1
        ]
        lengths = [sum(g["decisions"]) for g in games]
        rows.append(
            [
                label or ALL,
                mean_sd(all_scores),
                mean_sd(winners),
                mean_sd(margins) if margins else "–",
                f"{statistics.median(lengths):g}",
                f"{_quantile(lengths, 0.1):g}–{_quantile(lengths, 0.9):g}",
            ]
        )
    figure = _distributions(groups) if plot else None
    return Section(
        "Scores and game length",
        "Scores are the game's own measure (rows won, points, tepu, ...). The margin is "
        "the best score less the second best. Length is decisions a game; 80% of games lie "
        "in the range shown.",
        [
            Table(
                [
                    "variant",
                    "score",
                    "winner's score",
                    "margin",
                    "median length",
                    "length, 10–90%",
                ],
                rows,
            )
        ],
        figure,
    )


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def game_facts(groups: Mapping[str, Sequence[Game]]) -> Section | None:
    """The game's per-game facts: numbers as mean ± sd, others as the share of each value."""
    keys = list(
        dict.fromkeys(k for games in groups.values() for g in games for k in g["facts"]["game"])
    )
    if not keys:
        return None
    tables = []
    numeric = [k for k in keys if _all_numbers(groups, key=k)]
    if numeric:
        rows = [
            [key]
            + [
                mean_sd(
                    [
                        v
                        for g in games
                        if _is_number(v := g["facts"]["game"].get(key))  # None: not counted
                    ]
                )
                for games in groups.values()
            ]
            for key in numeric
        ]
        tables.append(Table(["fact", *_labels(groups)], rows))
    for key in (k for k in keys if k not in numeric):
        values = Counter(
            _text(g["facts"]["game"].get(key)) for games in groups.values() for g in games
        )
        rows = [
            [value]
            + [
                share(
                    sum(1 for g in games if _text(g["facts"]["game"].get(key)) == value), len(games)
                )
                for games in groups.values()
            ]
            for value, _ in values.most_common()
        ]
        tables.append(Table([key, *_labels(groups)], rows))
    return Section(
        "How games go",
        "The game's own facts about each game (numbers: mean ± sd; the others: the share of "
        "games with each value, with its 95% interval).",
        tables,
    )


def seat_facts(groups: Mapping[str, Sequence[Game]]) -> Section | None:
    """Each seat's facts among winners and the others: what winners do differently."""
    keys = list(
        dict.fromkeys(
            k
            for games in groups.values()
            for g in games
            for seat in g["facts"]["seats"]
            for k in seat
        )
    )
    if not keys:
        return None
    rows = []
    for key in keys:
        for label, games in groups.items():
            won: list[Any] = []
            lost: list[Any] = []
            for g in games:
                for s, facts in enumerate(g["facts"]["seats"]):
                    if key in facts and facts[key] is not None:
                        (won if win(g, s) else lost).append(facts[key])
            rows.append([key, label or ALL, _summary(won), _summary(lost)])
    return Section(
        "What winners do",
        "Each player's facts, among the winners and among the others (numbers: mean ± sd; "
        "yes/no: the share that was yes).",
        [Table(["fact", "variant", "winners", "the others"], rows)],
    )


def holdings(
    groups: Mapping[str, Sequence[Game]], plot: bool, names: Mapping[str, Words] | None = None
) -> Section | None:
    """For each thing a player can end with: how often it is held and how often its holder
    wins, against the fair share. ``names``: every thing the game has, named
    (``GameSpec.holding_names``), so that those never held are listed too."""
    kind = next((g["facts"].get("holding") for games in groups.values() for g in games), "")
    if not kind:
        return None
    counts, bars = {}, {}
    for label, games in groups.items():
        held: Counter[str] = Counter()
        wins: dict[str, float] = defaultdict(float)
        for g in games:
            for s, things in enumerate(g["facts"]["holdings"]):
                for thing in set(things):
                    held[thing] += 1
                    wins[thing] += win(g, s)
        counts[label] = (held, wins, len(games))
    names = names or {}
    first_held, first_wins, _ = next(iter(counts.values()))
    ordered = sorted(first_held, key=lambda t: -first_wins[t] / first_held[t])
    ordered += sorted({t for held, _, _ in counts.values() for t in held} - set(ordered))
    ordered += [t for t in names if t not in ordered]  # never held, in the game's order
    header = [kind]
    for label in counts:
        suffix = f" ({label})" if len(counts) > 1 else ""
        header += [f"holders a game{suffix}", f"holder wins{suffix}"]
    rows = []
    for t in ordered:
        row = [f"{names[t].en} ({names[t].ja})" if t in names else f"`{t}`"]
        for held, wins, n in counts.values():
            row += [f"{held[t] / n:.2f}", share(wins[t], held[t])]
        rows.append(row)
    for label, (held, wins, _) in counts.items():
        bars[label or ALL] = [
            (wins[t] / held[t], *wilson(wins[t] / held[t], held[t])) if held[t] else None
            for t in ordered
        ]
    players = statistics.fmean(len(g["lineup"]) for games in groups.values() for g in games)
    return Section(
        f"Which {kind.split(' (')[0]}s win games",
        f"How many players end a game holding each {kind} (a mean over the games), and how "
        "often a holder wins "
        f"(a fair share is 1/{players:g} = {1 / players:.1%}). A thing held by winners more "
        "often may be strong, or may come to players who are winning anyway.",
        [Table(header, rows)],
        # English names only: the plots' font has no Japanese (the table has both)
        _holding_bars(bars, [names[t].en if t in names else t for t in ordered], 1 / players)
        if plot
        else None,
    )


def _all_numbers(groups: Mapping[str, Sequence[Game]], key: str) -> bool:
    """Whether a game fact is a number wherever it is known."""
    seen = [
        v
        for games in groups.values()
        for g in games
        if (v := g["facts"]["game"].get(key)) is not None
    ]
    return bool(seen) and all(_is_number(v) for v in seen)


def _labels(groups: Mapping[str, Sequence[Game]]) -> list[str]:
    return [label or "share" for label in groups] if len(groups) > 1 else ["all games"]


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "–" if value is None else str(value)


def _summary(values: Sequence[Any]) -> str:
    if not values:
        return "–"
    if all(isinstance(v, bool) for v in values):
        return share(sum(values), len(values))
    if all(_is_number(v) for v in values):
        return mean_sd([float(v) for v in values])
    return Counter(map(str, values)).most_common(1)[0][0]


# --- plots (matplotlib, imported only here) -------------------------------------------------
def _use_agg() -> None:
    try:
        import matplotlib
    except ImportError:
        raise ValueError(
            "the HTML report's plots need matplotlib: pip install 'asobi[report]'"
        ) from None
    matplotlib.use("Agg")  # files only, never a window


def _error_bars(values: Sequence[tuple[float, float, float]]) -> list[list[float]]:
    """(share, low, high) as matplotlib's distances below and above (never negative: at a
    share of 1 the interval's top can fall a rounding error short of it)."""
    return [
        [max(0.0, v - low) for v, low, _ in values],
        [max(0.0, high - v) for v, _, high in values],
    ]


def _bars(
    bars: Mapping[str, Sequence[tuple[float, float, float] | None]], ticks: list[str], fair: float
) -> Figure:
    _use_agg()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    width = 0.8 / len(bars)
    for k, (label, values) in enumerate(bars.items()):
        xs = [i + k * width - 0.4 + width / 2 for i, v in enumerate(values) if v]
        ys = [v[0] for v in values if v]
        err = _error_bars([v for v in values if v])
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=label)
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    ax.set_xticks(range(len(ticks)), ticks)
    ax.set_xlabel("position in turn order")
    ax.set_ylabel("win share")
    ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def _bins(values: Sequence[float], most: int = 60) -> Any:
    """Bins for a histogram. Whole numbers (scores, decisions) get bins of a whole width
    centred on them (``k - 0.5`` to ``k + width - 0.5``), so that no bin holds one more
    value than its neighbours and shows a dip or a peak the game does not have; at most
    about ``most`` of them. Other numbers: ``most`` equal bins."""
    if not all(float(v).is_integer() for v in values):
        return most
    low, high = int(min(values)), int(max(values))
    width = max(1, math.ceil((high - low + 1) / most))
    return [low - 0.5 + k * width for k in range((high - low) // width + 2)]


def _distributions(groups: Mapping[str, Sequence[Game]]) -> Figure:
    _use_agg()
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3.2))
    for label, games in groups.items():
        name = label or "all games"
        scores = [s for g in games for s in g["outcome"]["scores"]]
        lengths = [sum(g["decisions"]) for g in games]
        left.hist(scores, bins=_bins(scores), histtype="step", label=name)
        right.hist(lengths, bins=_bins(lengths), histtype="step", label=name)
    left.set_xlabel("score")
    left.set_ylabel("seats")
    right.set_xlabel("decisions in the game")
    right.set_ylabel("games")
    if len(groups) > 1:
        left.legend(fontsize="small")
    fig.tight_layout()
    return fig


def _holding_bars(
    bars: Mapping[str, Sequence[tuple[float, float, float] | None]],
    things: Sequence[str],
    fair: float,
) -> Figure:
    """One row per thing (``things``: their labels), a bar per variant; a thing a variant
    never saw held has no bar there."""
    _use_agg()
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, max(2.4, 0.22 * len(things) * len(bars) + 1)))
    height = 0.8 / len(bars)
    for k, (label, values) in enumerate(bars.items()):
        ys = [i + k * height - 0.4 + height / 2 for i, v in enumerate(values) if v]
        xs = [v[0] for v in values if v]
        err = _error_bars([v for v in values if v])
        ax.barh(ys, xs, height, xerr=err, capsize=2, label=label)
    ax.axvline(fair, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(things)), things, fontsize="small")
    ax.set_ylim(len(things) - 0.5, -0.5)  # every thing listed, the first on top
    ax.set_xlabel("holder's win share")
    if len(bars) > 1:
        ax.legend(fontsize="small")
    fig.tight_layout()
    return fig


def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110)
    import matplotlib.pyplot as plt

    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


# --- the report ---------------------------------------------------------------------------
@dataclass
class Report:
    title: str
    intro: list[str]
    sections: list[Section]

    def markdown(self) -> str:
        lines = [f"# {self.title}", "", *self.intro, ""]
        for section in self.sections:
            lines += [f"## {section.title}", "", section.text, ""]
            for table in section.tables:
                lines += [table.markdown(), ""]
        return "\n".join(lines)

    def html(self) -> str:
        parts = [
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
            f"<title>{html.escape(self.title)}</title><style>{_CSS}</style></head><body>",
            f"<h1>{html.escape(self.title)}</h1>",
            *(f"<p>{_inline(line)}</p>" for line in self.intro if line),
        ]
        for section in self.sections:
            parts.append(f"<h2>{html.escape(section.title)}</h2><p>{_inline(section.text)}</p>")
            if section.figure is not None:
                parts.append(
                    f"<img alt='{html.escape(section.title)}' "
                    f"src='data:image/png;base64,{_png(section.figure)}'>"
                )
            for table in section.tables:
                parts.append("<table><thead><tr>")
                parts += [f"<th>{_inline(h)}</th>" for h in table.header]
                parts.append("</tr></thead><tbody>")
                for row in table.rows:
                    parts.append("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>")
                parts.append("</tbody></table>")
        parts.append("</body></html>")
        return "\n".join(parts)


_CSS = """
body { font-family: system-ui, 'Hiragino Sans', 'Noto Sans CJK JP', sans-serif;
       max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left; }
th { background: #f3f3f3; }
img { max-width: 100%; }
code { background: #f3f3f3; padding: 0 0.2rem; }
"""


def _inline(text: str) -> str:
    """Markdown's `code` and **bold**, the only markup the report's text uses."""
    out = html.escape(text)
    pieces = out.split("`")
    out = "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))
    pieces = out.split("**")
    return "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(pieces))


def played(folder: Path) -> tuple[int, int]:
    """The whole games of the simulation in ``folder`` and the games it planned."""
    plan, _ = load_plan(folder)
    return sum(1 for _ in read_games(folder)), plan.games * len(plan.variants())


def build(folder: Path, plot: bool = True) -> Report:
    """The report of the simulation in ``folder``."""
    plan, saved = load_plan(folder)
    games = list(read_games(folder))
    if not games:
        raise ValueError(f"{folder}: no games played yet")
    spec = get_spec(plan.game)
    planned = plan.games * len(plan.variants())
    intro = [
        f"**{len(games):,}** games of **{spec.name_en}** ({spec.name_ja})"
        + (f", of {planned:,} planned" if len(games) < planned else "")
        + f"; bots `{'`, `'.join(plan.bots)}`"
        + (" with the seats turning game by game" if plan.rotate and len(plan.bots) > 1 else "")
        + f"; options {_options(plan.options) or 'as the game sets them'}"
        + (f"; swept: {', '.join(plan.sweep)}" if plan.sweep else "")
        + f"; first deal seed {plan.seed}.",
        f"Made with `{saved['command']}` (asobi {saved.get('asobi', '?')})."
        if saved.get("command")
        else "",
    ]
    names: dict[str, Words] = {}
    if spec.holding_names is not None:
        for variant in plan.variants():
            try:
                names.update(spec.holding_names(spec.options(variant.options)))
            except AsobiError:  # options this asobi no longer reads: the codes will do
                continue
    return Report(
        f"{spec.name_en} ({spec.name_ja}): balance report", intro, sections(games, plot, names)
    )


def sections(
    games: Sequence[Game], plot: bool = True, names: Mapping[str, Words] | None = None
) -> list[Section]:
    """The report's sections, overview and seat advantage first. ``names``: the things a
    player can end with, named (``GameSpec.holding_names``)."""
    groups = _by_variant(games)
    counted = tallies(games)
    found = (
        overview_of(counted),
        seat_advantage_of(counted, plot) if any(t.players > 1 for t in counted.values()) else None,
        bots(groups),
        scores_and_lengths(groups, plot),
        game_facts(groups),
        seat_facts(groups),
        holdings(groups, plot, names),
    )
    return [s for s in found if s is not None]


def _options(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items() if v is not None)


def write(folder: Path, out: Path | None = None, plot: bool = True) -> list[Path]:
    """Write ``report.md`` and ``report.html`` (to ``out``, else beside the games)."""
    report = build(folder, plot)
    out = out or folder
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "report.md", out / "report.html"]
    written[0].write_text(report.markdown(), encoding="utf-8")
    written[1].write_text(report.html(), encoding="utf-8")
    return written
