"""Words a person reads, in English and Japanese, written once per game for every front end.

A game's phrasebook (``GameSpec.words``) turns its events, action codes, views and outcome
into :class:`Words`; the terminal prints them, the server sends them to the browser. A text
names seats and cards with two marks that each front end fills in its own way:

- ``{s:N}``: seat N, by its name (or "you" / "あなた" for the reader's own seat);
- ``{c:CODE}``: a card, drawn as a card in the browser and coloured in the terminal.

Everything else is plain text, never markup: a front end inserts it as text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Lang = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")
MARK = re.compile(r"\{([sc]):([^{}]*)\}")


@dataclass(frozen=True)
class Words:
    """One thing said in both languages."""

    en: str
    ja: str

    def get(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "ja": self.ja}

    def __add__(self, other: Words) -> Words:
        return Words(self.en + other.en, self.ja + other.ja)

    @staticmethod
    def join(parts: Iterable[Words], en: str = "; ", ja: str = "、") -> Words:
        items = list(parts)
        return Words(en.join(p.en for p in items), ja.join(p.ja for p in items))


def same(text: str) -> Words:
    """A text that reads the same in both languages (a number, a card)."""
    return Words(text, text)


def seat(n: int) -> str:
    """The mark for seat ``n``'s name."""
    return f"{{s:{n}}}"


def card(code: str) -> str:
    """The mark for a card."""
    return f"{{c:{code}}}"


def cards(codes: Iterable[str], sep: str = " ") -> str:
    return sep.join(card(c) for c in codes)


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``: English counts (Japanese has none to make)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def fill(text: str, names: Sequence[str], card_text: Callable[[str], str] = str) -> str:
    """``text`` with its marks filled: seats by ``names``, cards by ``card_text``."""

    def one(match: re.Match[str]) -> str:
        kind, value = match.groups()
        if kind == "c":
            return card_text(value)
        index = int(value) if value.isdigit() else -1
        return names[index] if 0 <= index < len(names) else f"seat {value}"

    return MARK.sub(one, text)


def parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut at its marks: ("t", plain text), ("s", seat number), ("c", card code)."""
    out: list[tuple[str, str]] = []
    at = 0
    for match in MARK.finditer(text):
        if match.start() > at:
            out.append(("t", text[at : match.start()]))
        out.append((match.group(1), match.group(2)))
        at = match.end()
    if at < len(text):
        out.append(("t", text[at:]))
    return out


YOU = Words("you", "あなた")


def addressed(words: Words, viewer: int | None) -> Words:
    """A status (:meth:`Phrasebook.status`) as the seat it waits for reads it: an
    instruction, not a description of itself. "Final phase: {s:0} to place a meld, or pass"
    reads "Final phase: place a meld, or pass" to seat 0 (whose page says "Your turn"
    already), 「{s:0}が1枚捨てて2枚引く」 reads 「1枚捨てて2枚引く」. Only where the sentence
    (or its part after a colon) begins with the viewer doing something; anything else, and
    every other seat's reading, is as it was."""
    if viewer is None:
        return words
    mark = re.escape(seat(viewer))
    en = re.sub(rf"(^|: ){mark} to (\w)", lambda m: m[1] + (m[2].upper() if not m[1] else m[2]),
                words.en)  # fmt: skip
    ja = re.sub(rf"(^|[:：]){mark}が", r"\1", words.ja)
    return Words(en, ja)


def hand_heading(seat: int, viewer: int | None, count: int, lang: str = "en") -> str:
    """A hand's heading on the terminal's table, before its cards: "Your hand 手札 (3): ",
    "Seat 1 hand 手札 (3): "; in Japanese 「あなたの手札(3):」「席1の手札(3):」."""
    if lang == "ja":
        label = "あなたの手札" if seat == viewer else f"席{seat}の手札"
        return f"{label}({count}):"
    label = "Your hand 手札" if seat == viewer else f"Seat {seat} hand 手札"
    return f"{label} ({count}): "


def seat_label(seat: int | None, viewer: int | None, solo: bool = False, lang: str = "en") -> str:
    """A seat as the terminal's table names it: "seat 1", "seat 0 (you)" for the viewer's
    own, "you" in a solo game, "nobody" for no seat; in Japanese 「席1」「席0(あなた)」
    「あなた」「なし」."""
    ja = lang == "ja"
    if seat is None:
        return "なし" if ja else "nobody"
    if solo:
        return YOU.get(lang)
    if ja:
        return f"席{seat}(あなた)" if seat == viewer else f"席{seat}"
    return f"seat {seat} (you)" if seat == viewer else f"seat {seat}"


def seat_names(names: Sequence[str], viewer: int | None, lang: str) -> list[str]:
    """The names to fill a text with for ``viewer``: its own seat reads "you"."""
    return [YOU.get(lang) if s == viewer else name for s, name in enumerate(names)]


@dataclass(frozen=True)
class ScoreTable:
    """The end of a game in words: a headline ("{s:0} won"), a column heading each, and a
    row per line of the breakdown (a seat, a row of cards, a mine); cells are :class:`Words`."""

    headline: Words
    columns: tuple[Words, ...]
    rows: tuple[tuple[Words, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "headline": self.headline.to_json(),
            "columns": [c.to_json() for c in self.columns],
            "rows": [[cell.to_json() for cell in row] for row in self.rows],
        }


class Phrasebook(Protocol):
    """What a game says, in both languages, for one game's options (a solo game says "the
    open cards" where a duel says "the discards"). Each method reads only JSON a seat may
    see (an event it was shown, its view, the outcome), so it cannot tell anyone a secret."""

    milestones: frozenset[str]
    """The kinds of event a player follows the game by: what settles a round (a launch, a
    challenge, a round's scoring), a new round, the end drawing near. The log sets their
    lines apart, so that the turns between do not bury them."""

    said_elsewhere: frozenset[str]
    """The kinds of event another event's line already tells (Laminate's thanks, counted in
    the publication's line): ``event`` says nothing for them."""

    def event(self, event: Mapping[str, Any]) -> Words | None:
        """One sentence for an event (its ``to_json()``), in the past tense, its actor
        named by mark: "{s:1} drew 2 cards from the deck". None for the end of the game
        (the end screen says it) and the kinds ``said_elsewhere``."""
        ...

    def action(self, code: str) -> Words:
        """A legal move as a button says it: "Draw from the deck"."""
        ...

    def status(self, view: Mapping[str, Any]) -> Words:
        """What the table waits for now, from a seat's view: "{s:0} to draw 2 more cards"."""
        ...

    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        """The final scores and their breakdown, for the end screen."""
        ...


def ranks_headline(ranks: Sequence[int]) -> Words:
    """ "{s:0} won" / "{s:0} and {s:1} drew": from the ranks alone."""
    first = [s for s, rank in enumerate(ranks) if rank == 1]
    if len(ranks) == 1:
        return Words("The game is over", "ゲーム終了")
    if len(first) == len(ranks):
        return Words("A draw", "引き分け")
    names = [seat(s) for s in first]
    if len(first) == 1:
        return Words(f"{names[0]} won", f"{names[0]}の勝ち")
    return Words(f"{' and '.join(names)} shared first place", f"{'と'.join(names)}が同率1位")


SCORE = Words("Score", "得点")
RANK = Words("Place", "順位")
PLAYER = Words("Player", "プレイヤー")


def humane(key: str) -> str:
    """An internal name read aloud: ``round_end`` -> "round end"."""
    return key.replace("_", " ")


class PlainWords:
    """What any game says without a phrasebook of its own: an event by its kind, a move by
    its code, the scores and places. Enough to play a new game; a real game writes its own."""

    milestones: frozenset[str] = frozenset()  # (a game without words has none to set apart)
    said_elsewhere: frozenset[str] = frozenset()

    def __init__(self, options: object = None) -> None:
        self.options = options

    def event(self, event: Mapping[str, Any]) -> Words | None:
        if event.get("kind") == "game_over":
            return None
        who = event.get("seat")
        kind = humane(str(event.get("kind", "")))
        if isinstance(who, int):
            return Words(f"{seat(who)}: {kind}", f"{seat(who)}: {kind}")
        return same(kind)

    def action(self, code: str) -> Words:
        return same(code)

    def status(self, view: Mapping[str, Any]) -> Words:
        active = [seat(s) for s in view.get("active") or [] if isinstance(s, int)]
        if not active:
            return Words("The game is over", "ゲーム終了")
        return Words(f"{', '.join(active)} to play", f"{'、'.join(active)}の手番")

    def outcome(self, outcome: Mapping[str, Any]) -> ScoreTable:
        scores, ranks = list(outcome.get("scores") or []), list(outcome.get("ranks") or [])
        rows = tuple(
            (Words(seat(s), seat(s)), same(f"{score:g}"), same(str(ranks[s])))
            for s, score in enumerate(scores)
        )
        return ScoreTable(ranks_headline(ranks), (PLAYER, SCORE, RANK), rows)
