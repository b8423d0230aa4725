"""Rummy City's phrasebook (``words.py``): every event, move, state and end of a game in
English and Japanese, in the rulebook's terms, naming only what its reader may see.

Seeded random games, two towns and solo, are played to the end; every event each seat (and a
spectator) is shown gets words in both languages, and the cards those words name are cards
that reader may see (a face-down card drawn is named to its drawer alone: 準備 "12枚を裏向き"
and "裏向きのカードを見ることは出来ませんが、引くことは可能です").
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from asobi.core.words import MARK, Words, fill
from asobi.games.rummycity import rules
from asobi.games.rummycity.buildings import EFFECTS, catalogue_data, catalogue_of, default_data
from asobi.games.rummycity.state import RummyCityOptions, RummyCityState
from asobi.games.rummycity.words import (
    EFFECT_WORDS,
    RummyCityWords,
    assets,
    describe,
    effect_words,
    phrasebook,
)

from .rummycity_helpers import SPEC, build, game, play, table

CARD = re.compile(r"\b[SHDC](?:10|[2-9AJQK])\b")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
NAMES = ["Ami", "Ben"]


def book_for(state: RummyCityState) -> RummyCityWords:
    return phrasebook(state.options)


def said(words: Words, lang: str) -> str:
    """The words as a reader sees them: seat marks by name, card marks as their codes."""
    return fill(words.get(lang), NAMES)


def assert_reads_well(words: Words, what: object) -> None:
    for lang in ("en", "ja"):
        text = said(words, lang)
        assert text.strip(), (what, lang)
        assert "{" not in text and "}" not in text, (what, text)
        assert "_" not in text, (what, text)  # no internal names (post_office, round_end)
    assert JAPANESE.search(words.ja), (what, words.ja)
    assert words.ja != words.en, (what, words.ja)


def cards_named(words: Words) -> set[str]:
    found = {v for kind, v in MARK.findall(words.en) if kind == "c"}
    assert found == {v for kind, v in MARK.findall(words.ja) if kind == "c"}, words
    return found


def visible(state: RummyCityState, seat: int | None) -> set[str]:
    """The cards ``seat`` (None: a spectator) may see in ``state``."""
    me = state.players if seat is None else seat
    seen = {c for c in state.row if c not in state.face_down}
    if seat is not None:
        seen |= state.seen[seat] | set(state.hands[seat])
        if seat == state.turn:
            seen |= set(state.looked)
    for owner in range(state.players):
        if owner != seat:
            seen |= state.known[me][owner]
    seen |= {c for combos in state.laid for combo in combos for c in combo.cards}
    seen |= {p.card for p in state.chosen} | set(state.deposits.values()) | set(state.discards)
    return {c.code for c in seen}


def random_game(players: int, seed: int, **options: Any) -> list[Any]:
    """A seeded game of random legal moves to its end: per move (seat, events, the state
    before, the state after, the legal codes it chose from)."""
    state = game(seed=seed, players=players, **options)
    rng = random.Random(seed)
    steps = []
    while state.outcome() is None:
        (seat,) = state.active_seats()
        codes = [a.encode() for a in state.legal_actions(seat)]
        before = state.clone()
        events = play(state, seat, rng.choice(codes))
        steps.append((seat, events, before, state.clone(), codes))
    return steps


GAMES = [
    (2, 1, {"round_limit": 4}),
    (2, 2, {"round_limit": 4}),
    (2, 5, {"target": 20}),
    (1, 1, {}),
    (1, 3, {}),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_event_move_and_state_has_words_in_both_languages(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    steps = random_game(players, seed, **options)
    book = book_for(steps[0][2])
    kinds: set[str] = set()
    for _, events, before, after, codes in steps:
        for code in codes:
            assert_reads_well(book.action(code), code)
        for state in (before, after):
            for seat in (*range(players), None):
                assert_reads_well(book.status(state.view(seat)), state.view(seat)["phase"])
        for event in events:
            kinds.add(event.kind)
            words = book.event(event.to_json())
            if event.kind == "game_over" or event.kind in book.said_elsewhere:
                assert words is None  # the end screen says it; a combination's line, its cards
                continue
            assert words is not None, event.kind
            assert_reads_well(words, event.kind)
    assert {"round", "draw", "start", "lay", "combination", "build", "settled"} <= kinds
    outcome = steps[-1][3].outcome()
    table_ = book.outcome(outcome.to_json())
    assert_reads_well(table_.headline, "headline")
    assert all(len(row) == len(table_.columns) == players + 1 for row in table_.rows)
    for row in table_.rows:
        assert_reads_well(row[0], "row heading")
        for cell in row[1:]:
            assert "{" not in said(cell, "en") and "_" not in said(cell, "ja")


def test_every_kind_of_event_the_rules_emit_is_said() -> None:
    """All the kinds the engine can emit (read from rules.py) are met in these games and
    each has words; the rare ones (the extra round) are said from their JSON."""
    source = Path(rules.__file__).read_text("utf-8")
    emitted = set(re.findall(r"(?:public|private)\(\s*\"(\w+)\"", source))
    met: set[str] = {"overtime"}
    for players, seed, options in GAMES:
        for _, events, _, _, _ in random_game(players, seed, **options):
            met |= {e.kind for e in events}
    assert emitted <= met, emitted - met
    book = phrasebook(RummyCityOptions())
    overtime = book.event({"kind": "overtime", "seat": None, "tepu": [51, 51]})
    assert overtime is not None and "延長戦" in overtime.ja and "51" in overtime.en


@pytest.mark.parametrize(("players", "seed", "options"), GAMES[:2] + GAMES[3:4])
def test_words_name_no_card_their_reader_may_not_see(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """Each reader's words name only cards it may see, before or after the move, or that
    the move itself showed everyone (a card laid off as the round ends)."""
    steps = random_game(players, seed, **options)
    book = book_for(steps[0][2])
    drawn_face_down = 0
    for _, events, before, after, _ in steps:
        shown = {c for e in events if e.to is None for c in CARD.findall(str(e.data))}
        for viewer in (*range(players), None):
            for event in events:
                if not event.visible_to(viewer):
                    continue
                words = book.event(event.to_json())
                if words is None:
                    continue
                named = cards_named(words)
                # the words name only what the event itself shows its reader
                assert named <= set(CARD.findall(str(event.data)))
                if event.to is not None:  # a secret told to its owner alone
                    assert viewer == event.seat, (viewer, event.kind)
                    drawn_face_down += event.kind == "drew"
                    continue
                allowed = visible(before, viewer) | visible(after, viewer) | shown
                assert named <= allowed, (viewer, event.kind, named - allowed)
    assert drawn_face_down, "no face-down card was drawn: the check proved nothing"


def test_a_face_down_card_drawn_is_named_to_its_drawer_only() -> None:
    """準備: face-down cards are drawn unseen; the School's looker alone sees its range."""
    state = table(
        [["H2", "S9"], ["C9", "C10"]],
        ["S3", "?D9", "C4", "?H7", "SK", "?DA"],
        buildings=[["school"], []],
    )
    book = book_for(state)
    events = play(state, 0, "look")
    for event in events:
        words = book.event(event.to_json())
        assert words is not None
        if event.to is None:  # everyone is told this much
            assert not cards_named(words) & {"D9", "H7"}
        else:
            assert event.visible_to(0) and not event.visible_to(1)
            assert {"D9", "H7"} <= cards_named(words)
    events = play(state, 0, "take 2", "take 3", "done")
    public = [book.event(e.to_json()) for e in events if e.to is None]
    private = [book.event(e.to_json()) for e in events if e.to is not None]
    assert all(w is not None and "D9" not in cards_named(w) for w in public)
    assert [said(w, "en") for w in public if w is not None][-1] == (
        "Ami drew 2 cards from the row: C4 and 1 face down"
    )
    assert [said(w, "en") for w in private if w is not None] == [
        "Ami drew D9 face down (only you see it)"
    ]


def test_the_rulebooks_terms_in_japanese() -> None:
    hands = [["S4", "S5", "S6", "H2", "H3", "H4"], ["C2"]]
    state = table(hands, ["D2", "D3"], buildings=[[], ["park"]])
    book = book_for(state)
    assert book.action("draw 2").ja == "山札から2枚引く"
    assert book.action("build park").ja == "公園(♠3Run)を建てる"
    assert book.action("layoff H5 1").ja == "{c:H5}を組み合わせ1に付け札する"
    assert book.action("pass").ja.startswith("パス")
    events = build(state, 0, "park", "S4 S5 S6")
    lines = [book.event(e.to_json()) for e in events]
    assert "{s:0}が{s:1}から公園を奪った!" in [w.ja for w in lines if w is not None]
    assert "{s:0}がランを公開した:{c:S4} {c:S5} {c:S6}" in [w.ja for w in lines if w]
    assert book.status(state.view(0)).ja.startswith("{s:0}がさらに建てるか")
    final = book.event({"kind": "final_turn", "seat": 1})
    assert final is not None and "最後の手番" in final.ja
    assert "決算" in book.event({"kind": "settlement", "seat": None}).ja  # type: ignore[union-attr]


def test_taking_a_building_from_the_other_town_is_said_as_such() -> None:
    """プレーの手順 2: "相手から自分の前に動かすことができます(相手の建物を奪うことが出来ます!)"."""
    state = table([["S4", "S5", "S6"], ["C2"]], ["D2"], buildings=[[], ["park"]])
    book = book_for(state)
    words = [book.event(e.to_json()) for e in build(state, 0, "park", "S4 S5 S6")]
    took = [w for w in words if w is not None and "took" in w.en]
    assert [said(w, "en") for w in took] == ["Ami took the Park from Ben!"]


MY_CATALOGUE = {
    "building": [
        {"id": "hut", "en": "Hut", "ja": "小屋", "mark": "♠", "recipe": "3Run"},
        {"id": "well", "en": "Well", "ja": "井戸", "mark": "club", "recipe": "Set3", "income": 1},
        {
            "id": "vault",
            "en": "Vault",
            "ja": "金庫",
            "mark": "club",
            "recipe": "Set4",
            "effect": "bank",
        },
    ]
}


def test_a_players_own_catalogue_names_the_buildings() -> None:
    state = game(seed=1, catalogue=MY_CATALOGUE)
    book = book_for(state)
    assert said(book.action("build hut"), "en") == "Build the Hut (3Run)"
    assert said(book.action("build well"), "ja") == "井戸(Set3)を建てる"
    assert (
        said(book.action("place vault S7"), "en")
        == "Put S7 on the Vault for good (7s are any suit)"
    )
    built = book.event({"kind": "build", "seat": 1, "building": "well", "taken_from": None})
    assert built is not None and said(built, "ja") == "Benが井戸を建てた"
    end = book.outcome(
        {
            "scores": [3.0, 9.0],
            "ranks": [2, 1],
            "details": {"tepu": [3, 9], "rounds": 2, "buildings": [["hut"], ["well", "vault"]]},
        }
    )
    buildings = next(row for row in end.rows if row[0].en == "Buildings")
    assert [c.ja for c in buildings[1:]] == ["小屋", "井戸、金庫"]


def test_each_buildings_effect_is_described_from_its_mark_effect_and_income() -> None:
    """The building notes: ♠ "パス…", ♥ "上限を増やす", 学校, 銀行/警察署, 郵便局; and the
    catalogue's income, paid at each 決算."""
    own = {"id": "x", "en": "X", "ja": "X", "mark": "♠", "recipe": "3Run", "income": 2}
    (x,) = catalogue_of(catalogue_data({"building": [own]})).buildings
    assert describe(x) == Words(
        "you may pass; +2 tepu at each settlement", "パスができる、決算ごとに+2テプ"
    )
    assert effect_words("school", "heart", 0).en.startswith("draw limit +1; when drawing, look")
    assert effect_words("police", "club", 0).ja == (
        "カードを1枚置く:同じ数字のカードはジョーカーになる"
    )
    assert effect_words("", "club", 0) == Words("no effect", "効果なし")
    for b in catalogue_of(default_data()).buildings:
        assert_reads_well(describe(b), b.id)
        assert (f"+{b.income} tepu" in describe(b).en) == bool(b.income), b.id


def test_every_effect_has_words_and_the_browser_gets_them() -> None:
    """A new effect in buildings.EFFECTS needs its one entry in EFFECT_WORDS."""
    assert set(EFFECTS) <= set(EFFECT_WORDS)
    sent = assets(SPEC.options({}))["building_words"]
    assert set(sent["effects"]) == set(EFFECT_WORDS)
    assert set(sent["marks"]) == {"♠", "♥"}
    assert "{n}" in sent["income"]["en"] and "{n}" in sent["income"]["ja"]
    for words in sent["effects"].values():
        assert_reads_well(Words(**words), words)


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_each_row_of_the_settlements_adds_up_to_the_tepu_it_ends_with(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    """決算 ("この後で「決算」を行います"): a row reads what the town gained during the round
    (its buildings' effects, the Station's fares), then what the settlement paid and gave, so
    that each row's tepu follows from the one before, from the tepu each town starts with."""
    state = game(seed=seed, players=players, **options)
    start = state.options.start_tepu
    rng = random.Random(seed)
    while state.outcome() is None:
        (seat,) = state.active_seats()
        play(state, seat, rng.choice([a.encode() for a in state.legal_actions(seat)]))
    outcome = state.outcome()
    assert outcome is not None
    table = book_for(state).outcome(outcome.to_json())
    rounds = [row for row in table.rows if row[0].en.startswith("Round ")]
    assert rounds
    before = [start] * players
    number = re.compile(r"[+−]\d+|±0|→ \d+")
    for row in rounds:
        for town, cell in enumerate(row[1:]):
            parts = number.findall(cell.en)
            signed = [int(p.replace("−", "-").replace("±", "")) for p in parts[:-1]]
            after = int(parts[-1][2:])
            assert before[town] + sum(signed) == after, (row[0].en, cell.en, before[town])
            before[town] = after
    assert before == [int(s) for s in outcome.scores]


def test_the_status_says_a_combination_is_complete_when_done_would_finish_it() -> None:
    """A combination laid card by card (組み合わせ): while it lacks cards the status asks for
    the next; once the cards laid make it, it says so and names Done (the helper who laid a
    Museum's four cards read "to lay the next card" with Done the only move left)."""
    seen = {True: 0, False: 0}
    for seed in range(12):
        for _, _, _, after, _ in random_game(2, seed, round_limit=3):
            if after.phase.value != "lay":
                continue
            view = after.view(after.turn)
            complete = view["making"]["complete"]
            assert complete == ("done" in [a.encode() for a in after.legal_actions(after.turn)])
            status = book_for(after).status(view)
            assert ("is complete" in status.en and "完成" in status.ja) == complete, status
            assert ("next card" in status.en) != complete, status
            seen[complete] += 1
    assert seen[True] and seen[False]


def test_the_views_settlements_say_what_each_town_gained_in_the_round() -> None:
    """決算: the view's record of settlements, read by the page and the terminal alike, gives
    each town's tepu gained during the round (``gained``), so that every row follows on from
    the one before, from the tepu each town began the game with."""
    from asobi.games.rummycity.render import _settlements

    moved = 0
    for seed in range(4):
        steps = random_game(2, seed, round_limit=4)
        state = steps[-1][3]
        view = state.view(0)
        before = list(state.opening_tepu)
        for record in view["settlements"]:
            for s, town in enumerate(record["towns"]):
                came = before[s] + town["gained"] - town["paid"] + town["combinations"]
                assert came + town["income"] == town["tepu"], (seed, record)
                before[s] = town["tepu"]
                moved += town["gained"] != 0
        shown = " ".join(str(part) for part in _settlements(view))
        assert ("gained in the round" in shown) == any(
            t["gained"] for r in view["settlements"] for t in r["towns"]
        )
    assert moved  # some towns did gain or pay in a round


def test_the_end_tables_rows_count_from_a_scenarios_own_tepu() -> None:
    """決算, in a game begun from a scenario that sets the towns' tepu (here 20 and 3, not the
    options' 7): the first round's gain counts from those (the outcome carries them, only
    when they differ: every other game's outcome stays as recorded)."""
    state = game({"tepu": [20, 3]}, seed=5, round_limit=2)
    rng = random.Random(5)
    while state.outcome() is None:
        (seat,) = state.active_seats()
        play(state, seat, rng.choice([a.encode() for a in state.legal_actions(seat)]))
    outcome = state.outcome()
    assert outcome is not None and outcome.details["opening_tepu"] == [20, 3]
    table = book_for(state).outcome(outcome.to_json())
    first = next(row for row in table.rows if row[0].en.startswith("Round "))
    number = re.compile(r"[+−]\d+|±0|→ \d+")
    for town, (start, cell) in enumerate(zip([20, 3], first[1:], strict=True)):
        parts = number.findall(cell.en)
        record = outcome.details["settlements"][0]["towns"][town]
        signed = [int(p.replace("−", "-").replace("±", "")) for p in parts[:-1]]
        assert start + sum(signed) == int(parts[-1][2:]) == record["tepu"], cell.en
    plain = game(seed=5, round_limit=2)
    while plain.outcome() is None:
        (seat,) = plain.active_seats()
        play(plain, seat, rng.choice([a.encode() for a in plain.legal_actions(seat)]))
    assert "opening_tepu" not in plain.outcome().details  # type: ignore[union-attr]


def test_a_combination_is_told_once_its_cards_in_the_run_s_order() -> None:
    """組み合わせ: a combination laid a card at a time is told in one line once it is down,
    its cards as the run reads (Q-K-A; A-2-3), not a line for each card and then the whole."""
    book = phrasebook(RummyCityOptions())
    assert book.event({"kind": "lay", "seat": 0, "card": "H4"}) is None
    mix = book.event(
        {"kind": "combination", "seat": 1, "combination": "mix", "cards": ["SA", "HK", "DQ"]}
    )
    assert mix is not None and mix.en.endswith("MIX Run: {c:DQ} {c:HK} {c:SA}"), mix
    run = book.event(
        {"kind": "combination", "seat": 0, "combination": "run", "cards": ["H3", "HA", "H2"]}
    )
    assert run is not None and run.ja.endswith(":{c:HA} {c:H2} {c:H3}"), run
    kept = book.event(
        {"kind": "combination", "seat": 0, "combination": "set", "cards": ["S7", "H7", "D7"]}
    )
    assert kept is not None and kept.en.endswith("Set: {c:S7} {c:H7} {c:D7}"), kept
