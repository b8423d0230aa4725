"""The terminal game loop, generic over games: it knows the protocol, not the rules.

Each seat is a human or a named bot. For a human decision it shows that seat's view, lists
the legal actions numbered (by their codes, each with the game's caution beside it where the
game gives one: ``State.caution``; a game may list a few and say how to type the rest:
``shortlist`` in ``asobi.play.render``, and list moves that share a head on one line:
``group``) and accepts a number or a typed code; a refused move prints the reason and the
rule that forbids it, and asks again.

The table is printed whole at a seat's first decision and on ``v``; at its later decisions
only the parts of it that changed since its last one (the game's ``sections``), after the
moves made in between, so a long game reads as a story rather than a wall of tables.

Bots choose through :func:`asobi.core.bots.choose_for`, and what they do is printed as
events, filtered by what the watching seat may see. With more than one human (hot-seat) the
screen is cleared and the device handed over whenever the acting seat changes, so hands
stay hidden; each seat then reads what happened since its last decision, filtered to what
it may see, and its whole table (the last screen is gone).

Simultaneous decisions (several active seats, such as It's Mine!'s dice bids) are taken
one seat at a time: each human chooses on its own screen, bots choose through
``choose_for``, and the state keeps each choice hidden from the others until all are in —
so nothing of a pending choice is ever printed to another seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.segment import Segments
from rich.text import Text

from asobi.core.actions import Action
from asobi.core.bots import Bot, choose_for, level_bot, make_bot, mix_seeds
from asobi.core.errors import BadActionCode, IllegalAction
from asobi.core.events import Event
from asobi.core.protocol import State
from asobi.core.records import Match
from asobi.core.takeback import cannot_take_back, take_back_refusal
from asobi.core.words import Lang, Words, addressed, fill, seat_names
from asobi.play.io import Ask
from asobi.play.render import Renderer, renderer_for
from asobi.play.summary import summary

HUMAN = "human"
QUIT_WORDS = {"q", "quit", "exit"}
HELP_WORDS = {"?", "h", "help"}
VIEW_WORDS = {"v", "view"}
RULES_WORDS = {"rules"}
HINT_WORDS = {"hint"}
UNDO_WORDS = {"undo"}

# Clear the screen and the scrollback (xterm, tmux, most terminals), cursor home.
CLEAR = "\033[H\033[2J\033[3J"

# The terminal's own words (a game's are its phrasebook's), filled with str.format. The
# commands stay what they are in either language: q, v, ?, rules, hint.
SAID = {
    "seats": Words("Seats: {seating}. Seed {seed}.", "プレイヤー:{seating}。シード{seed}。"),
    "how": Words(
        "Choose a move by its number or type its code; [bold]?[/] help, [bold]v[/] the whole "
        "table 盤面, [bold]rules[/], [bold]undo[/] your last move, [bold]q[/] quit. After "
        "your first move you see what changed since your last one.",
        "手は番号で選ぶか、そのコードを入力します。[bold]?[/] ヘルプ、[bold]v[/] 盤面の全体、"
        "[bold]rules[/] ルール、[bold]undo[/] 直前の手を取り消す、[bold]q[/] 終了。2手目からは、"
        "前の手番から変わったところだけを表示します。",
    ),
    "stopped": Words("Game stopped: {reason}.", "ゲームを中断しました:{reason}。"),
    "quit": Words("quit", "終了しました"),
    "interrupted": Words("interrupted", "割り込みで止まりました"),
    "input ended": Words("the input ended before the game did", "ゲームの途中で入力が終わりました"),
    "pass to": Words("Pass to seat {seat} — press Enter", "席{seat}に渡してください — Enterを押す"),
    "away": Words("While you were away:", "あなたが離れている間に:"),
    "prompt": Words(
        "[bold]{name}[/] › number {numbers} or a move code (v table 盤面, ? help): ",
        "[bold]{name}[/] › 番号{numbers}か手のコード(v 盤面、? ヘルプ): ",
    ),
    "no such move": Words(
        "there is no move {number}: choose {numbers}",
        "{number}番の手はありません:{numbers}から選びます",
    ),
    "unknown move": Words("unknown move: {problem}", "わからない手です:{problem}"),
    "refused": Words("Refused: ", "できません:"),
    "rule": Words("  (rule: {rule})", "(ルール:{rule})"),
    "undone": Words("Taken back: {move}.", "取り消しました:{move}。"),
    "nothing to undo": Words(
        "Nothing to take back: only your own last move, within your turn.",
        "取り消せる手はありません(取り消せるのは、自分の手番の中の自分の直前の手だけです)。",
    ),
    "no hint": Words("No hint here: the game suggests no move now.", "ここでは助言はありません。"),
    "hint": Words("Hint 助言: ", "助言:"),
    "play hint": Words(" — type it to play it", " — 入力するとこの手を指します"),
    "unchanged": Words("Unchanged: {parts}", "変わらず:{parts}"),
    "back": Words("(Enter: back)", "(Enter:戻る)"),
    "pick one": Words(
        "choose 1–{count} or one of {labels}; Enter goes back to every move",
        "1–{count}か、{labels}のどれかを選びます。Enterで手の一覧に戻ります",
    ),
    "unseen": Words("made a move you cannot see", "見えない手を指した"),
    "every move": Words(" — every move below", " — 下のどの手も"),
    "marked moves": Words(" — the moves marked ⚠ below", " — 下の⚠の付いた手"),
    "final score": Words("Final score: ", "最終得点:"),
    "draw": Words("Result: a draw.", "結果:引き分け。"),
    "result": Words("Result: ", "結果:"),
    "won": Words(" won.", "の勝ち。"),
    "and": Words(" and ", "と"),
    "game over": Words("[bold]Game over[/] 終了", "[bold]ゲーム終了[/]"),
    "saved": Words(
        "Record saved to [bold]{save}[/]; replay it with: asobi replay {save}",
        "記録を[bold]{save}[/]に保存しました。再生するには:asobi replay {save}",
    ),
    "saved unfinished": Words(
        "Record of the unfinished game saved to [bold]{save}[/]; replay it with: "
        "asobi replay {save}",
        "途中までの記録を[bold]{save}[/]に保存しました。再生するには:asobi replay {save}",
    ),
    "seed": Words(
        "[dim]Seed {seed}. Add --save FILE to keep the record for `asobi replay`.[/]",
        "[dim]シード{seed}。`asobi replay`で見返すには、--save FILEで記録を保存します。[/]",
    ),
}


def default_bot(game: str) -> str:
    """The bot a human plays against unless told otherwise: the game's ``normal`` level
    (its heuristic bot)."""
    return level_bot(game, "normal")


def bot_seed(seed: int, seat: int) -> int:
    """Each bot's own seed, derived from the game's so a whole session is reproducible."""
    return mix_seeds(0, seed, seat + 1)  # the terminal's first formula, kept: same bots


class Quit(Exception):
    """The player quit, or the input ended, before the game did: ``reason`` is the key of
    its words in :data:`SAID` ("quit", "input ended")."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class PlayResult:
    match: Match
    finished: bool
    reason: str = "finished"


@dataclass
class Choice:
    """One numbered line of the move list: a move alone (with its caution, if the game gives
    one), or moves listed under one head with a label each (a meld and its points, then the
    rows it may go to), of which the player picks one in a second step."""

    moves: list[Action]
    head: Text | None = None  # None: a move alone, listed by its own text
    labels: list[str] = field(default_factory=list)
    caution: Words | None = None


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
        lang: Lang = "en",
    ) -> None:
        players = match.state.players
        if len(seats) != players:
            raise ValueError(f"{len(seats)} seat types given for {players} seats")
        self.match = match
        self.spec = match.spec
        self.seats = list(seats)
        self.console = console
        self.ask = ask
        # The game's words (events, moves, what the table waits for, the end) in ``lang``;
        # the table itself names its parts in both languages.
        self.lang = lang
        self.renderer: Renderer = renderer_for(self.spec.id, match.record.options, lang)
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
        # Each human seat's table as last printed to it: the plain text of every part, so
        # the next decision prints only the parts that read differently now.
        self.shown: dict[int, dict[str, str]] = {}
        self.seed = seed
        # The last move a person made, the state before it and who made it: what ``undo``
        # may take back (asobi.core.takeback decides whether it can, as the server's does).
        self.last: tuple[int, State, Action] | None = None

    @property
    def state(self) -> State:
        return self.match.state

    def _said(self, key: str, **filled: object) -> str:
        """The terminal's own words (:data:`SAID`) in its language, filled in."""
        return SAID[key].get(self.lang).format(**filled)

    def _names(self) -> list[str]:
        """Each seat's name in the terminal's language: "seat 1 (greedy bot)", 「席1(…ボット)」."""
        ja = self.lang == "ja"
        if len(self.seats) == 1:
            kind = self.seats[0]
            if kind == HUMAN:
                return ["あなた" if ja else "you"]
            return [f"{kind}ボット" if ja else f"{kind} bot"]
        names = []
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                names.append(f"席{seat}({kind}ボット)" if ja else f"seat {seat} ({kind} bot)")
            elif self.hotseat:
                names.append(f"席{seat}" if ja else f"seat {seat}")
            else:
                names.append(f"席{seat}(あなた)" if ja else f"seat {seat} (you)")
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
            stopped = self._said("stopped", reason=self._said(stop.reason))
            self.console.print("\n" + stopped, style="bold yellow", markup=False)
            return PlayResult(self.match, False, SAID[stop.reason].en)
        except KeyboardInterrupt:
            stopped = self._said("stopped", reason=self._said("interrupted"))
            self.console.print("\n" + stopped, style="bold yellow", markup=False)
            return PlayResult(self.match, False, "interrupted")
        self._finale()
        return PlayResult(self.match, True)

    def _ask(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except EOFError:
            raise Quit("input ended") from None

    def _intro(self) -> None:
        spec = self.spec
        self.console.rule(f"[bold]{spec.name_en}[/] {spec.name_ja}")
        seating = " · ".join(self.names)
        self.console.print(
            self._said("seats", seating=seating, seed=self.seed), highlight=False, markup=False
        )
        if self.humans:
            self.console.print(self._said("how"), highlight=False)

    # --- bots -------------------------------------------------------------------------
    def _bot_turn(self, seat: int) -> None:
        action = choose_for(self.bots[seat], self.state, seat)
        self.last = None  # another has moved: the turn it was made in is over
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
            Panel(Text(self._said("pass to", seat=seat), style="bold"), expand=False)
        )
        answer = self._ask("")
        if answer.strip().lower() in QUIT_WORDS:
            raise Quit("quit")
        self._clear()
        self.shown.pop(seat, None)  # its table went with the last screen: show it whole

    def _flush(self, seat: int) -> None:
        pending = self.pending[seat].moves
        if self.hotseat and any(mover != seat for mover, _, _ in pending):
            self.console.print(Text(self._said("away"), style="bold"))
        for mover, code, events in pending:
            self._print_events(mover, code, events, seat)
        pending.clear()

    def _decide(self, seat: int) -> None:
        view = self.state.view(seat)
        self._show_table(seat, view)
        legal: list[Action] = self.state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"seat {seat} is to act but has no legal action")
        codes = {a.encode().lower() for a in legal}
        # The moves listed by number: all of them, unless the game shortens a long list
        # (the others are still played by typing their code).
        shown, note = self.renderer.shortlist([a.encode() for a in legal], view)
        choices = self._choices(seat, [legal[i] for i in shown], view)
        self._status(seat, view)
        self._list_choices(seat, choices, note)
        numbers = "1" if len(choices) == 1 else f"1–{len(choices)}"
        prompt = self._said("prompt", name=escape(self.names[seat]), numbers=numbers)
        while True:
            text = " ".join(self._ask(prompt).split())
            word = text.lower()
            if not text:
                continue
            # A legal move's code is that move, never a command (Rummy City's "look").
            if word not in codes and word in UNDO_WORDS:
                if self._undo(seat):
                    return  # the same seat decides again, from the state before
                continue
            if word not in codes and self._command(word, seat, view, choices, note):
                continue
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(choices):
                    self._refuse(self._said("no such move", number=number, numbers=numbers))
                    continue
                picked = self._pick(seat, choices[number - 1])
                if picked is None:
                    continue
                action = picked
            else:
                try:
                    action = self.spec.action_space.decode(text)
                except BadActionCode as exc:
                    self._refuse(self._unknown(exc))
                    continue
            before = self.state.clone()
            try:
                events = self.match.play(seat, action)
            except IllegalAction as exc:
                reason, rule = exc.said(self.lang)
                self._refuse(reason, rule=rule)
                continue
            self.last = (seat, before, action)
            self._announce(seat, action.encode(), events)
            return

    def _undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move if the rules of fair play allow it (its own, within
        its turn, having shown nobody anything hidden and drawn on no chance: the server's
        test); say why not otherwise. True when it was taken back."""
        if self.last is None or self.last[0] != seat:
            self._refuse(self._said("nothing to undo"))
            return False
        _, before, action = self.last
        code = action.encode()
        move = self.renderer.words.action(code) if self.renderer.words else Words(code, code)
        why = take_back_refusal(before, seat, action)
        if why is not None:
            self._refuse(self.renderer.say(cannot_take_back(move, why), self.names, seat).plain)
            return False
        self.match.state = before
        self.match.record.moves.pop()
        self.last = None
        # Nobody else has had a turn since: the move waits, unseen, in the others' news.
        for human in self.humans:
            waiting = self.pending[human].moves
            if waiting and waiting[-1][:2] == (seat, code):
                waiting.pop()
        said = self.renderer.say(move, self.names, seat).plain
        self.console.print(Text(self._said("undone", move=said), style="bold"))
        return True

    def _command(
        self,
        word: str,
        seat: int,
        view: Mapping[str, Any],
        choices: Sequence[Choice],
        note: Text | None,
    ) -> bool:
        """Carry out ``word`` if it is one of the terminal's own commands (quit, help, the
        whole table and the moves again, the rules); False if it is not one."""
        if word in QUIT_WORDS:
            raise Quit("quit")
        if word in HELP_WORDS:
            self._help(choices[0].moves[0])
        elif word in VIEW_WORDS:
            self._show_table(seat, view, whole=True)
            self._list_choices(seat, choices, note)
        elif word in RULES_WORDS:
            self.console.print(Markdown(summary(self.spec, self.lang)))
        elif word in HINT_WORDS:
            self._hint()
        else:
            return False
        return True

    def _hint(self) -> None:
        """The move the game suggests here, if it has one (``GameSpec.insight``'s ``hint``,
        worked out from the public view, so it tells nobody a secret)."""
        found = self.spec.insight(self.state.view(None)) if self.spec.insight else {}
        hint = found.get("hint")
        if not hint:
            self.console.print(Text(self._said("no hint"), style="dim"))
            return
        self.console.print(
            Text.assemble(
                (self._said("hint"), "bold"), (hint["code"], "bold cyan"), self._said("play hint")
            )
        )

    def _show_table(self, seat: int, view: Mapping[str, Any], whole: bool = False) -> None:
        """``seat``'s table: whole the first time (and when ``whole``), else only the parts
        that read differently from when this seat last saw them, and a line naming the
        others."""
        parts = self.renderer.sections(view, self.console.width)
        drawn = {name: list(self.console.render(body)) for name, body in parts}
        now = {name: "".join(seg.text for seg in drawn[name]) for name, _ in parts}
        before = None if whole else self.shown.get(seat)
        self.shown[seat] = now
        if before is None:
            self.renderer.render(view, self.console)
            return
        same = []
        for name, _ in parts:
            if before.get(name) == now[name]:
                same.append(name)
            else:
                self.console.print(Segments(drawn[name]))
        if same:  # named, so nothing seems lost; the prompt says how to see them (v)
            parts_named = ("、" if self.lang == "ja" else ", ").join(same)
            self.console.print(Text(self._said("unchanged", parts=parts_named), style="dim"))

    def _unknown(self, exc: BadActionCode) -> str:
        """Why a typed code is no move. A game's own Japanese sentence says it already (that
        the code is not one of the game's moves, or which part of it names no card): under
        「わからない手です:」 it said so twice. Its English, or a game's that has no Japanese,
        keeps the terminal's words before it."""
        if self.lang == "ja" and exc.ja:
            return exc.ja
        return self._said("unknown move", problem=exc.said(self.lang))

    def _refuse(self, message: str, rule: str | None = None) -> None:
        line = Text.assemble((self._said("refused"), "bold red"), message)
        if rule:
            line.append(self._said("rule", rule=rule), style="red")
        self.console.print(line)

    def _choices(self, seat: int, legal: Sequence[Action], view: Mapping[str, Any]) -> list[Choice]:
        """The numbered lines for ``legal``: moves the game groups under one head share a
        line (at the place of the first); a move with a caution stands alone, its caution
        beside it."""
        choices: list[Choice] = []
        heads: dict[str, Choice] = {}
        for action in legal:
            caution = self.state.caution(seat, action)
            grouped = None if caution is not None else self.renderer.group(action.encode(), view)
            if grouped is None:
                choices.append(Choice([action], caution=caution))
                continue
            head, label = grouped
            choice = heads.get(head.plain)
            if choice is None:
                choice = heads[head.plain] = Choice([], head)
                choices.append(choice)
            choice.moves.append(action)
            choice.labels.append(label)
        return choices

    def _list_choices(self, seat: int, choices: Sequence[Choice], note: Text | None = None) -> None:
        width = len(str(len(choices)))
        # A caution several moves share is said once, above them (a lost game's caution can
        # be true of every move: beside each it filled the list two lines a move).
        cautions = Counter(c.caution for c in choices if c.caution is not None)
        shared = [caution for caution, n in cautions.items() if n > 1]
        for caution in shared:
            every = cautions[caution] == len(choices)
            line = self._caution_text(seat, caution)
            line.append(self._said("every move" if every else "marked moves"), style="yellow")
            self.console.print(line, overflow="fold")
        items = []
        for i, choice in enumerate(choices, start=1):
            # Folded, not cut short: a Japanese caution has no space to wrap at, and a
            # column's default would end it, and the code to type, in "…".
            item = Text.assemble((f"{i:>{width}}", "bold cyan"), " ", overflow="fold")
            if choice.head is None:
                item.append_text(self._move_text(seat, choice.moves[0]))
                if choice.caution in shared:
                    if len(shared) > 1 or cautions[choice.caution] < len(choices):
                        item.append("  ⚠", style="bold yellow")
                elif choice.caution is not None:
                    item.append_text(self._caution_text(seat, choice.caution))
            else:
                item.append_text(choice.head)
                item.append(" → ", style="dim")
                item.append(" · ".join(choice.labels))
            items.append(item)
        self.console.print(Columns(items, padding=(0, 3), column_first=True))
        if note is not None:
            self.console.print(note)

    def _move_text(self, seat: int, move: Action) -> Text:
        """A move as the list shows it: the game's text for its code; in Japanese, the
        phrasebook's words for it (as the page's buttons say it), its code after them to
        show what to type."""
        code = move.encode()
        if self.lang != "ja" or self.renderer.words is None:
            return self.renderer.action_text(code)
        said = self.renderer.say(self.renderer.words.action(code), self.names, seat)
        if said.plain != code:
            # The code is what to type: whole on a line of its own where the words and it
            # would not fit on one (a wrap at its spaces read "choose leaping / stretching").
            fits = cell_len(said.plain) + 2 + len(code) <= self.console.width - 4  # (its number)
            said.append(f"  {code}" if fits else f"\n   {code}", style="dim")
        return said

    def _status(self, seat: int, view: Mapping[str, Any]) -> None:
        """In Japanese, what the table waits for in the phrasebook's words, above the moves
        (the game's table names its parts in both languages, its status in English)."""
        if self.lang == "ja" and self.renderer.words is not None:
            status = addressed(self.renderer.words.status(view), seat)  # what to do
            said = self.renderer.say(status, self.names, seat)
            self.console.print(Text("▶ ", style="bold").append_text(said), overflow="fold")

    def _pick(self, seat: int, choice: Choice) -> Action | None:
        """The move of ``choice``: its only one, or the one the player picks by its number
        or label; None when the player goes back to the whole list (Enter)."""
        if len(choice.moves) == 1:
            return choice.moves[0]
        assert choice.head is not None
        which = " · ".join(f"{i} {label}" for i, label in enumerate(choice.labels, start=1))
        prompt = (
            f"[bold]{self.names[seat]}[/] › {escape(choice.head.plain)} → "
            f"{escape(which)} {self._said('back')}: "
        )
        labels = [label.lower() for label in choice.labels]
        while True:
            word = " ".join(self._ask(prompt).split()).lower()
            if not word:
                return None
            if word in QUIT_WORDS:
                raise Quit("quit")
            if word.isdigit() and 1 <= int(word) <= len(choice.moves):
                return choice.moves[int(word) - 1]
            if word in labels:
                return choice.moves[labels.index(word)]
            self._refuse(
                self._said("pick one", count=len(choice.moves), labels=", ".join(choice.labels))
            )

    def _caution_text(self, seat: int, caution: Words) -> Text:
        """A move's caution, to print beside it, in the terminal's language, its seats named
        as ``seat`` reads them ("you" for itself)."""
        said = fill(caution.get(self.lang), seat_names(self.names, seat, self.lang))
        return Text.assemble(("  ⚠ ", "bold yellow"), (said, "yellow"))

    def _help(self, move: Action) -> None:
        example = move.encode()
        if self.lang == "ja":
            hint = (("hint", "bold"), ":助言(ゲームが手を勧められるところで)· ")
            self.console.print(
                Panel(
                    Text.assemble(
                        "手の番号か、そのコードを入力します。例:",
                        (example, "bold"),
                        "\nコードの大文字・小文字と余分な空白は区別しません。ルールで"
                        "できない手は、そのルールを示して断ります。\n",
                        ("v", "bold"),
                        ":盤面の全体(2手目からは変わったところだけを表示)· ",
                        ("rules", "bold"),
                        ":ルールの要約 · ",
                        ("undo", "bold"),
                        ":自分の手番の中の直前の手を取り消す"
                        "(隠れていたものや偶然を見せなかった手だけ)· ",
                        *(hint if self.spec.insight else ()),
                        ("q", "bold"),
                        ":終了(--saveでそこまでの記録を保存)",
                    ),
                    title="ヘルプ",
                    expand=False,
                )
            )
            return
        self.console.print(
            Panel(
                Text.assemble(
                    "Type the number of a move, or its code: for example ",
                    (example, "bold"),
                    ".\nCodes ignore case and extra spaces; a move the rules forbid is "
                    "refused with the rule that forbids it.\n",
                    ("v", "bold"),
                    ": the whole table 盤面 (after your first move you see what changed) · ",
                    ("rules", "bold"),
                    ": the rules summary · ",
                    ("undo", "bold"),
                    ": take back your last move within your turn (one that showed nothing "
                    "hidden and drew on no chance) · ",
                    *(
                        (("hint", "bold"), ": a suggested move, where the game has one · ")
                        if self.spec.insight
                        else ()
                    ),
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
            what = self._said("unseen")
            if self.renderer.public_code_fn is not None:
                what = self.renderer.move_code(code, seat, events, viewer)
            lines.insert(0, Text.assemble((f"{self.names[seat]}: ", "bold"), (what, "dim")))
        # A Japanese sentence has no spaces to wrap at: after "• " it would move whole to the
        # next line, leaving the bullet alone; 「・」 joined to it folds with it instead.
        bullet = "・" if self.lang == "ja" else "• "
        for line in lines:
            self.console.print(Text(bullet).append_text(line), overflow="fold")

    # --- the end ----------------------------------------------------------------------
    def _finale(self) -> None:
        outcome = self.state.outcome()
        assert outcome is not None
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.console.rule(self._said("game over"))
        self.renderer.render(self.state.view(viewer), self.console)
        line = result_line(outcome.scores, outcome.ranks, self.names, self.lang)
        self.console.print(line, highlight=False)


def result_line(
    scores: Sequence[float], ranks: Sequence[int], names: Sequence[str], lang: Lang = "en"
) -> Text:
    """A one-line result any game can have: the winners, a draw, or a solo score."""
    if len(ranks) == 1:
        return Text.assemble((SAID["final score"].get(lang), "bold"), f"{scores[0]:g}")
    winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
    if len(winners) == len(ranks):
        return Text(SAID["draw"].get(lang), style="bold")
    return Text.assemble(
        (SAID["result"].get(lang), "bold"),
        (SAID["and"].get(lang).join(winners), "bold green"),
        SAID["won"].get(lang),
    )


def play_game(
    game: str,
    options: Mapping[str, Any],
    seed: int,
    seats: Sequence[str],
    console: Console,
    ask: Ask,
    setup: Mapping[str, Any] | None = None,
    lang: Lang = "en",
) -> PlayResult:
    """Play one game at the terminal; the returned match holds the record."""
    match = Match(game, options, seed, setup)
    return TerminalGame(match, seats, console, ask, seed=seed, lang=lang).run()
