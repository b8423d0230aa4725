"""Per-game checks for the property tests: THE place a new game adds its invariants.

The property tests (``test_games.py``) play random legal games of every registered game
and check the protocol generically (views leak nothing, illegal actions change nothing,
replays reproduce, clones share nothing, games end). On top of that each game adds here:

- ``invariant(state)``: conservation (every card, chip, die accounted for exactly once)
  and other facts that must hold in every position; raise AssertionError if not.
- ``view_check(state, seat, view)``: a game-specific look at a view: nothing hidden from
  ``seat`` in it, and what it must show (its own hand) is there.
- ``events_check(observer, events, view_before, view_after)``: the events ``observer``
  may see reveal nothing beyond its views before and after the move.
- ``max_steps``: a bound on a game's length in moves (random play must end within it).
- ``option_sets``: extra options to play under, on top of each allowed seat count.
- ``scenarios(players)``: valid scenarios for a seat count, for the fuzz tests to break.
- ``revealing_events``: the events by which the rules show hidden cards (a card turned up
  from the deck, sealed bids opened): a move with one may show each world something else.

``test_every_registered_game_has_hooks`` fails for a game with no entry, so a new game
cannot silently skip its invariants.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from asobi.core import Event, GameSpec, State
from asobi.core.cards import FRENCH52, SEVEN
from asobi.core.registry import game_ids
from asobi.games.itsmine.actions import FACES, MINES, PLAYING_CARDS
from asobi.games.itsmine.state import accepts
from asobi.games.laminate.actions import PAPER_TYPES
from asobi.games.starmine.cards import FIREWORKS
from oddsevens import SPEC as EXAMPLE_SPEC
from oddsevens.state import round_winner
from oddsevens.views import read_view
from tests.core.simultaneous_game import FINGERS
from tests.core.simultaneous_game import SPEC as ODDS_EVENS_SPEC


def _no_view_check(state: State, seat: int | None, view: dict[str, Any]) -> None:
    return None


def _no_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    return None


@dataclass(frozen=True)
class GameHooks:
    invariant: Callable[[State], None]
    view_check: Callable[[State, int | None, dict[str, Any]], None] = _no_view_check
    events_check: Callable[[int | None, list[Event], dict[str, Any], dict[str, Any]], None] = (
        _no_events_check
    )
    max_steps: int = 10_000
    option_sets: tuple[Mapping[str, Any], ...] = ({},)
    finite_actions: bool = True  # every legal action has a dense index in the action space
    # determinize(seat, rng) depends only on what ``seat`` knows (and rng): the real state
    # and another world with the same view give the same world for the same rng. Catches a
    # resampling that depends on the true hidden values (their order, their parity, ...).
    # Needs a canonical order of what is resampled (sort a pool before shuffling it).
    determinize_from_view_only: bool = False
    # Events by which the rules make hidden things public (a card turned up from a hidden
    # deck, sealed bids opened, the hands shown at the end): after a move with one of these,
    # what a seat sees may depend on what a world resampled, so the same move in the true
    # state and in a sampled world is not compared for that seat.
    revealing_events: frozenset[str] = frozenset()
    # Share of the property tests' examples for this game: a game whose random games are
    # long (hundreds of moves, each checked from every seat) takes fewer, longer examples.
    weight: float = 1.0
    # The checks that cost a game's worth of work at each position (sampled worlds, refused
    # actions, clones played to the end) run at every ``heavy_every``-th position of a long
    # game; views, events and invariants are checked at every position.
    heavy_every: int = 1
    # Scenarios the game starts from (``--setup``), a few for each seat count: the fuzz tests
    # (``test_bad_input.py``) check that each is accepted, then break them in every way.
    scenarios: Callable[[int], tuple[Mapping[str, Any], ...]] = lambda players: ()


def strings_in(data: Any) -> Iterable[str]:
    """Every string anywhere in JSON-like data (keys included), split into words."""
    if isinstance(data, str):
        yield from data.split()
    elif isinstance(data, Mapping):
        for k, v in data.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(data, list | tuple | set | frozenset):
        for x in data:
            yield from strings_in(x)


# --- Starmine Rummy Pocket -----------------------------------------------------------------
_FIREWORK_CODES = {c.code.upper(): c.code for c in FIREWORKS.cards}


def card_codes_in(data: Any) -> set[str]:
    return {_FIREWORK_CODES[w.upper()] for w in strings_in(data) if w.upper() in _FIREWORK_CODES}


def starmine_invariant(state: Any) -> None:
    """All 30 cards accounted for, each exactly once; known cards are in their hand."""
    counts = Counter(state.all_cards())
    missing = [c.code for c in FIREWORKS.cards if counts[c] == 0]
    doubled = [c.code for c, n in counts.items() if n > 1]
    strangers = [c for c in counts if c not in FIREWORKS.cards]
    assert not (missing or doubled or strangers), (
        f"cards not accounted for: missing {missing}, twice {doubled}, unknown {strangers}"
    )
    assert sum(counts.values()) == len(FIREWORKS) == 30
    for seat, known in enumerate(state.known):
        assert known <= set(state.hands[seat]), f"seat {seat} 'known' cards not in its hand"


def starmine_hidden_from(state: Any, seat: int | None) -> set[str]:
    """Card codes ``seat`` may not see: the deck, and the other hands' unknown cards."""
    hidden = {c.code for c in state.deck}
    for s in range(state.players):
        if s != seat:
            hidden |= {c.code for c in state.hands[s] if c not in state.known[s]}
    return hidden


def starmine_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    leaked = card_codes_in(view) & starmine_hidden_from(state, seat)
    assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
    for s, entry in enumerate(view["seats"]):
        if s == seat:
            assert sorted(entry["hand"]) == sorted(c.code for c in state.hands[s])
        else:
            assert "hand" not in entry, f"seat {seat}'s view holds seat {s}'s hand"
        assert entry["hand_size"] == len(state.hands[s])


def starmine_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    told = card_codes_in([e.to_json() for e in events])
    beyond = told - card_codes_in(before) - card_codes_in(after)
    assert not beyond, f"events tell {observer} about {sorted(beyond)}, which it cannot see"


def starmine_scenarios(players: int) -> tuple[dict[str, Any], ...]:
    if players == 1:
        return (
            {"hands": [["R1", "R2", "R3", "W1"]], "deck": ["B1", "B2", "B3"], "open": ["G7"],
             "removed": ["Y7"], "rows": [{"opening": ["pair R5 Y5"]}], "current_row": "main",
             "rest": "box"},
            {"deck": "B1 B2", "rest": "deck"},
        )  # fmt: skip
    return (
        {"hands": [["R1", "R2", "R3", "W1"], ["Y4", "Y5", "G6", "W2"]], "deck": ["B1", "B2"],
         "discards": ["G7"], "turn": 0, "rest": "deck",
         "rows": [{"opening": ["pair R5 G5"], "main": ["seq B3 B4 B5"]}, {"finale": ["G1 G2 G3"]}]},
        {"turn": 1, "rest": "box", "deck": "B1 B2 B3 Y1"},
    )  # fmt: skip


STARMINE = GameHooks(
    scenarios=starmine_scenarios,
    invariant=starmine_invariant,
    view_check=starmine_view_check,
    events_check=starmine_events_check,
    # 28 fireworks: every turn draws at least one, the final phase and 追い打ち add a
    # few moves per meld left; 400 is far above any real game (about 45 moves).
    max_steps=400,
    determinize_from_view_only=True,
    # Solo: the turn's first card is turned up from the deck (and, put in one area, the next
    # goes to the other).
    revealing_events=frozenset({"flip", "flip_to"}),
)


# --- It's Mine! --------------------------------------------------------------------------
_SEVEN_CODES = {c.code.upper(): c.code for c in SEVEN.cards}
# Events whose data only their own seat may know: a secret bid or play, a card drawn face
# down, the bonus card looked at and what was done with it.
ITSMINE_SECRET_EVENTS = {"bid", "play_chosen", "tie_draw", "bonus_card", "bonus_decided"}
# What a seat's view may say about the other seat: sizes, public cards, dice, whether it
# has committed (never what).
ITSMINE_PUBLIC_SEAT_KEYS = {
    "hand_size", "known_cards", "columns", "die", "committed", "forbidden_faces", "removed_count"
}  # fmt: skip


_WORD = re.compile(r"[A-Za-z0-9]+")


def seven_codes_in(data: Any) -> set[str]:
    """Every SEVEN card code that appears as a word anywhere in JSON-ready data."""
    text = json.dumps(data, ensure_ascii=False).upper()
    return {_SEVEN_CODES[w] for w in _WORD.findall(text) if w in _SEVEN_CODES}


def itsmine_invariant(state: Any) -> None:
    """The 42 non-mine cards each exactly once (hands, columns, citizens, deck, bonus pile,
    the bonus card being decided, removed bonus cards); columns keep suit and direction;
    a column of 3+ has had its bonus; the dice show faces 1–6."""
    counts = Counter(state.all_cards())
    missing = [c.code for c in PLAYING_CARDS if counts[c] == 0]
    doubled = [c.code for c, n in counts.items() if n > 1]
    strangers = [c.code for c in counts if c not in PLAYING_CARDS]
    assert not (missing or doubled or strangers), (
        f"cards not accounted for: missing {missing}, twice {doubled}, unknown {strangers}"
    )
    assert sum(counts.values()) == len(PLAYING_CARDS) == 42
    for seat in (0, 1):
        assert state.known[seat] <= set(state.hands[seat]), f"seat {seat} 'known' not in hand"
        for m, col in enumerate(state.columns[seat]):
            assert all(c.suit == MINES[m].suit for c in col), f"seat {seat}: {col} off-suit"
            assert accepts([], col), f"seat {seat}: column {col} breaks its direction"
            if len(col) >= 3:
                assert state.bonus_claimed[m], f"{MINES[m].code}: 3 cards but no bonus claimed"
        assert state.last_face[seat] in FACES
        assert state.bids[seat] is None or state.bids[seat] in FACES
    for m, claimed in enumerate(state.bonus_claimed):
        if claimed:
            assert max(len(state.columns[s][m]) for s in (0, 1)) >= 3
    taken = state.options.bonus_cards - len(state.bonus) - (state.bonus_card is not None)
    assert sum(len(r) for r in state.bonus_removed) <= taken
    assert (state.outcome() is not None) == (str(state.phase) == "over")


def itsmine_hidden_from(state: Any, seat: int | None) -> set[str]:
    """Card codes ``seat`` may not see: the deck, the bonus pile, the other's unknown hand
    cards (until the game is over: scoring shows the hands), what the other removed face
    down, and a bonus card the other is looking at."""
    hidden = {c.code for c in [*state.deck, *state.bonus]}
    for s in (0, 1):
        if s == seat:
            continue
        if not state.is_over:
            hidden |= {c.code for c in state.hands[s] if c not in state.known[s]}
        hidden |= {c.code for c in state.bonus_removed[s]}
    if state.bonus_card is not None and state.bonus_seat != seat:
        hidden.add(state.bonus_card.code)
    return hidden


def itsmine_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    leaked = seven_codes_in(view) & itsmine_hidden_from(state, seat)
    assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
    for s, entry in enumerate(view["seats"]):
        assert entry["hand_size"] == len(state.hands[s])
        committed = state.bids[s] if str(state.phase) == "bid" else state.pending[s]
        assert entry["committed"] == (committed is not None)
        assert entry["forbidden_faces"] == sorted(state.forbidden[s])
        assert entry["removed_count"] == len(state.bonus_removed[s])
        if s == seat:
            assert sorted(entry["hand"]) == sorted(c.code for c in state.hands[s])
            assert entry["removed_bonus"] == [c.code for c in state.bonus_removed[s]]
            assert entry.get("bid") == state.bids[s]
        else:  # never the other's hand, removed cards, bid or play
            extra = set(entry) - ITSMINE_PUBLIC_SEAT_KEYS
            assert not extra, f"seat {seat}'s view shows seat {s}'s {sorted(extra)}"
    looking = state.bonus_card is not None and state.bonus_seat == seat
    assert ("bonus_card" in view) == looking
    if looking:
        assert view["bonus_card"] == state.bonus_card.code


def itsmine_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    for e in events:
        if e.kind in ITSMINE_SECRET_EVENTS:
            assert e.to == frozenset({e.seat}), f"{e.kind} is not private to its seat: {e}"
            assert observer == e.seat, f"{observer} sees seat {e.seat}'s {e.kind}"
        if e.kind == "reveal":
            assert [s["die"] for s in after["seats"]] == e.data["faces"], e
    told = seven_codes_in([e.to_json() for e in events])
    if told:
        beyond = told - seven_codes_in(after)
        beyond -= seven_codes_in(before) if beyond else set()
        assert not beyond, f"events tell {observer} about {sorted(beyond)}, which it cannot see"


def itsmine_scenarios(players: int) -> tuple[dict[str, Any], ...]:
    return (
        {"hands": [["H2", "O3"], ["C5"]], "deck": ["S6", "T9"], "citizens": ["B4", "C6"],
         "bonus": ["K8", "T7"], "columns": [{"C": ["C4", "C7"]}, {"S": ["S9"]}],
         "removed_bonus": [[], ["H3"]], "last_face": [3, 5], "round": 4, "final_round": False,
         "rest": "deck"},
        {"citizens": "B4 C6 S6", "bonus": [], "rest": "box", "bonus_claimed": []},
    )  # fmt: skip


ITSMINE = GameHooks(
    scenarios=itsmine_scenarios,
    invariant=itsmine_invariant,
    view_check=itsmine_view_check,
    events_check=itsmine_events_check,
    # About 12 rounds of 2 bids, up to 12 takes, 2 plays and a few bonuses, plus re-bids
    # after ties; random games take 30-100 moves (mean 55). 400 is far above any real game.
    max_steps=400,
    determinize_from_view_only=True,
    # Bids and plays are opened together; the citizens are refilled and the tie cards drawn
    # from the deck, the bonus card from its pile; the end shows the hands.
    revealing_events=frozenset(
        {"reveal", "plays_revealed", "refill", "tie_draw", "bonus", "game_over"}
    ),
    # The simple variant differs only in scoring; with one bonus card, a third of the
    # games end by the bonus pile running out (with the default five, none do).
    option_sets=({}, {"variant": "simple", "bonus_cards": 1}),
)


# --- Laminate Rummy ---------------------------------------------------------------------
# Events whose data only some seats may know: the cards drawn and kept, a citation's gift.
LAMINATE_SECRET_EVENTS = {"drawn": 1, "kept": 1, "gift": 2}
LAMINATE_PUBLIC_SEAT_KEYS = {"hand_size", "known_cards", "points", "complete_papers", "papers"}


def laminate_invariant(state: Any) -> None:
    """The 49 cards each exactly once (hands, deck, discards, the two drawn, papers, box);
    each player holds at most one paper of a type and the supply makes up the rest of the
    35 paper cards; a paper under review holds 2+ cards; what a seat knows of a hand is in
    it; a publication in progress uses only the publisher's hand and complete papers."""
    counts = Counter(state.all_cards())
    missing = [c.code for c in SEVEN.cards if counts[c] == 0]
    doubled = [c.code for c, n in counts.items() if n > 1]
    assert not (missing or doubled), f"cards not accounted for: missing {missing}, twice {doubled}"
    assert sum(counts.values()) == len(SEVEN) == 49
    held = Counter(p.kind for papers in state.papers for p in papers)
    for kind in PAPER_TYPES:
        assert held[kind] + state.supply[kind] == kind.copies, f"{kind.id} paper cards"
    for seat, papers in enumerate(state.papers):
        kinds = [p.kind for p in papers]
        assert len(set(kinds)) == len(kinds), f"seat {seat} holds two papers of one type"
        assert all(p.cards for p in papers), f"seat {seat} has a paper with no card"
    for viewer, rows in enumerate(state.known):
        for owner, known in enumerate(rows):
            assert known <= set(state.hands[owner]), f"{viewer} 'knows' {owner}'s lost cards"
            assert viewer != owner or not known
    phase = str(state.phase)
    assert (phase == "keep") == bool(state.drawn) and len(state.drawn) in (0, 2)
    draft = state.draft
    assert (draft is not None) == (phase in ("publish", "gift")), phase
    if draft is not None:
        hand = state.hands[state.turn]
        assert set(draft.laid) <= set(hand) and set(draft.thanks) <= set(hand)
        assert not set(draft.laid) & set(draft.thanks)
        assert set(draft.cited) <= set(state.citable())
    if state.trigger is not None:
        assert 0 <= state.turns_left < 2 * state.n
    assert (state.outcome() is not None) == (phase == "over")


def laminate_hidden_from(state: Any, seat: int | None) -> set[str]:
    """Card codes ``seat`` may not see: the deck, others' hand cards it does not know, and
    another researcher's two drawn cards."""
    me = state.n if seat is None else seat
    hidden = {c.code for c in state.deck}
    for s in range(state.n):
        if s != seat:
            hidden |= {c.code for c in state.hands[s] if c not in state.known[me][s]}
    if state.turn != seat:
        hidden |= {c.code for c in state.drawn}
    return hidden


def laminate_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    leaked = seven_codes_in(view) & laminate_hidden_from(state, seat)
    assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
    drafting = str(state.phase) in ("publish", "gift")
    if seat != state.turn:
        assert "draft" not in view and "drawn" not in view
        if drafting:
            assert view["phase"] == "turn", "another seat sees a publication in progress"
    for s, entry in enumerate(view["seats"]):
        assert entry["hand_size"] == len(state.hands[s])
        if s == seat:
            assert entry["hand"] == [c.code for c in SEVEN.sort(state.hands[s])]
        else:
            extra = set(entry) - LAMINATE_PUBLIC_SEAT_KEYS
            assert not extra, f"seat {seat}'s view shows seat {s}'s {sorted(extra)}"


def laminate_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    for e in events:
        if e.kind in LAMINATE_SECRET_EVENTS:
            assert e.to is not None and len(e.to) == LAMINATE_SECRET_EVENTS[e.kind], e
            assert e.seat in e.to
            if e.kind == "gift":
                assert e.to == {e.seat, e.data["receiver"]}
    unseen_step = (
        observer != before["turn"]
        and before["phase"] == after["phase"] == "turn"
        and before["turn_no"] == after["turn_no"]
    )
    if unseen_step:  # a step of a publication in progress: nothing for the others
        assert not events, f"{observer} hears of another's publication in progress: {events}"
    told = seven_codes_in([e.to_json() for e in events])
    if told:
        beyond = told - seven_codes_in(after) - seven_codes_in(before)
        assert not beyond, f"events tell {observer} about {sorted(beyond)}, which it cannot see"


def laminate_scenarios(players: int) -> tuple[dict[str, Any], ...]:
    others: list[list[Any]] = [[] for _ in range(players - 2)]
    papers = [
        [{"paper": "kind3", "cards": ["H7"]}],
        [{"paper": "sum49", "cards": ["B7"]}, {"paper": "flush4", "cards": ["C8", "C9", "C10"]}],
    ]
    return (
        {"players": players, "hands": [["O7", "C7"], ["S5"], *others], "deck": ["S6", "T9"],
         "discards": ["B4", "C6"], "papers": [*papers, *others], "turn": 1,
         "end_condition_met_by": 0, "turns_left": 2, "passes_in_row": 0, "rest": "deck"},
        {"turn": players - 1, "rest": "box", "deck": "S6 T9 H2"},
    )  # fmt: skip


LAMINATE = GameHooks(
    scenarios=laminate_scenarios,
    invariant=laminate_invariant,
    view_check=laminate_view_check,
    events_check=laminate_events_check,
    # Research takes a card out of the deck and discards for good (at most 49 times), there
    # are 34 papers to publish and a review takes back a card laid; random 3-5 player games
    # take 180-400 moves (mean 300). 1,500 is far above any real game.
    max_steps=1500,
    determinize_from_view_only=True,
    # Research keeps one of the two cards drawn and discards the other face up.
    revealing_events=frozenset({"discard"}),
    # A low end threshold ends games sooner and more often with an empty hand or a pass.
    option_sets=({}, {"end_points": 4}),
    weight=0.1,
    heavy_every=4,
)


# --- Rummy City -----------------------------------------------------------------------------
_FRENCH_CODES = {c.code.upper(): c.code for c in FRENCH52.cards}
RUMMYCITY_SECRET_EVENTS = {"drew", "looked"}  # a face-down card drawn; the School's range


def french_codes_in(data: Any) -> set[str]:
    return {_FRENCH_CODES[w.upper()] for w in strings_in(data) if w.upper() in _FRENCH_CODES}


def rummycity_invariant(state: Any) -> None:
    """All 52 cards accounted for once; every building once (supply or a town); what a seat
    knows of a hand is in that hand; what it looked at lies face down in the row."""
    counts = Counter(state.all_cards())
    assert set(counts) == set(FRENCH52.cards) and set(counts.values()) == {1}, (
        f"cards not accounted for: missing {[c.code for c in FRENCH52.cards if not counts[c]]}, "
        f"twice {[c.code for c, n in counts.items() if n > 1]}"
    )
    buildings = [*state.supply, *(b for owned in state.owned for b in owned)]
    assert sorted(buildings) == sorted(b.id for b in state.catalogue.buildings), buildings
    assert all(t >= 0 for t in state.tepu), state.tepu
    assert state.face_down <= set(state.row)
    for seat, seen in enumerate(state.seen):
        assert seen <= state.face_down, f"seat {seat} looked at cards no longer face down"
    for viewer in state.known:
        for owner, known in enumerate(viewer):
            assert known <= set(state.hands[owner]), f"known cards not in hand {owner}"
    for b in state.deposits:
        assert state.catalogue[b].effect in ("bank", "police")
    if state.solo and str(state.phase) != "return":
        assert len(state.owned[0]) <= 6


def rummycity_hidden_from(state: Any, seat: int | None) -> set[str]:
    viewer = state.players if seat is None else seat
    seen = state.seen[seat] if seat is not None else set()
    hidden = {c.code for c in state.face_down if c not in seen}
    for s in range(state.players):
        if s != seat:
            hidden |= {c.code for c in state.hands[s] if c not in state.known[viewer][s]}
    return hidden


def _this_round(view: dict[str, Any]) -> dict[str, Any]:
    """The view without the round before (its combinations, discards, the seat's own hand):
    history whose cards have been dealt again since (their codes may name cards now hidden)."""
    seats = [{k: v for k, v in e.items() if not k.startswith("last_round")} for e in view["seats"]]
    return {**{k: v for k, v in view.items() if not k.startswith("last_round")}, "seats": seats}


def rummycity_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    leaked = french_codes_in(_this_round(view)) & rummycity_hidden_from(state, seat)
    assert not leaked, f"seat {seat}'s view shows hidden cards {sorted(leaked)}"
    for s, entry in enumerate(view["seats"]):
        assert entry["hand_size"] == len(state.hands[s])
        if s == seat:
            assert entry["hand"] == [c.code for c in FRENCH52.sort(state.hands[s])]
        else:
            assert "hand" not in entry
    if "looking" in view and seat != state.turn:
        assert view["looking"]["cards"] is None


def rummycity_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    for e in events:
        if e.kind in RUMMYCITY_SECRET_EVENTS:
            assert e.to == frozenset({e.seat}), e
    told = french_codes_in([e.to_json() for e in events])
    beyond = told - french_codes_in(after) - french_codes_in(before)
    assert not beyond, f"events tell {observer} about {sorted(beyond)}, which it cannot see"


def rummycity_scenarios(players: int) -> tuple[dict[str, Any], ...]:
    if players == 1:
        return (
            {"hands": [["SA", "S2"]], "row": ["S3", "?D9", "C4"], "tepu": [7],
             "buildings": [["bank"]], "deposits": {"bank": "S7"}, "laid": [["set H7 D7 C7"]],
             "turn": 0, "round": 2, "rest": "row"},
            {"row": ["S3", "C4"], "rest": "box"},
        )  # fmt: skip
    return (
        {"hands": [["SA", "S2"], ["H5", "H6"]], "row": ["S3", "?D9", "C4"], "tepu": [7, 9],
         "buildings": [["park"], ["bank"]], "deposits": {"bank": "S7"},
         "laid": [["run H7 H8 H9"], []], "turn": 1, "round": 3, "rest": "row"},
        {"tepu": [0, 20], "turn": 0},
    )  # fmt: skip


RUMMYCITY = GameHooks(
    scenarios=rummycity_scenarios,
    invariant=rummycity_invariant,
    view_check=rummycity_view_check,
    events_check=rummycity_events_check,
    # A random two-player round takes 60-110 moves, a solo one 30-40. A random game to 50
    # tepu takes 5-12 rounds (the round limit, 30, bounds it): too long to check move by
    # move here, so the properties play short games: to 20 tepu within 3 rounds (a win, a
    # tie's extra round, or the limit), and single rounds.
    max_steps=2000,
    determinize_from_view_only=True,
    # Solo: the row's next cards are discarded face up after a draw or a pass.
    revealing_events=frozenset({"discard"}),
    option_sets=(
        {"target": 20, "round_limit": 3, "solo_rounds": 2},
        {"round_limit": 1, "solo_rounds": 1},
    ),
    weight=0.2,
    heavy_every=4,
)


# --- Carrotein ----------------------------------------------------------------------------
def carrotein_invariant(state: Any) -> None:
    from asobi.games.carrotein.sky import chip_refusal
    from asobi.games.carrotein.state import CHIPS_EACH, COLOURLESS, COLOURS, FIRST_STAR, Phase

    # Every chip accounted for: ten of each colour (at hand, on the mat, scored, or in the box
    # for a colour nobody plays), ten colourless, one first star, on the mat at its centre.
    expected = {colour: CHIPS_EACH for colour, _ in COLOURS} | {"colourless": COLOURLESS}
    assert state.chip_count() == expected | {FIRST_STAR: 1}, state.chip_count()
    assert state.chips[0].kind == FIRST_STAR and state.chips[0].centre == state.sky.middle
    assert all(0 <= state.in_hand(s) <= CHIPS_EACH for s in range(state.players))
    for i, chip in enumerate(state.chips):  # no chip touches another or leaves the mat
        others = [c.centre for c in state.chips[:i]]
        assert chip_refusal(state.sky, chip.x, chip.y, others) is None, chip
    # Every board once: on the mat or won by one player, two at a time.
    won = [b for boards in state.won for b in boards]
    assert sorted(won + state.boards) == sorted(b.id for b in state.sky.boards)
    assert all(len(boards) % 2 == 0 for boards in state.won)
    if state.phase is Phase.OVER:
        assert len(state.boards) <= 1 or max(state.scored) >= CHIPS_EACH
    else:
        assert len(state.boards) >= 3 and max(state.scored) < CHIPS_EACH
        # In scatter time at least two are still in; in constellation time one is left.
        left = state.players - len(state.passed)
        assert left >= 2 if state.phase is Phase.SCATTER else left == 1
        assert state.turn not in state.passed


def carrotein_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    # Nothing is hidden: every seat sees the spectator's table.
    assert {**view, "you": None} == state.view(None)
    assert view["chips"] == [{"x": c.x, "y": c.y, "kind": c.kind} for c in state.chips]


def carrotein_scenarios(players: int) -> tuple[dict[str, Any], ...]:
    return (
        {"chips": [[250, 230, "red"], [340, 215, "blue"], [300, 300, "colourless"]],
         "scored": [3, 0, 1, 0, 0, 0][:players],
         "won": [["sitting", "ears"], *([] for _ in range(players - 1))],
         "round": 4, "first": 1, "turn": players - 1, "passed": [0] if players > 2 else []},
        {"challenger": 0, "chosen": ["sleeping", "leaping"], "chips": [[100, 100, "colourless"]]},
    )  # fmt: skip


CARROTEIN = GameHooks(
    scenarios=carrotein_scenarios,
    invariant=carrotein_invariant,
    view_check=carrotein_view_check,
    # A random round scatters up to every chip there is (70 with 2 players) before the last
    # passes; a random game ends within about ten rounds.
    max_steps=4000,
    finite_actions=False,  # a lay's poses are continuous
    determinize_from_view_only=True,
    # Each challenge runs the solver (the challenger's offered lay): random games are long
    # and costly to play to the end from every position.
    weight=0.15,
    heavy_every=25,
)


# --- the test-only simultaneous game (tests/core/simultaneous_game.py) --------------------
def odds_evens_invariant(state: Any) -> None:
    target = state.options.rounds_to_win
    assert sum(state.wins) == len(state.history)
    assert all(a in FINGERS and b in FINGERS for a, b in state.history)
    recount = [0, 0]
    for a, b in state.history:
        recount[state.odd_seat if (a + b) % 2 else 1 - state.odd_seat] += 1
    assert recount == state.wins, f"wins {state.wins} do not follow from {state.history}"
    if state.is_over:
        assert max(state.wins) == target and min(state.wins) < target
        assert state.pending == [None, None]
    else:
        assert max(state.wins) < target
        assert state.pending != [None, None] or state.active_seats() == {0, 1}


def odds_evens_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    assert view["my_choice"] == (state.pending[seat] if seat is not None else None)
    assert view["committed"] == [p is not None for p in state.pending]


def odds_evens_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    for e in events:
        if "fingers" not in e.data:
            continue
        if e.kind == "chose":
            assert observer == e.seat, f"{observer} sees {e.seat}'s hidden choice"
        else:
            assert e.kind == "reveal" and after["history"][-1] == e.data["fingers"], e


ODDS_EVENS = GameHooks(
    scenarios=lambda players: ({"odd_seat": 1, "wins": [1, 0]}, {}),
    invariant=odds_evens_invariant,
    view_check=odds_evens_view_check,
    events_check=odds_evens_events_check,
    max_steps=2 * (2 * 5 - 1),  # both seats, at most 2k-1 rounds for k <= 5
    determinize_from_view_only=True,
    revealing_events=frozenset({"reveal"}),  # the fingers shown together
    option_sets=({}, {"rounds_to_win": 3}),
)


# --- the example game (examples/oddsevens, docs/adding-a-game.md) -----------------------------
def oddsevens_invariant(state: Any) -> None:
    """Each round's winner follows from its sum; nobody passes the target; a round whose
    both numbers are in is shown at once, so at most one secret choice waits."""
    target = state.options.rounds_to_win
    for played in state.rounds:
        assert all(f in range(6) for f in played.fingers), played
        assert played.winner == round_winner(played.fingers, state.odd_seat), played
    assert state.pending.count(None) >= 1, f"both choices wait unshown: {state.pending}"
    assert all(p is None or p in range(6) for p in state.pending)
    wins = state.wins
    if state.is_over:
        assert max(wins) == target > min(wins) and state.pending == (None, None)
    else:
        assert max(wins) < target
        assert state.active_seats() == {s for s in (0, 1) if state.pending[s] is None}


def oddsevens_view_check(state: Any, seat: int | None, view: dict[str, Any]) -> None:
    """The view is of its declared type (no key beyond it), shows the seat its own choice
    and of the other only whether it has chosen."""
    typed = read_view(view)
    assert typed["my_choice"] == (None if seat is None else state.pending[seat])
    assert typed["chosen"] == [p is not None for p in state.pending]


def oddsevens_events_check(
    observer: int | None, events: list[Event], before: dict[str, Any], after: dict[str, Any]
) -> None:
    for e in events:
        if e.kind == "showing":  # a secret number: its chooser's alone
            assert e.to == frozenset({e.seat}) and observer == e.seat, e
        elif e.kind == "shown":  # both numbers together, as the round now in the view
            assert after["rounds"][-1]["fingers"] == e.data["fingers"], e
        else:
            assert "fingers" not in e.data, e


ODDSEVENS = GameHooks(
    scenarios=lambda players: ({"odd_seat": 1, "rounds": [[3, 2]]}, {}),
    invariant=oddsevens_invariant,
    view_check=oddsevens_view_check,
    events_check=oddsevens_events_check,
    max_steps=2 * (2 * 5 - 1),  # both seats, at most 2k-1 rounds for k <= 5
    determinize_from_view_only=True,
    revealing_events=frozenset({"shown"}),  # both numbers shown together
    option_sets=({}, {"rounds_to_win": 3}),
)


HOOKS: dict[str, GameHooks] = {
    "starmine": STARMINE,
    "itsmine": ITSMINE,
    "laminate": LAMINATE,
    "rummycity": RUMMYCITY,
    "carrotein": CARROTEIN,
    ODDS_EVENS_SPEC.id: ODDS_EVENS,
    EXAMPLE_SPEC.id: ODDSEVENS,
}

# Games the registry does not have, played by the properties alongside the registry's: the
# test-only game, and the example game of docs/adding-a-game.md unless it is installed.
TEST_ONLY_SPECS: tuple[GameSpec, ...] = tuple(
    spec for spec in (ODDS_EVENS_SPEC, EXAMPLE_SPEC) if spec.id not in game_ids()
)
