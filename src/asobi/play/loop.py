"""The terminal game loop, generic over games: it knows the protocol, not the rules.

Each seat is a human or a named bot. For a human decision it shows that seat's view, lists
the legal actions numbered (by their codes, each with the game's caution beside it where the
game gives one: ``State.caution``; a game may list a few and say how to type the rest:
``shortlist`` in ``asobi.play.render``) and accepts a number or a typed code; a refused
move prints the reason and the rule that forbids it, and asks again. Bots choose through
:func:`asobi.core.bots.choose_for`, and what they do is printed as events, filtered by
what the watching seat may see. With more than one human (hot-seat) the screen is cleared
and the device handed over whenever the acting seat changes, so hands stay hidden; each
seat then reads what happened since its last decision, filtered to what it may see.

Simultaneous decisions (several active seats, such as It's Mine!'s dice bids) are taken
one seat at a time: each human chooses on its own screen, bots choose through
``choose_for``, and the state keeps each choice hidden from the others until all are in —
so nothing of a pending choice is ever printed to another seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel
from rich.text import Text

import asobi.agents  # noqa: F401  (registers the generic bots)
from asobi.core.actions import Action
from asobi.core.bots import Bot, choose_for, level_bot, make_bot
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.events import Event
from asobi.core.protocol import State
from asobi.core.records import Match
from asobi.core.words import LANGS, Words, fill, seat_names
from asobi.play.io import Ask
from asobi.play.render import Renderer, renderer_for

HUMAN = "human"
QUIT_WORDS = {"q", "quit", "exit"}
HELP_WORDS = {"?", "h", "help"}
VIEW_WORDS = {"v", "view", "look"}
RULES_WORDS = {"rules"}

# Clear the screen and the scrollback (xterm, tmux, most terminals), cursor home.
CLEAR = "\033[H\033[2J\033[3J"


def default_bot(game: str) -> str:
    """The bot a human plays against unless told otherwise: the game's ``normal`` level
    (its heuristic bot)."""
    return level_bot(game, "normal")


def bot_seed(seed: int, seat: int) -> int:
    """Each bot's own seed, derived from the game's so a whole session is reproducible."""
    return (seed * 7919 + 104729 * (seat + 1)) % (2**32)


class Quit(Exception):
    """The player quit, or the input ended, before the game did."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class PlayResult:
    match: Match
    finished: bool
    reason: str = "finished"


@dataclass
class _Pending:
    """Moves a human seat has not seen yet (hot-seat: made while another seat had the screen)."""

    moves: list[tuple[int, str, list[Event]]] = field(default_factory=list)


class TerminalGame:
    """One game at the terminal. Build it, then :meth:`run` it."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[str],
        console: Console,
        ask: Ask,
        seed: int = 0,
    ) -> None:
        players = match.state.players
        if len(seats) != players:
            raise ValueError(f"{len(seats)} seat types given for {players} seats")
        self.match = match
        self.spec = match.spec
        self.seats = list(seats)
        self.console = console
        self.ask = ask
        self.renderer: Renderer = renderer_for(self.spec.id, match.record.options)
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, self.spec.id, bot_seed(seed, seat))
            for seat, kind in enumerate(self.seats)
            if kind != HUMAN
        }
        self.humans = [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]
        self.hotseat = len(self.humans) > 1
        self.names = self._names()
        # The seat whose screen is showing: it sees events as they happen; the others'
        # events wait in ``pending`` until their next decision.
        self.screen: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.pending = {seat: _Pending() for seat in self.humans}
        self.seed = seed

    @property
    def state(self) -> State:
        return self.match.state

    def _names(self) -> list[str]:
        if len(self.seats) == 1:
            return ["you" if self.seats[0] == HUMAN else f"{self.seats[0]} bot"]
        names = []
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                names.append(f"seat {seat} ({kind} bot)")
            elif self.hotseat:
                names.append(f"seat {seat}")
            else:
                names.append(f"seat {seat} (you)")
        return names

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> PlayResult:
        self._intro()
        try:
            while self.state.outcome() is None:
                active = sorted(self.state.active_seats())
                if not active:
                    raise RuntimeError("the game is not over but nobody is to act")
                seat = active[0]  # a simultaneous decision: each active seat in turn
                if seat in self.bots:
                    self._bot_turn(seat)
                else:
                    self._human_turn(seat)
        except Quit as stop:
            self.console.print(f"\nGame stopped: {stop.reason}.", style="bold yellow")
            return PlayResult(self.match, False, stop.reason)
        except KeyboardInterrupt:
            self.console.print("\nGame stopped: interrupted.", style="bold yellow")
            return PlayResult(self.match, False, "interrupted")
        self._finale()
        return PlayResult(self.match, True)

    def _ask(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise Quit("the input ended before the game did") from None

    def _intro(self) -> None:
        spec = self.spec
        self.console.rule(f"[bold]{spec.name_en}[/] {spec.name_ja}")
        seating = " · ".join(self.names)
        self.console.print(f"Seats: {seating}. Seed {self.seed}.", highlight=False)
        if self.humans:
            self.console.print(
                "Choose a move by its number or type its code; "
                "[bold]?[/] help, [bold]v[/] table, [bold]rules[/], [bold]q[/] quit.",
                highlight=False,
            )

    # --- bots -------------------------------------------------------------------------
    def _bot_turn(self, seat: int) -> None:
        action = choose_for(self.bots[seat], self.state, seat)
        events = self.match.play(seat, action)
        self._announce(seat, action.encode(), events)

    # --- humans -----------------------------------------------------------------------
    def _human_turn(self, seat: int) -> None:
        if self.hotseat and self.screen != seat:
            self._hand_over(seat)
        self.screen = seat
        self._flush(seat)
        self._decide(seat)

    def _clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(CLEAR)
            self.console.file.flush()

    def _hand_over(self, seat: int) -> None:
        """Hot-seat: hide the last player's screen and hand the device to ``seat``."""
        self._clear()
        self.console.print(
            Panel(Text(f"Pass to seat {seat} — press Enter", style="bold"), expand=False)
        )
        answer = self._ask("")
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit("quit")
        self._clear()

    def _flush(self, seat: int) -> None:
        pending = self.pending[seat].moves
        if self.hotseat and any(mover != seat for mover, _, _ in pending):
            self.console.print("[bold]While you were away:[/]")
        for mover, code, events in pending:
            self._print_events(mover, code, events, seat)
        pending.clear()

    def _decide(self, seat: int) -> None:
        view = self.state.view(seat)
        self.renderer.render(view, self.console)
        legal: list[Action] = self.state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"seat {seat} is to act but has no legal action")
        # The moves listed by number: all of them, unless the game shortens a long list
        # (the others are still played by typing their code).
        shown, note = self.renderer.shortlist([a.encode() for a in legal], view)
        listed = [legal[i] for i in shown]
        self._list_actions(seat, listed, note)
        prompt = (
            f"[bold]{self.names[seat]}[/] › number 1–{len(listed)} or a move code (? for help): "
        )
        while True:
            text = " ".join(self._ask(prompt).split())
            word = text.lower()
            if not text:
                continue
            if word in QUIT_WORDS:
                raise Quit("quit")
            if word in HELP_WORDS:
                self._help(listed)
                continue
            if word in VIEW_WORDS:
                self.renderer.render(view, self.console)
                self._list_actions(seat, listed, note)
                continue
            if word in RULES_WORDS:
                self.console.print(Markdown(self.spec.summary or "No rules summary yet."))
                continue
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(listed):
                    self._refuse(f"there is no move {number}: choose 1–{len(listed)}")
                    continue
                action = listed[number - 1]
            else:
                try:
                    action = self.spec.action_space.decode(text)
                except BadActionCode as exc:
                    self._refuse(f"unknown move: {exc}")
                    continue
            try:
                events = self.match.play(seat, action)
            except IllegalAction as exc:
                self._refuse(f"{exc.reason}", rule=exc.rule)
                continue
            self._announce(seat, action.encode(), events)
            return

    def _refuse(self, message: str, rule: str | None = None) -> None:
        line = Text.assemble(("Refused: ", "bold red"), message)
        if rule:
            line.append(f"  (rule: {rule})", style="red")
        self.console.print(line)

    def _list_actions(self, seat: int, legal: Sequence[Action], note: Text | None = None) -> None:
        width = len(str(len(legal)))
        items = []
        for i, action in enumerate(legal, start=1):
            item = Text.assemble(
                (f"{i:>{width}}", "bold cyan"), " ", self.renderer.action_text(action.encode())
            )
            caution = self.state.caution(seat, action)
            if caution is not None:
                item.append_text(self._caution_text(seat, caution))
            items.append(item)
        self.console.print(Columns(items, padding=(0, 3), column_first=True))
        if note is not None:
            self.console.print(note)

    def _caution_text(self, seat: int, caution: Words) -> Text:
        """A move's caution, to print beside it: English, then Japanese, each with its seats
        named as ``seat`` reads them ("you" for itself)."""
        said = [fill(caution.get(lang), seat_names(self.names, seat, lang)) for lang in LANGS]
        return Text.assemble(("  ⚠ ", "bold yellow"), (" / ".join(said), "yellow"))

    def _help(self, legal: Sequence[Action]) -> None:
        example = legal[0].encode()
        self.console.print(
            Panel(
                Text.assemble(
                    "Type the number of a move, or its code: for example ",
                    (example, "bold"),
                    ".\nCodes ignore case and extra spaces; a move the rules forbid is "
                    "refused with the rule that forbids it.\n",
                    ("v", "bold"),
                    ": show the table again · ",
                    ("rules", "bold"),
                    ": the rules summary · ",
                    ("q", "bold"),
                    ": quit (the record so far is saved with --save)",
                ),
                title="Help",
                expand=False,
            )
        )

    # --- events -----------------------------------------------------------------------
    def _announce(self, seat: int, code: str, events: list[Event]) -> None:
        if not self.humans:
            self._print_events(seat, code, events, None)
            return
        # Hot-seat: every human sees each move at its own next decision. Printed now, the
        # results of a move that ends a seat's turn (a bid revealed, a card drawn) would be
        # wiped by the hand-over before anyone could read them.
        keep_for_later = self.hotseat and self.state.outcome() is None
        for human in self.humans:
            if human == self.screen and not keep_for_later:
                self._print_events(seat, code, events, human)
            else:
                self.pending[human].moves.append((seat, code, events))

    def _print_events(self, seat: int, code: str, events: list[Event], viewer: int | None) -> None:
        lines = [
            text
            for event in events
            if event.visible_to(viewer)
            and (text := self.renderer.event_text(event, self.names, viewer)) is not None
        ]
        if not lines and viewer == seat:
            lines = [Text.assemble((f"{self.names[seat]}: ", "bold"), code)]
        elif (
            viewer != seat
            and not all(event.visible_to(viewer) for event in events)
            and not any(event.seat == seat and event.visible_to(viewer) for event in events)
        ):
            # A move another seat sees nothing of (a bonus card kept or removed): it learns
            # that the move was made, as the game describes it, never the move's code.
            what = "made a move you cannot see"
            if self.renderer.public_code_fn is not None:
                what = self.renderer.move_code(code, seat, events, viewer)
            lines.insert(0, Text.assemble((f"{self.names[seat]}: ", "bold"), (what, "dim")))
        for line in lines:
            self.console.print(Text("• ").append_text(line))

    # --- the end ----------------------------------------------------------------------
    def _finale(self) -> None:
        outcome = self.state.outcome()
        assert outcome is not None
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.console.rule("[bold]Game over[/] 終了")
        self.renderer.render(self.state.view(viewer), self.console)
        self.console.print(result_line(outcome.scores, outcome.ranks, self.names), highlight=False)


def result_line(scores: Sequence[float], ranks: Sequence[int], names: Sequence[str]) -> Text:
    """A one-line result any game can have: the winners, a draw, or a solo score."""
    if len(ranks) == 1:
        return Text.assemble(("Final score: ", "bold"), f"{scores[0]:g}")
    winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
    if len(winners) == len(ranks):
        return Text("Result: a draw.", style="bold")
    return Text.assemble(("Result: ", "bold"), (" and ".join(winners), "bold green"), " won.")


def play_game(
    game: str,
    options: Mapping[str, Any],
    seed: int,
    seats: Sequence[str],
    console: Console,
    ask: Ask,
    setup: Mapping[str, Any] | None = None,
) -> PlayResult:
    """Play one game at the terminal; the returned match holds the record."""
    match = Match(game, options, seed, setup)
    return TerminalGame(match, seats, console, ask, seed=seed).run()
