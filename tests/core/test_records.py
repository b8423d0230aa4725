"""asobi.core.records: GameRecord JSON, Match, replay and replay_steps, RecordMismatch."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from asobi.core import (
    Event,
    GameRecord,
    GameSpec,
    IllegalAction,
    InvalidOptions,
    Match,
    RecordMismatch,
    UnknownGame,
    replay,
    replay_steps,
)
from tests.properties.harness import fingerprint

from .simultaneous_game import OddsEvensOptions, OddsEvensState, Show, registered


def play_random(match: Match, seed: int, limit: int = 1000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        state = match.state
        if state.is_over:
            return
        seat = rng.choice(sorted(state.active_seats()))
        match.play(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the game did not end")


@pytest.fixture
def starmine_match() -> Match:
    match = Match("starmine", {"players": 2}, seed=7)
    play_random(match, seed=7)
    return match


# --- GameRecord JSON -------------------------------------------------------------------------
def test_record_json_round_trip(starmine_match: Match) -> None:
    record = starmine_match.record
    data = json.loads(json.dumps(record.to_json()))
    assert data["format"] == 1 and data["game"] == "starmine" and data["seed"] == 7
    assert data["moves"][0] == list(record.moves[0])
    assert GameRecord.from_json(data) == record


def test_record_save_and_load(tmp_path: Path, starmine_match: Match) -> None:
    record = starmine_match.record
    record.setup = None
    path = tmp_path / "game.asobi.json"
    record.save(path)
    assert GameRecord.load(path) == record
    assert json.loads(path.read_text())["outcome"] == record.outcome
    scenario = GameRecord("starmine", {"players": 2}, 1, {"hands": [["R1"], ["Y1"]]}, [])
    scenario.save(path)
    assert GameRecord.load(path) == scenario


def test_saved_records_keep_japanese_readable(tmp_path: Path) -> None:
    record = GameRecord("starmine", {}, 0, outcome={"details": {"title": "天才肌の職人"}})
    path = tmp_path / "r.json"
    record.save(path)
    assert "天才肌の職人" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "data, message",
    [
        ({"format": 2, "game": "starmine", "seed": 0, "moves": []}, "unsupported record format 2"),
        ({"game": "starmine", "seed": 0}, "not a game record: moves: Field required"),
        ({"game": "starmine"}, "not a game record"),
        ({"seed": 1}, "not a game record"),
        ({"game": "starmine", "seed": "x"}, "not a game record"),
        ({"game": "starmine", "seed": 0, "moves": [[0]]}, "not a game record"),
        ({"game": "starmine", "seed": 0, "moves": [["zero", "pass"]]}, "not a game record"),
        ([1, 2, 3], "not a game record"),
        # Issue 30, 12: read strictly, nothing rounded or converted.
        ({"game": "starmine", "seed": 0, "moves": [[0.7, "pass"]]}, r"moves\.0\.0: .*not 0\.7"),
        ({"game": "starmine", "seed": 0, "moves": [[True, "pass"]]}, r"moves\.0\.0: .*not true"),
        ({"game": "starmine", "seed": 0, "moves": [[0, 5]]}, r"moves\.0\.1: .*valid string"),
        ({"game": "starmine", "seed": 1.5}, r"seed: .*not 1\.5"),
        ({"game": "starmine", "seed": 0, "setup": "xyz"}, r"setup: .*valid dictionary"),
        ({"game": "starmine", "seed": 0, "options": [2]}, r"options: .*valid dictionary"),
        ({"game": 7, "seed": 0}, r"game: .*valid string"),
    ],
)
def test_malformed_records_raise_record_mismatch(data: Any, message: str) -> None:
    with pytest.raises(RecordMismatch, match=message):
        GameRecord.from_json(data)


def test_a_record_nested_too_deeply_is_refused_whole() -> None:
    """Issue 30, 12: deep nesting is a clear error, in a file or in data already read."""
    deep: list[Any] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RecordMismatch, match="nested more than 64 deep"):
        GameRecord.from_json({"game": "starmine", "seed": 0, "outcome": {"details": deep}})


def test_loading_a_file_nested_too_deeply(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000)
    with pytest.raises(RecordMismatch, match="nested too deeply"):
        GameRecord.load(path)


def test_a_simulations_line_is_a_record_with_more_keys() -> None:
    line = {"game": "starmine", "seed": 3, "moves": [[0, "pass"]], "lineup": ["a", "b"]}
    assert GameRecord.from_json(line) == GameRecord("starmine", {}, 3, None, [(0, "pass")])


def test_loading_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordMismatch, match="not JSON"):
        GameRecord.load(path)


# --- Match ---------------------------------------------------------------------------------
def test_match_records_validated_options_and_every_move(odds_evens: GameSpec) -> None:
    match = Match(odds_evens.id, {}, seed=5)
    assert match.record.options == {"players": 2, "rounds_to_win": 2}  # defaults filled in
    match.play(0, "show 1")
    match.play(1, Show(2))
    assert match.record.moves == [(0, "show 1"), (1, "show 2")]
    assert match.record.outcome is None


def test_match_does_not_record_a_refused_move(odds_evens: GameSpec) -> None:
    match = Match(odds_evens.id, {}, seed=5)
    match.play(0, "show 1")
    with pytest.raises(IllegalAction):
        match.play(0, "show 2")
    assert match.record.moves == [(0, "show 1")]


def test_match_writes_the_outcome_when_the_game_ends(starmine_match: Match) -> None:
    result = starmine_match.state.outcome()
    assert result is not None
    assert starmine_match.record.outcome == result.to_json()


def test_match_errors() -> None:
    with pytest.raises(UnknownGame):
        Match("chess")
    with pytest.raises(InvalidOptions):
        Match("starmine", {"players": 5})


# --- replay --------------------------------------------------------------------------------
def test_replay_steps_rebuild_every_state(starmine_match: Match) -> None:
    record = starmine_match.record
    played = Match(record.game, record.options, record.seed)
    prints = [fingerprint(played.state)]
    events: list[list[Event]] = [[]]
    for seat, code in record.moves:
        events.append(played.play(seat, code))
        prints.append(fingerprint(played.state))
    steps = list(replay_steps(record))
    assert [s.number for s in steps] == list(range(len(record.moves) + 1))
    assert steps[0].seat is None and steps[0].code is None and steps[0].events == []
    assert [(s.seat, s.code) for s in steps[1:]] == record.moves
    assert [fingerprint(s.state) for s in steps] == prints
    assert [s.events for s in steps] == events


def test_replay_steps_are_independent_copies(starmine_match: Match) -> None:
    steps = replay_steps(starmine_match.record)
    first = next(steps)
    print_first = fingerprint(first.state)
    second = next(steps)
    assert second.state is not first.state
    assert fingerprint(first.state) == print_first  # not moved on by the replay
    seat = min(second.state.active_seats())
    second.state.apply(seat, second.state.legal_actions(seat)[0])  # a viewer plays around
    third = next(steps)
    assert third.number == 2 and third.code == starmine_match.record.moves[1][1]
    untouched = list(replay_steps(starmine_match.record))
    assert fingerprint(third.state) == fingerprint(untouched[2].state)


def test_replay_reproduces_the_final_state_and_outcome(starmine_match: Match) -> None:
    final = replay(starmine_match.record)
    assert fingerprint(final) == fingerprint(starmine_match.state)
    assert final.outcome() == starmine_match.state.outcome()


def test_unfinished_record_replays_to_its_last_position(odds_evens: GameSpec) -> None:
    match = Match(odds_evens.id, {}, seed=1)
    match.play(0, "show 3")
    state = replay(match.record)
    assert not state.is_over and state.active_seats() == frozenset({1})


# --- tampered records ------------------------------------------------------------------------
def test_tampered_outcome_raises_record_mismatch(starmine_match: Match) -> None:
    record = GameRecord.from_json(starmine_match.record.to_json())
    assert record.outcome is not None
    record.outcome["ranks"] = list(reversed(record.outcome["ranks"]))
    record.outcome["scores"] = [s + 1 for s in record.outcome["scores"]]
    with pytest.raises(
        RecordMismatch, match=r"its moves end the game with scores .*, but the record claims scores"
    ):
        replay(record)


def test_truncated_record_that_claims_an_outcome_raises(starmine_match: Match) -> None:
    record = GameRecord.from_json(starmine_match.record.to_json())
    record.moves = record.moves[:-1]
    with pytest.raises(
        RecordMismatch,
        match=r"moves leave the game unfinished, but the record claims it ended \(scores \d",
    ):
        replay(record)


def test_tampered_move_raises_record_mismatch_naming_the_move(starmine_match: Match) -> None:
    record = GameRecord.from_json(starmine_match.record.to_json())
    seat, _ = record.moves[4]
    record.moves[4] = (1 - seat, record.moves[4][1])  # the other seat was not to act
    with pytest.raises(RecordMismatch, match=r"move 5 \(seat \d: .*\) does not replay"):
        replay(record)
    with pytest.raises(RecordMismatch, match="move 5"):
        list(replay_steps(record))


def test_undecodable_move_raises_record_mismatch(starmine_match: Match) -> None:
    record = GameRecord.from_json(starmine_match.record.to_json())
    record.moves[0] = (record.moves[0][0], "castle kingside")
    with pytest.raises(RecordMismatch, match=r"move 1 .*castle kingside"):
        replay(record)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (GameRecord("starmine", {"players": "many"}, 0), "options: starmine: players: "),
        (GameRecord("starmine", {}, 0, {"hands": 5}), "setup: hands: Input should be a valid list"),
        (GameRecord("starmine", {}, 0, {"hands": [[1, 2, 3, 4], ["R1"]]}), "setup: hands.0: "),
    ],
)
def test_options_or_setup_the_game_refuses_are_a_record_mismatch(
    record: GameRecord, message: str
) -> None:
    """Issue 30, 12: the record's options and scenario are the game's to check."""
    with pytest.raises(RecordMismatch, match=message):
        replay(record)
    with pytest.raises(RecordMismatch, match=message):
        next(replay_steps(record))


def test_record_of_an_unknown_game_raises_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        replay(GameRecord("chess", {}, 0))


# --- setups ----------------------------------------------------------------------------------
@pytest.fixture
def setup_probe(odds_evens: GameSpec) -> Iterator[GameSpec]:
    """A game whose start tells an empty setup ({}) from no setup (None)."""

    def factory(
        options: OddsEvensOptions, seed: int, setup: Mapping[str, Any] | None
    ) -> OddsEvensState:
        state = OddsEvensState(options, random.Random(seed))
        state.odd_seat = 0 if setup is None else 1
        return state

    probe = dataclasses.replace(odds_evens, id="test-setup-probe", factory=factory)
    with registered(probe):
        yield probe


@pytest.mark.parametrize("setup", [None, {}])
def test_an_empty_setup_is_recorded_and_replayed_as_given(
    setup_probe: GameSpec, setup: dict[str, Any] | None
) -> None:
    match = Match(setup_probe.id, {}, seed=0, setup=setup)
    assert match.record.setup == setup
    match.play(0, "show 1")
    match.play(1, "show 1")
    record = GameRecord.from_json(json.loads(json.dumps(match.record.to_json())))
    assert record.setup == setup
    assert fingerprint(replay(record)) == fingerprint(match.state)


def test_a_scenario_record_replays(odds_evens: GameSpec) -> None:
    match = Match(odds_evens.id, {}, seed=0, setup={"odd_seat": 1, "wins": [1, 1]})
    match.play(1, "show 2")
    match.play(0, "show 2")  # even: seat 0 (the even seat) wins the decider
    assert match.state.outcome() is not None and match.state.outcome().winners == (0,)  # type: ignore[union-attr]
    record = GameRecord.from_json(match.record.to_json())
    assert record.setup == {"odd_seat": 1, "wins": [1, 1]}
    assert fingerprint(replay(record)) == fingerprint(match.state)


def test_records_are_utf_8_whatever_the_systems_encoding(tmp_path: Path) -> None:
    """A machine whose locale is plain ASCII (no UTF-8 mode) saves and reads a record with
    Japanese in it: the file is UTF-8, not the system's encoding."""
    path = tmp_path / "r.json"
    title = "天才肌の職人".encode("unicode_escape").decode()  # (the command line is ASCII too)
    code = (
        "import sys\n"
        "from asobi.core.records import GameRecord\n"
        f"record = GameRecord('starmine', {{}}, 0, outcome={{'details': {{'title': '{title}'}}}})\n"
        "record.save(sys.argv[1])\n"
        "assert GameRecord.load(sys.argv[1]) == record\n"
        "print(open(sys.argv[1]).encoding)\n"
    )
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0"}
    done = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().lower() not in ("utf-8", "utf8")  # (the locale's own)
    assert "天才肌の職人" in path.read_text(encoding="utf-8")
