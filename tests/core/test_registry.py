"""asobi.core.registry: games found through entry points, clear errors for unknown ids."""

from __future__ import annotations

import dataclasses
import threading
import time
from importlib.metadata import entry_points

import pytest

from asobi.core import (
    GameSpec,
    InvalidOptions,
    UnknownGame,
    all_specs,
    get_spec,
    new_game,
    registry,
)
from tests.properties.harness import fingerprint

from .simultaneous_game import GAME_ID, registered


def test_starmine_is_registered_through_its_entry_point() -> None:
    names = {ep.name for ep in entry_points(group="asobi.games")}
    assert "starmine" in names
    spec = get_spec("starmine")
    assert isinstance(spec, GameSpec)
    assert spec.id == "starmine" and spec.seat_counts == (2, 1)
    assert spec in all_specs()


def test_all_specs_are_sorted_by_id_and_unique() -> None:
    ids = [spec.id for spec in all_specs()]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


def test_unknown_game_lists_the_known_ones() -> None:
    known = ", ".join(spec.id for spec in all_specs())
    with pytest.raises(UnknownGame) as info:
        get_spec("chess")
    assert str(info.value) == f"no game 'chess' (known: {known})"
    assert "starmine" in str(info.value)
    with pytest.raises(UnknownGame, match="no game 'chess'"):
        new_game("chess")


def test_a_registered_game_is_known_and_listed(odds_evens: GameSpec) -> None:
    assert get_spec(GAME_ID) is odds_evens
    assert odds_evens in all_specs()
    with pytest.raises(UnknownGame, match=f"{GAME_ID}"):
        get_spec("go")


def test_registered_test_games_leave_the_registry_afterwards() -> None:
    with registered() as spec:
        assert get_spec(spec.id) is spec
    with pytest.raises(UnknownGame):
        get_spec(GAME_ID)
    assert all(s.id != GAME_ID for s in all_specs())


def test_registering_the_same_spec_twice_is_harmless(odds_evens: GameSpec) -> None:
    assert registry.register(odds_evens) is odds_evens
    assert get_spec(GAME_ID) is odds_evens


def test_two_games_cannot_share_an_id(odds_evens: GameSpec) -> None:
    impostor = dataclasses.replace(odds_evens, name_en="Impostor")
    with pytest.raises(ValueError, match=f"game id '{GAME_ID}' is registered twice"):
        registry.register(impostor)
    assert get_spec(GAME_ID) is odds_evens


def test_new_game_is_determined_by_game_options_and_seed() -> None:
    a = new_game("starmine", {"players": 2}, seed=42)
    b = new_game("starmine", {"players": 2}, seed=42)
    assert fingerprint(a) == fingerprint(b)
    others = {repr(fingerprint(new_game("starmine", {}, seed=s))) for s in range(5)}
    assert len(others) == 5, "different seeds should deal differently"


def test_new_game_validates_options() -> None:
    with pytest.raises(InvalidOptions, match="starmine: 3 players is not allowed"):
        new_game("starmine", {"players": 3})


@pytest.mark.parametrize("spec", all_specs(), ids=lambda s: s.id)
def test_each_games_state_knows_its_spec(spec: GameSpec) -> None:
    for players in spec.seat_counts:
        state = spec.new_game({"players": players}, seed=0)
        assert state.spec is spec  # bots and records read the game id from here
        assert state.players == players


def test_a_thread_asking_while_another_loads_the_games_waits_for_all_of_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The server loads the games in a thread as it starts; a question from another thread
    meanwhile found none of them ("no game 'carrotein' (known: none)")."""
    spec = get_spec("starmine")
    started = threading.Event()

    class Slow:  # an entry point whose game takes a while to import
        name = "starmine"

        def load(self) -> GameSpec:
            started.set()
            time.sleep(0.3)
            return spec

    monkeypatch.setattr(registry, "_SPECS", {})
    monkeypatch.setattr(registry, "_loaded", False)
    monkeypatch.setattr(registry, "entry_points", lambda group: [Slow()])
    loader = threading.Thread(target=all_specs)
    loader.start()
    assert started.wait(5)
    assert get_spec("starmine") is spec  # waited for the loader
    loader.join()
