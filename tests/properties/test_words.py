"""Every game says everything in words, in English and in Japanese, from one place.

For every registered game and seat count (and the example game, ``examples/oddsevens``),
seeded random games are played; at every step each seat (and a spectator) is shown the
events it may see, the status of its view and the labels of its legal moves, and at the end
the outcome's table, all through the game's phrasebook (``GameSpec.words``: what the
terminal prints and the browser shows). Every event but the end of the game has words;
every text fills its marks completely, shows no internal name (a ``snake_case`` key) and
reads differently in Japanese.
"""

from __future__ import annotations

import random
import re

import pytest

from asobi.core import GameSpec, all_specs
from asobi.core.registry import game_ids
from asobi.core.words import Words, addressed, fill
from oddsevens import SPEC as EXAMPLE
from tests.lanes import first_of_each_fast

# the registered games, and the example game of docs/adding-a-game.md unless it is installed
SPECS = [*all_specs(), *([] if EXAMPLE.id in game_ids() else [EXAMPLE])]
CASES = [(spec, players) for spec in SPECS for players in spec.seat_counts]
NAMES = [f"Name{n}" for n in range(8)]
INTERNAL = re.compile(r"[a-z]+_[a-z]+")  # an internal name: round_end, face_down
LETTERS = re.compile(r"[A-Za-z]{3,}")
# An event names its actor, who reads it as "you": no verb after a seat in the third person.
YOU_AGREE = re.compile(r"\b[Yy]ou (is|has|was|does|starts|takes|gets|wins|goes|plays|needs)\b")


def _readable(words: Words, where: str, *, blank: bool = False, event: bool = False) -> None:
    if blank and not words.en and not words.ja:
        return  # a table cell with nothing to say (a total's 'taken by')
    for lang in ("en", "ja"):
        text = fill(words.get(lang), NAMES)
        assert "{" not in text and "}" not in text, f"{where}: a mark left in {text!r}"
        assert not INTERNAL.search(text), f"{where}: an internal name in {text!r}"
        assert text.strip(), f"{where}: no {lang} words"
    you = fill(words.en, ["you"] * len(NAMES))
    assert not (event and YOU_AGREE.search(you)), f"{where}: read by its seat, {you!r}"
    if LETTERS.search(words.en):
        assert words.ja != words.en, f"{where}: the Japanese is the English: {words.en!r}"


def _told_what_to_do(words: Words, seat: int, where: str) -> None:
    """The status read by the seat it waits for says what to do, not "You to draw…",
    「あなたが…引く」 (the page and the terminal say "Your turn" already)."""
    _readable(words, where)
    names = ["you" if n == seat else name for n, name in enumerate(NAMES)]
    assert not re.search(r"(^|: )you to\b", fill(words.en, names), re.I), (where, words.en)
    names = ["あなた" if n == seat else name for n, name in enumerate(NAMES)]
    assert not re.search(r"(^|[:：])あなたが", fill(words.ja, names)), (where, words.ja)


@pytest.mark.parametrize(
    ("spec", "players"),
    first_of_each_fast(CASES, lambda c: c[0].id, lambda c: f"{c[0].id}-{c[1]}p", unpack=True),
)
def test_every_event_move_status_and_outcome_is_said_in_both_languages(
    spec: GameSpec, players: int
) -> None:
    assert spec.words is not None, f"{spec.id} declares no phrasebook (GameSpec.words)"
    options = spec.options({"players": players})
    book = spec.phrasebook(options)
    kinds: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = spec.new_game(options, seed)
        observers: list[int | None] = [*range(players), None]
        for step in range(4000):
            if state.is_over:
                break
            for seat in observers:
                status = book.status(state.view(seat))
                _readable(status, f"{spec.id} status step {step}")
                if seat in state.active_seats():
                    _told_what_to_do(addressed(status, seat), seat, f"{spec.id} step {step}")
            seat = rng.choice(sorted(state.active_seats()))
            legal = state.legal_actions(seat)
            for action in legal[:40]:
                _readable(book.action(action.encode()), f"{spec.id} move {action.encode()!r}")
            events = state.apply(seat, rng.choice(legal))
            for event in events:
                kinds.add(event.kind)
                words = book.event(event.to_json())
                if event.kind == "game_over" or event.kind in book.said_elsewhere:
                    assert words is None, f"{spec.id}: {event.kind!r} is said elsewhere"
                    continue
                assert words is not None, f"{spec.id}: no words for {event.kind!r} events"
                _readable(words, f"{spec.id} event {event.to_json()}", event=True)
        outcome = state.outcome()
        assert outcome is not None, f"{spec.id}: a random game did not end"
        table = book.outcome(outcome.to_json())
        _readable(table.headline, f"{spec.id} outcome headline")
        for cell in table.columns:
            _readable(cell, f"{spec.id} outcome column")
        for cell in (c for row in table.rows for c in row):
            _readable(cell, f"{spec.id} outcome table", blank=True)
        assert table.rows and all(len(row) == len(table.columns) for row in table.rows)
    assert kinds, f"{spec.id}: no events at all"


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.id)
def test_every_game_names_its_milestones_among_its_own_events(spec: GameSpec) -> None:
    """The log sets apart the events a player follows the game by (``Phrasebook.milestones``):
    each is a kind of event the game has (its ``event_type``) and has words."""
    assert spec.event_type is not None
    kinds = set(spec.event_type.resolve().json_schema()["discriminator"]["mapping"])
    book = spec.phrasebook(spec.options({"players": spec.seat_counts[-1]}))
    assert book.milestones, f"{spec.id}: no milestones"
    assert book.milestones <= kinds - {"game_over"}, f"{spec.id}: {book.milestones - kinds}"


def test_a_milestones_words_are_marked_for_the_page_and_bold_in_the_terminal() -> None:
    """A challenge's result and a new round stand out in Carrotein's log; a placement does
    not: the server marks the words it sends (``milestone``), the terminal prints them bold."""
    from asobi.core.events import public
    from asobi.play import renderer_for
    from asobi.server.rooms import Said

    spec = next(spec for spec in SPECS if spec.id == "carrotein")
    options = spec.options({"players": 3})
    said = Said(spec.phrasebook(options))
    events = [
        public("place", 0, x=300.0, y=250.0, chip="red"),
        public("round", 1, round=2),
    ]
    placed, round_begins = said.events([event.to_json() for event in events])
    assert "milestone" not in placed
    assert round_begins["milestone"] is True and "Round 2" in round_begins["en"]
    renderer = renderer_for("carrotein", options)
    shown = [renderer.event_text(event, ["A", "B", "C"], 0) for event in events]
    assert shown[0] is not None and shown[1] is not None
    assert not any(span.style == "bold" for span in shown[0].spans)
    assert any(span.style == "bold" for span in shown[1].spans)
