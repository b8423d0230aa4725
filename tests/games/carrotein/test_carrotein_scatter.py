"""★ 散らかしタイム: placing star chips, passing, the turn order, the challenger, and the
例外処理 for a player whose own chips have run out."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from asobi.core.errors import BadActionCode, IllegalAction
from asobi.games.carrotein.actions import ACTION_SPACE, PASS, Choose, Place, grid_spots
from asobi.games.carrotein.sky import chip_refusal, default_sky
from asobi.games.carrotein.state import CarroteinState

from .carrotein_helpers import (
    TOUCH_RULE,
    acting,
    at,
    game,
    grid,
    in_hand,
    kinds,
    phase,
    play,
    refused,
    seat_view,
    snapshot,
)

OUT_RULE = "例外処理: 星チップが尽きた場合"


# --- placing a chip -------------------------------------------------------------------------
def test_a_player_places_a_chip_of_their_own_colour() -> None:
    """散らかしタイム 1: 「【夜空のマット】の上に自分の色の【星チップ】を置く」 — seat 0 red,
    1 blue, 2 green; the chip lies where it was put and leaves the player's hand."""
    state = game()
    play(state, 0, "place 100 100")
    play(state, 1, "place 500 100")
    play(state, 2, "place 100 350.5")
    assert [(c.x, c.y, c.kind) for c in state.chips[1:]] == [
        (100, 100, "red"),
        (500, 100, "blue"),
        (100, 350.5, "green"),
    ]
    assert in_hand(state) == [9, 9, 9]
    assert [seat_view(state, s)["colour_ja"] for s in range(3)] == ["赤", "青", "緑"]


def test_the_game_starts_with_the_first_star_at_the_centre() -> None:
    """ゲームの準備 5: 「【いちばん星チップ】を【夜空のマット】の中央に置きます」; 3: each player
    takes all ten chips of a colour."""
    state = game()
    assert [(c.x, c.y, c.kind) for c in state.chips] == [(300, 225, "first")]
    assert in_hand(state) == [10, 10, 10]
    assert phase(state) == "scatter"
    assert state.round == 1


def test_a_chip_may_not_touch_another_chip() -> None:
    """散らかしタイム 1: 「【星チップ】を置くときに他の【星チップ】に触ってはいけません」 —
    20 mm chips touch when their centres are 20 mm apart or closer."""
    state = game({"chips": [[100, 100, "blue"]]})
    refused(state, 0, Place(120, 100), TOUCH_RULE, "touch")  # exactly 20 mm: touching
    refused(state, 0, Place(110, 110), TOUCH_RULE, "touch")  # overlapping
    refused(state, 0, Place(100, 100), TOUCH_RULE, "touch")  # on top
    play(state, 0, "place 120.1 100")  # just clear
    assert kinds(state) == ["first", "blue", "red"]


def test_the_first_star_counts_as_a_chip_that_may_not_be_touched() -> None:
    """散らかしタイム 1: 「他の【星チップ】に触ってはいけません」 — the first star is one of them
    (例外処理: 「他の星チップと同様に」)."""
    state = game()
    refused(state, 0, Place(300, 245), TOUCH_RULE, "touch")
    refused(state, 0, Place(314, 239), TOUCH_RULE, "touch")
    play(state, 0, "place 300 245.1")
    assert len(state.chips) == 2


def off_mat_refusal(state: CarroteinState, x: float, y: float) -> IllegalAction:
    """Seat 0 may not place a chip at (x, y), and the state is as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(0, Place(x, y))
    assert snapshot(state) == before, "an illegal action must leave the state untouched"
    return info.value


def test_a_chip_must_lie_wholly_on_the_mat() -> None:
    """散らかしタイム 1: 「【夜空のマット】の上の好きな場所に」 — a chip's centre at least 10 mm
    (its radius) from every edge."""
    state = game()
    for x, y in [(9.9, 200), (590.1, 200), (200, 9.9), (200, 440.1), (-50, 200), (0, 0)]:
        refusal = off_mat_refusal(state, x, y)
        assert refusal.rule.startswith("散らかしタイム")
        assert "past the mat" in refusal.reason
    play(state, 0, "place 10 10")
    play(state, 1, "place 590 440")
    assert kinds(state) == ["first", "red", "blue"]


def test_a_chip_past_the_mat_is_refused_under_the_mat_rule() -> None:
    """散らかしタイム 1: a chip reaching past the mat touches no chip; the rule to name is
    「【夜空のマット】の上の好きな場所に」, not 「他の【星チップ】に触ってはいけません」."""
    refusal = off_mat_refusal(game(), 5, 200)
    assert "past the mat" in refusal.reason
    assert "触って" not in refusal.rule


def test_only_the_player_whose_turn_it_is_may_act() -> None:
    """散らかしタイム: 「スタートプレイヤーから時計回りにひとりずつ手番を実行」."""
    state = game()
    refused(state, 1, "place 100 100", "turn order")
    refused(state, 2, "pass", "turn order")
    assert state.legal_actions(1) == []


def test_a_turn_is_a_place_or_a_pass_nothing_else() -> None:
    """散らかしタイム: 「以下の2つのアクションからどちらかを選択して必ず実行」 — no board may
    be touched (「どのプレイヤーも【星座ボード】を触ってはいけません」)."""
    state = game()
    codes = [a.encode() for a in state.legal_actions(0)]
    assert codes[0] == "pass"
    assert all(c.startswith("place ") for c in codes[1:]) and len(codes) > 50
    refused(state, 0, Choose("sitting", "sleeping"), "星座作成タイム 1")


# --- turns and passes -----------------------------------------------------------------------
def test_turns_go_clockwise_from_the_start_player() -> None:
    """散らかしタイム: 「スタートプレイヤーから時計回りにひとりずつ」 — seat 2 starts, then 3,
    0, 1."""
    state = game(players=4, start=2)
    order = []
    for i in range(6):
        seat = acting(state)
        order.append(seat)
        play(state, seat, f"place {50 + 40 * i} 50")
    assert order == [2, 3, 0, 1, 2, 3]


def test_a_player_who_passed_is_skipped_for_the_rest_of_the_round() -> None:
    """「【パス】を宣言する」: 「そのラウンドの間はそのプレイヤーの手番がスキップされる」."""
    state = game(players=4)
    play(state, 0, "place 50 50")
    play(state, 1, "pass")
    assert seat_view(state, 1)["passed"]
    play(state, 2, "place 100 50")
    play(state, 3, "place 150 50")
    assert acting(state) == 0
    play(state, 0, "place 200 50")
    assert acting(state) == 2  # seat 1 skipped
    assert state.legal_actions(1) == []
    refused(state, 1, "place 250 50", "turn order")
    refused(state, 1, "pass", "turn order")


def test_passers_are_skipped_whole_runs_at_a_time() -> None:
    """「手番がスキップされる」: after seats 1 and 2 of 5 pass, seat 0 is followed by 3."""
    state = game(players=5)
    play(state, 0, "place 50 50")
    play(state, 1, "pass")
    play(state, 2, "pass")
    assert acting(state) == 3
    play(state, 3, "place 100 50")
    play(state, 4, "place 150 50")
    play(state, 0, "place 200 50")
    assert acting(state) == 3


def test_when_all_but_one_have_passed_the_one_left_is_the_challenger() -> None:
    """「誰かひとりを残して他の全てのプレイヤーが【パス】を宣言した場合、残ったプレイヤーが
    「星座作成タイム」の挑戦権を獲得します」."""
    state = game(players=3)
    play(state, 0, "place 50 50")
    play(state, 1, "pass")
    play(state, 2, "place 100 50")
    events = play(state, 0, "pass")
    assert phase(state) == "choose"
    assert acting(state) == 2
    assert [e.kind for e in events] == ["pass", "challenger"]
    assert events[-1].seat == 2
    assert len(state.legal_actions(2)) == 21  # every pair of the 7 boards
    refused(state, 2, "place 150 50", "散らかしタイム")
    refused(state, 2, PASS, "散らかしタイム")


def test_the_challenger_is_decided_even_before_finishing_the_lap() -> None:
    """「挑戦権を獲得するプレイヤーが決まるまで、時計回りに…」: once the second of three passes,
    seat 2 is the challenger at once, before placing a single chip."""
    state = game(players=3)
    play(state, 0, "pass")
    play(state, 1, "pass")
    assert phase(state) == "choose"
    assert acting(state) == 2
    assert kinds(state) == ["first"]


def test_with_two_players_one_pass_makes_the_other_the_challenger() -> None:
    """「誰かひとりを残して他の全てのプレイヤーが【パス】」: with two, one pass is all of them."""
    state = game(players=2, start=1)
    play(state, 1, "place 50 50")
    play(state, 0, "pass")
    assert (phase(state), acting(state)) == ("choose", 1)


# --- 例外処理: out of one's own chips ---------------------------------------------------------
def test_out_of_own_chips_a_player_places_a_colour_nobody_plays() -> None:
    """例外処理: 「自分の色の【星チップ】が尽きた場合…誰も使用していない色の【星チップ】もしくは
    【無色の星チップ】を箱から取り出して置くことができます」 — with three players, purple, orange
    and pink are nobody's (ruling: unused colours first, then colourless). Here red has 4 chips
    scored and the other 6 on the mat."""
    state = game({"scored": [4, 0, 0], "chips": at(grid(6), "red")})
    assert in_hand(state)[0] == 0
    spares = state.view(None)["spares_left"]
    assert spares == 40  # 3 unused colours × 10 + 10 colourless
    events = play(state, 0, "place 300 300")
    assert kinds(state)[-1] == "purple"
    assert events[0].data["chip"] == "purple"
    assert state.view(None)["spares_left"] == 39
    assert in_hand(state)[0] == 0


def test_spare_colours_run_in_order_then_colourless() -> None:
    """例外処理: the unused colours (purple, then orange, then pink) and then the colourless
    chips (第2版: 「自分の色の【星チップ】が尽きたときに使用」)."""
    spots = grid(50)
    red = at(spots[:10], "red")
    state = game({"chips": red + at(spots[10:20], "purple")})
    play(state, 0, f"place {spots[40][0]} {spots[40][1]}")
    assert kinds(state)[-1] == "orange"
    state = game({"chips": red + at(spots[10:20], "purple") + at(spots[20:30], "orange")})
    play(state, 0, f"place {spots[40][0]} {spots[40][1]}")
    assert kinds(state)[-1] == "pink"
    full = red + at(spots[10:20], "purple") + at(spots[20:30], "orange")
    state = game({"chips": full + at(spots[30:40], "pink")})
    play(state, 0, f"place {spots[40][0]} {spots[40][1]}")
    assert kinds(state)[-1] == "colourless"


def test_with_six_players_the_only_spares_are_colourless() -> None:
    """例外処理: with six players every colour is somebody's — 「誰も使用していない色」 is none,
    so the spare is a 【無色の星チップ】."""
    state = game({"chips": at(grid(10), "red")}, players=6)
    assert state.view(None)["spares_left"] == 10
    play(state, 0, "place 300 300")
    assert kinds(state)[-1] == "colourless"
    assert state.view(None)["spares_left"] == 9


def test_a_player_with_no_chip_at_all_to_place_must_pass() -> None:
    """例外処理 (ruling): own chips and every spare used up — 「置ける…【星チップ】が手元からなく
    なる」 with nothing left in the box — the only move is 【パス】."""
    spots = grid(50)
    entries = (
        at(spots[:10], "red")
        + at(spots[10:20], "purple")
        + at(spots[20:30], "orange")
        + at(spots[30:40], "pink")
        + at(spots[40:50], "colourless")
    )
    state = game({"chips": entries})
    assert state.view(None)["spares_left"] == 0
    assert state.legal_actions(0) == [PASS]
    refused(state, 0, Place(300, 300), OUT_RULE, "must pass")
    play(state, 0, "pass")
    assert acting(state) == 1
    # Blue still has its own chips.
    play(state, 1, "place 300 300")
    assert kinds(state)[-1] == "blue"


def test_spare_chips_go_back_to_the_box_after_the_round() -> None:
    """後片付けタイム: 「【夜空のマット】の上に残っているすべての【星チップ】を…戻します」 — the
    spares too; red's own chips are at hand again."""
    state = game({"chips": at(grid(10), "red"), "turn": 0})
    play(state, 0, "place 300 300")
    play(state, 1, "pass")
    play(state, 2, "pass")
    play(state, 0, "choose sitting sleeping")
    play(state, 0, "lay -500,-500,0 500,-500,0")  # 12 centre points showing: a failure
    assert kinds(state) == ["first"]
    assert state.view(None)["spares_left"] == 40
    assert in_hand(state) == [10, 10, 10]  # nobody had a chip of their own to score


# --- what the table keeps up to date chip by chip -------------------------------------------
SKY = default_sky()
SPOTS = grid_spots(SKY.width, SKY.height, SKY.chip_radius)  # the grid the legal list offers


def worked_out(state: CarroteinState) -> tuple[tuple[Place, ...], Counter[str]]:
    """The open grid spots and the chips on the mat by kind, from the chips alone: every grid
    spot the rule (``chip_refusal``) lets a chip lie on, and a count of the mat's chips."""
    centres = state.centres()
    open_spots = tuple(p for p in SPOTS if chip_refusal(SKY, p.x, p.y, centres) is None)
    return open_spots, Counter(c.kind for c in state.chips)


def a_spot_near(rng: random.Random) -> Place:
    """A place off the grid: at a touching distance (20 mm), or just past it, or a little
    farther, in any direction from a grid spot: the close calls of "他の【星チップ】に触って
    はいけません" between a chip off the grid and the spots."""
    spot = rng.choice(SPOTS)
    gap = 2 * SKY.chip_radius + rng.choice([0.0, 5e-10, 2e-9, 1e-6, 0.05, rng.uniform(0, 30)])
    turn = rng.choice([0.0, math.pi / 2, math.pi / 4, rng.uniform(0, 2 * math.pi)])
    return Place(spot.x + gap * math.cos(turn), spot.y + gap * math.sin(turn))


@pytest.mark.parametrize("seed", range(6))
def test_the_open_spots_and_chips_kept_are_those_the_chips_give(seed: int) -> None:
    """散らかしタイム 1: 「他の【星チップ】に触ってはいけません」. The open grid spots (the legal
    list, the RL mask) and the chips by kind (at hand, the spares) are kept up to date chip by
    chip; at every position of seeded games, on and off the grid, through clones, scenarios
    and clean-ups, they are what the chips on the mat give."""
    rng = random.Random(seed)
    scenario = {"chips": [[110.0, 90.0, "blue"], [431.0, 250.0, "colourless"]]} if seed % 2 else {}
    state = game(scenario, players=3 + seed % 3)
    clones: list[CarroteinState] = []
    while not state.is_over:
        open_spots, kinds_on_mat = worked_out(state)
        assert state.open_spots() == open_spots
        assert state.on_mat() == kinds_on_mat
        mask = state.open_mask()
        assert [s for s, free in zip(SPOTS, mask, strict=True) if free] == list(open_spots)
        seat = acting(state)
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        if isinstance(action, Place) and rng.random() < 0.5:
            near = a_spot_near(rng)
            if not refused_quietly(state, seat, near):
                action = near
        if rng.random() < 0.05:
            clones.append(state.clone())
        state.apply(seat, action)
    for clone in clones:  # a clone plays on from where it was, as kept as the original
        while not clone.is_over:
            open_spots, kinds_on_mat = worked_out(clone)
            assert (clone.open_spots(), clone.on_mat()) == (open_spots, kinds_on_mat)
            seat = acting(clone)
            clone.apply(seat, rng.choice(clone.legal_actions(seat)))


def refused_quietly(state: CarroteinState, seat: int, action: Place) -> bool:
    try:
        state.check(seat, action)
    except IllegalAction:
        return True
    return False


@pytest.mark.parametrize(
    "code", ["place ١٥٠ ٣٠٠", "place 1_00 2_00", "place nan 85", "place 1e400 85", "place 12,5 80"]
)
def test_a_typed_spot_is_a_plain_number_or_refused_as_one(code: str) -> None:
    """A spot is typed as numbers in millimetres (120, 85.5): other scripts' digits and
    Python's underscores are refused as not numbers, not read as some other spot the log
    would then show."""
    with pytest.raises(BadActionCode, match="is not a"):
        ACTION_SPACE.decode(code)
    assert ACTION_SPACE.decode("place 120 85.5") == Place(120.0, 85.5)
    assert ACTION_SPACE.decode("place 1e2 -0.04") == Place(100.0, -0.0)
