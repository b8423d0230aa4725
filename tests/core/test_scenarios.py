"""What every game's scenario reader shares (``asobi.core.scenarios``): the model's checks
of form, with the path of each problem, and the card bookkeeping after it."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from asobi.core import GameSpec, all_specs, get_spec
from asobi.core.cards import SEVEN, Card
from asobi.core.errors import InvalidSetup, quoted
from asobi.core.scenarios import (
    Scenario,
    card_code,
    card_codes,
    check_unique,
    per_seat,
    read_scenario,
    scenario_model,
    unlisted,
)


class Table(Scenario):
    """A small scenario form, as a game would write one."""

    hands: list[Annotated[list[Card], card_codes(SEVEN)]] | None = None
    deck: Annotated[list[Card], card_codes(SEVEN)] = Field(default_factory=list)
    top: Annotated[Card, card_code(SEVEN)] | None = None
    piles: list[dict[Literal["left", "right"], int]] = Field(default_factory=list)
    turn: int = 0
    rest: Literal["deck", "box"] = "deck"


def test_a_scenario_is_read_into_its_model() -> None:
    table = read_scenario(Table, {"hands": [["H7", "C10"], "KK O7"], "top": "HA", "turn": 1})
    assert table.hands == [SEVEN.parse("H7 C10"), SEVEN.parse("KK O7")]
    assert table.top == SEVEN.card("HA") and table.turn == 1
    assert table.deck == [] and table.rest == "deck"


def test_unknown_keys_are_named_with_the_known_ones() -> None:
    with pytest.raises(
        InvalidSetup, match=r"unknown scenario keys: decks, hand \(the keys are hands"
    ):
        read_scenario(Table, {"hand": [], "decks": []})


def test_a_scenario_is_a_json_object() -> None:
    keys = "hands, deck, top, piles, turn, rest"
    with pytest.raises(InvalidSetup, match=rf"^a scenario is a JSON object with the keys {keys}$"):
        read_scenario(Table, [1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"deck": 7}, "deck: expected a list of card codes"),
        ({"deck": ["H7", 7]}, "deck: expected a list of card codes"),
        ({"deck": ["Z9"]}, "deck: 'Z9' is not a card of the SEVEN deck"),
        ({"hands": [["H7"], [1, 2]]}, "hands.1: expected a list of card codes"),
        ({"hands": {"0": []}}, "hands: Input should be a valid list, not an object"),
        ({"top": ["HA"]}, "top: expected a card code"),
        ({"turn": True}, "turn: Input should be a valid integer, not true"),
        ({"turn": 1.0}, "turn: Input should be a valid integer, not 1.0"),
        ({"turn": "1"}, "turn: Input should be a valid integer, not '1'"),
        ({"turn": None}, "turn: Input should be a valid integer, not null"),
        ({"rest": "floor"}, "rest: Input should be 'deck' or 'box'"),
        ({"piles": [{"middle": 1}]}, "piles.0: 'middle' should be 'left' or 'right'"),
        ({"piles": [{"left": []}]}, "piles.0.left: Input should be a valid integer, not a list"),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_naming_where_it_lies(
    setup: dict[str, Any], message: str
) -> None:
    """Issue 30: strict types (no bool for a number, no 1.0 for a whole number, no "1"),
    and each problem named by its path."""
    with pytest.raises(InvalidSetup) as refused:
        read_scenario(Table, setup)
    assert str(refused.value) == message


def test_several_problems_are_one_line_the_first_three_of_them() -> None:
    setup = {"hands": [1, 2, 3, 4], "turn": "x"}
    with pytest.raises(InvalidSetup) as refused:
        read_scenario(Table, setup)
    text = str(refused.value)
    assert "\n" not in text
    assert text.startswith("hands.0: expected a list of card codes; hands.1:")
    assert text.endswith("(and 2 more)")


def test_quoted_values_stay_short() -> None:
    """A message never prints a container (it could be nested 100,000 deep) or a value long
    enough to drown the line."""
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    assert quoted(deep) == "a list" and quoted({"a": deep}) == "an object"
    assert quoted("x" * 1000) == repr("x" * 37 + "...")
    assert quoted(10**5000) == "a huge whole number"
    assert quoted(None) == "null" and quoted(False) == "false" and quoted(2.5) == "2.5"


def test_cards_listed_twice_are_named() -> None:
    check_unique(SEVEN.parse("H7 C10 KK"))
    with pytest.raises(InvalidSetup, match="cards listed twice: C10, H7"):
        check_unique([*SEVEN.parse("H7 C10"), *SEVEN.parse("C10 H7 KK")])


def test_the_rest_is_every_card_not_listed_in_deck_order() -> None:
    rest = unlisted(SEVEN.cards, SEVEN.parse("KK HA"))
    assert len(rest) == 47 and rest == [c for c in SEVEN.cards if c.code not in ("HA", "KK")]
    assert unlisted(SEVEN.parse("HA H2 H3"), SEVEN.parse("HA")) == SEVEN.parse("H2 H3")


def test_per_seat_lists_hold_one_entry_per_seat() -> None:
    assert per_seat([[], [], []], "hands", 3) == [[], [], []]
    with pytest.raises(InvalidSetup, match=r"hands: one entry per seat \(3\)"):
        per_seat([[], []], "hands", 3)
    with pytest.raises(InvalidSetup, match=r"hands: one hand per seat \(2\)"):
        per_seat([[]], "hands", 2, "one hand per seat")


def documented_examples() -> list[tuple[str, str, dict[str, Any]]]:
    """Each game's scenario model, as its spec declares it, and the example its docstring
    gives (after ``::``)."""
    found = []
    for spec in all_specs():
        model = scenario_model(spec)
        doc = (model.__doc__ if model is not None else None) or ""
        if model is not None and "::" in doc:
            text = doc.split("::", 1)[1]
            example = re.search(r"\n(\s*\{.*?\n\s*\})", text, re.DOTALL)
            assert example, f"{model.__name__}: no JSON example after '::'"
            found.append((spec.id, model.__name__, json.loads(example.group(1))))
    return found


@pytest.mark.parametrize(("game", "model", "example"), documented_examples())
def test_every_documented_scenario_is_one_the_game_starts_from(
    game: str, model: str, example: dict[str, Any]
) -> None:
    """The README points at each game's scenario model for the format: its example must be
    a scenario the game accepts (for one of its seat counts)."""
    spec = get_spec(game)
    refusals = []
    for players in spec.seat_counts:
        try:
            spec.new_game({"players": players}, 0, example)
            return
        except InvalidSetup as exc:
            refusals.append(f"{players} players: {exc}")
    raise AssertionError(f"{model}'s example is refused: {refusals}")


def test_every_game_documents_its_scenario() -> None:
    assert {game for game, _, _ in documented_examples()} == {s.id for s in all_specs()}


@pytest.mark.parametrize("spec", all_specs(), ids=lambda spec: spec.id)
def test_a_games_declared_scenario_model_is_the_one_its_setup_is_read_with(spec: GameSpec) -> None:
    """``GameSpec.scenario`` names the model the game reads a setup with: an unknown key is
    refused naming that model's keys."""
    model = scenario_model(spec)
    assert model is not None
    with pytest.raises(InvalidSetup, match="unknown scenario keys: nowhere") as refused:
        spec.new_game({}, 0, {"nowhere": 1})
    assert f"(the keys are {', '.join(model.model_fields)})" in str(refused.value)


def test_a_game_without_a_scenario_model_takes_no_setup(odds_evens: GameSpec) -> None:
    spec = dataclasses.replace(odds_evens, scenario=None)
    with pytest.raises(InvalidSetup, match=r"^test-odds-evens takes no scenario: it starts"):
        spec.new_game({}, 0, {})
    assert scenario_model(spec) is None
