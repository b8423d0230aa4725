"""プレーの手順 2 (building), the ruling that every combination claims a building, the
effects of the Post office and income, and refused actions (the ♦ buildings are in
test_rummycity_diamonds)."""

from __future__ import annotations

import pytest

from asobi.core.words import fill
from asobi.games.rummycity.words import phrasebook

from .rummycity_helpers import (
    acting,
    build,
    buildings,
    events_named,
    game,
    hand,
    legal,
    phase,
    play,
    refused,
    table,
    tepu,
)

FOUR_RUNS = ["S3", "S4", "S5", "H3", "H4", "H5", "C3", "C4", "C5", "D3", "D4", "D5"]
OTHER = ["DK", "CQ"]
ROW = ["C10", "H10", "SJ"]


def test_a_turn_may_build_instead_of_drawing() -> None:
    """プレーの手順: 「1:カードを山札から3枚まで引く。2:建物を3つまで建てる」."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    assert legal(state)[:3] == ["draw 1", "draw 2", "draw 3"]
    assert "build park" in legal(state)
    events = build(state, 0, "park", "S3 S4 S5")
    assert buildings(state, 0) == ["park"]
    assert hand(state, 0) == ["H9"]
    # 「公開するので、自分の前に並べておき、捨て札にしない」: the combination stays face up.
    combos = state.view(1)["seats"][0]["combinations"]
    assert combos == [{"kind": "run", "cards": ["S3", "S4", "S5"], "building": "park"}]
    (built,) = events_named(events, "build")
    assert built.data["building"] == "park" and built.data["taken_from"] is None
    # No more combination at hand: the turn ends by itself, and no draw was made.
    assert acting(state) == 1
    assert len(state.view(None)["row"]) == 3


def test_building_and_drawing_do_not_mix_in_one_turn() -> None:
    """プレーの手順: 「以下の2つの行動から、どちらかを必ず行います」."""
    state = table([["S3", "S4", "S5", "H3", "H4", "H5"], OTHER], ROW)
    build(state, 0, "park", "S3 S4 S5")
    assert phase(state) == "build" and acting(state) == 0
    refused(state, 0, "draw 1", "プレーの手順")
    assert legal(state) == ["end", "build library"]
    events = play(state, 0, "end")
    assert acting(state) == 1
    # Ending the turn is said to everyone (the other town's log shows more than "a move").
    (ended,) = events_named(events, "end")
    assert ended.seat == 0 and ended.data == {"of": "turn"} and ended.visible_to(1)
    said = phrasebook(state.options).event(ended.to_json())
    assert said is not None and fill(said.en, ["Ami", "Ben"]) == "Ami ended the turn"
    assert fill(said.ja, ["Ami", "Ben"]) == "Amiは手番を終えた"


def test_up_to_three_buildings_a_turn() -> None:
    """プレーの手順 2: 「建物を3つまで建てる」「一度に公開できるのは3セット(3つ分)まで」."""
    state = table([FOUR_RUNS, OTHER], ROW)
    build(state, 0, "park", "S3 S4 S5")
    build(state, 0, "library", "H3 H4 H5")
    build(state, 0, "bakery", "C3 C4 C5")
    # The fourth combination must wait: the turn is over.
    assert acting(state) == 1 and phase(state) == "turn"
    assert sorted(buildings(state, 0)) == ["bakery", "library", "park"]
    assert hand(state, 0) == ["D3", "D4", "D5"]
    assert state.view(None)["builds_this_turn"] == 0
    play(state, 1, "draw 1")
    assert "build market" in legal(state, 0)


def test_claiming_from_the_supply_removes_the_building_from_it() -> None:
    """プレーの手順 2: 「その組み合わせにあったカードを場から…自分の前に動かす」."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    assert "park" in state.view(None)["supply"]
    build(state, 0, "park", "S3 S4 S5")
    assert "park" not in state.view(None)["supply"]


def test_a_building_can_be_taken_from_the_other_player() -> None:
    """プレーの手順 2: 「または「相手から」自分の前に動かすことができます。(相手の建物を奪う
    ことが出来ます!)」."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW, buildings=[[], ["park", "library"]])
    assert "build park" in legal(state)
    events = build(state, 0, "park", "S5 S3 S4")
    assert buildings(state, 0) == ["park"]
    assert buildings(state, 1) == ["library"]
    assert "park" not in state.view(None)["supply"]
    (built,) = events_named(events, "build")
    assert built.data["taken_from"] == 1


def test_the_taken_building_can_be_taken_back() -> None:
    """プレーの手順 2: a building changes hands as often as someone lays its recipe."""
    state = table([["S3", "S4", "S5", "H9"], ["S8", "S9", "S10"]], ROW, buildings=[[], ["park"]])
    build(state, 0, "park", "S3 S4 S5")
    build(state, 1, "park", "S8 S9 S10")
    assert buildings(state, 1) == ["park"] and buildings(state, 0) == []


def test_a_combination_for_a_building_you_own_cannot_be_laid() -> None:
    """プレーの手順 2: 「自分が既に立てている建物の組み合わせを出しても意味がありません。
    出すこともできません。」"""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW, buildings=[["park"], []])
    assert not any(code.startswith("build") for code in legal(state))
    error = refused(state, 0, "build park", "プレーの手順 2")
    assert "own" in str(error)


def test_the_set_twin_of_a_building_you_own_cannot_be_claimed() -> None:
    """プレーの手順 2: 「セットについては、同じ組み合わせのものが2つずつあります」 and
    「自分が既に立てている建物の組み合わせを…出すこともできません」: owning the Bank
    (Set3), the Station (Set3) cannot be built."""
    state = table([["S7", "H7", "D7", "H9"], OTHER], ROW, buildings=[["bank"], []])
    assert "build station" not in legal(state)
    refused(state, 0, "build station", "プレーの手順 2")


def test_either_set_twin_may_be_chosen() -> None:
    """プレーの手順 2: 「この場合、どちらを選んでも構いません」."""
    state = table([["S7", "H7", "D7", "C7"], OTHER], ROW)
    assert {"build bank", "build station", "build police", "build post_office"} <= set(legal(state))
    build(state, 0, "station", "S7 H7 D7")
    assert buildings(state, 0) == ["station"]


def test_a_combination_with_the_wrong_size_claims_no_building() -> None:
    """組み合わせ / 建物: a recipe names its size: a 4-card ♠ run does not make the Park (♠3Run),
    it makes the Shrine (♠4Run)."""
    state = table([["S3", "S4", "S5", "S6"], OTHER], ROW)
    play(state, 0, "build park", "lay S3", "lay S4", "lay S5")
    assert legal(state) == ["done"]
    refused(state, 0, "lay S6", "組み合わせ")
    state = table([["S3", "S4", "S5", "S6"], OTHER], ROW)
    build(state, 0, "shrine", "S3 S4 S5 S6")
    assert buildings(state, 0) == ["shrine"]


def test_every_combination_outside_the_final_turns_claims_a_building() -> None:
    """Ruling (issue 5): 「Outside the final turns, every laid-down combination must claim a
    building」: no `meld` before the row runs out."""
    state = table([FOUR_RUNS, OTHER], ROW)
    assert not any(code.startswith("meld") for code in legal(state))
    refused(state, 0, "meld run", "ruling 2")
    build(state, 0, "park", "S3 S4 S5")
    assert not any(code.startswith("meld") for code in legal(state))
    refused(state, 0, "meld run", "ruling 2")


def test_cards_may_only_be_laid_once_a_building_is_chosen() -> None:
    """プレーの手順 2: a combination is laid to claim a building."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    refused(state, 0, "lay S3", "プレーの手順 2")


def test_a_card_not_in_hand_cannot_be_laid() -> None:
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    play(state, 0, "build park")
    refused(state, 0, "lay S6", "プレーの手順 2")


def test_a_combination_under_way_must_be_finished() -> None:
    """プレーの手順 2: a half-laid combination is not a combination."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    play(state, 0, "build park", "lay S3")
    refused(state, 0, "done", "組み合わせ")
    refused(state, 0, "draw 1", "プレーの手順 2")
    refused(state, 0, "end", "プレーの手順 2")
    refused(state, 0, "build library", "プレーの手順 2")


def test_a_building_not_in_the_catalogue_is_refused() -> None:
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    refused(state, 0, "build casino", "建物カード")


def test_a_building_whose_recipe_the_hand_lacks_is_refused() -> None:
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    error = refused(state, 0, "build library", "プレーの手順 2")
    assert "♥3Run" in str(error)


def test_only_the_seat_to_act_may_act() -> None:
    state = table([["S3", "S4", "S5", "H9"], ["H3", "H4", "H5"]], ROW)
    refused(state, 1, "draw 1", "turn order")
    refused(state, 1, "build library", "turn order")


@pytest.mark.parametrize("code", ["layoff S3 1", "return park", "take 1", "pass", "end"])
def test_actions_of_other_moments_are_refused_at_the_start_of_a_turn(code: str) -> None:
    """Each refused action names its rule and changes nothing."""
    state = table([["S3", "S4", "S5", "H9"], OTHER], ROW)
    rule = {
        "layoff S3 1": "決算",
        "return park": "solo 2",
        "take 1": "学校 (School)",
        "pass": "♠について",
        "end": "プレーの手順",
    }[code]
    refused(state, 0, code, rule)


# --- 郵便局 (Post office) -----------------------------------------------------------------
def test_post_office_gains_2_when_the_other_player_lays_a_mix3() -> None:
    """郵便局 (issue 5): 「when the other player lays down a mixed-suit run of 3 (MIX3), the
    owner gains 2 tepu」."""
    state = table([["S3", "H4", "D5", "C9"], OTHER], ROW, buildings=[[], ["post_office"]])
    events = build(state, 0, "community_hall", "S3 H4 D5")
    assert tepu(state) == [7, 9]
    gains = events_named(events, "gain")
    assert [(e.seat, e.data["tepu"], e.data["why"]) for e in gains] == [(1, 2, "post_office")]


def test_post_office_gains_nothing_from_its_owners_own_mix3() -> None:
    """郵便局について: 「自分が郵便局を持っている時に、MIX3ランを出しても、2テプは得られません」."""
    state = table([["S3", "H4", "D5", "C9"], OTHER], ROW, buildings=[["post_office"], []])
    build(state, 0, "community_hall", "S3 H4 D5")
    assert tepu(state) == [7, 7]


def test_post_office_gains_nothing_from_a_mix4() -> None:
    """郵便局 (issue 5): only a MIX3 pays."""
    state = table([["S3", "H4", "D5", "C6"], OTHER], ROW, buildings=[[], ["post_office"]])
    build(state, 0, "museum", "S3 H4 D5 C6")
    assert tepu(state) == [7, 7]


# --- income ------------------------------------------------------------------------------
def test_catalogue_lists_every_building_the_rulebook_names() -> None:
    """詳細な建物カードの説明 and issue 5: ♠ ♥ ♦ buildings, the School, the Bank, the Police
    station, the Post office and the Station, and a building for every kind of combination."""
    catalogue = game(seed=0).view(None)["catalogue"]
    effects = {b["effect"] for b in catalogue}
    assert {"school", "bank", "police", "post_office", "station"} <= effects
    marks = {b["mark"] for b in catalogue}
    assert {"♠", "♥", "♦"} <= marks
    by_id = {b["id"]: b for b in catalogue}
    assert by_id["school"]["mark"] == "♥"
    assert by_id["market"]["mark"] == "♦" and by_id["mine"]["mark"] == "♦"
    recipes = [b["recipe"] for b in catalogue]
    for suit in "♠♥♦♣":
        assert {f"{suit}3Run", f"{suit}4Run", f"{suit}5+Run"} <= set(recipes)
    assert {"MIX3", "MIX4"} <= set(recipes)
    # 「セットについては、同じ組み合わせのものが2つずつあります」
    assert recipes.count("Set3") == 2 and recipes.count("Set4") == 2
