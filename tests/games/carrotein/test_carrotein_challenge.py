"""★ 星座作成タイム: choosing the two boards, laying them, the judgement (判定) and the
scoring (該当者のみが得点を獲得する), then ★後片付けタイム."""

from __future__ import annotations

from asobi.games.carrotein.actions import PASS, Choose, Lay, Place
from asobi.games.carrotein.rules import APART
from asobi.games.carrotein.sky import Pose, judge
from asobi.games.carrotein.state import CarroteinState
from asobi.games.carrotein.views import insight

from .carrotein_helpers import (
    CHOOSE_RULE,
    FAR,
    LAY_RULE,
    MIDDLE,
    ON_STAR,
    SHOWING,
    SPEC,
    UNDER,
    acting,
    at,
    chips,
    game,
    grid,
    in_hand,
    kinds,
    lay,
    lay_phase,
    phase,
    play,
    refused,
    seat_view,
)

ALL_BOARDS = ["leaping", "stretching", "sitting", "sleeping", "ears", "carrot", "dancing"]


def choose_phase(setup: dict[str, object] | None = None, challenger: int = 0) -> CarroteinState:
    return game({**(setup or {}), "challenger": challenger})


def gains(state: CarroteinState) -> list[int]:
    """What each seat scored in the last challenge."""
    return list(state.challenges[-1].scored)


# --- 1. choosing two boards -----------------------------------------------------------------
def test_the_challenger_chooses_two_boards() -> None:
    """星座作成タイム 1: 「挑戦プレイヤーは星座作成に使用する【星座ボード】を2つ選ぶ」."""
    state = choose_phase(challenger=1)
    events = play(state, 1, "choose sleeping sitting")
    assert state.chosen == ("sleeping", "sitting")
    assert phase(state) == "lay"
    assert state.view(None)["chosen"] == ["sleeping", "sitting"]
    assert events[0].kind == "choose"


def test_the_same_board_cannot_be_chosen_twice() -> None:
    """星座作成タイム 1: 「【星座ボード】を2つ選ぶ」 — two boards, not one board twice."""
    state = choose_phase()
    refused(state, 0, Choose("sitting", "sitting"), CHOOSE_RULE, "two different boards")


def test_an_unknown_board_cannot_be_chosen() -> None:
    """内容物: 星座ボード（7枚） — there is no eighth board."""
    state = choose_phase()
    refused(state, 0, Choose("moon", "sitting"), CHOOSE_RULE, "not a board")
    refused(state, 0, Choose("sitting", "moon"), CHOOSE_RULE, "not a board")


def test_a_board_already_won_cannot_be_chosen() -> None:
    """4. 成功した場合: 「獲得した【星座ボード】は得点として扱うので、以後全てのプレイヤーは
    「星座作成タイム」で選ぶことができなくなります」."""
    state = choose_phase({"won": [["sitting", "sleeping"], [], []]}, challenger=1)
    refused(state, 1, Choose("sitting", "ears"), CHOOSE_RULE, "scored by a player")
    refused(state, 1, Choose("ears", "sleeping"), CHOOSE_RULE, "scored by a player")
    assert len(state.legal_actions(1)) == 10  # the pairs of the 5 boards left
    assert all("sitting" not in a.encode() for a in state.legal_actions(1))


def test_only_the_challenger_chooses() -> None:
    """星座作成タイム: 「挑戦プレイヤーが星座作成に挑戦する時間」."""
    state = choose_phase(challenger=2)
    refused(state, 0, Choose("sitting", "sleeping"), "turn order")
    assert state.legal_actions(0) == []


def test_the_choice_is_final() -> None:
    """星座作成タイム 1: 「選んだ【星座ボード】は以後のアクションの最中に変更することはできま
    せん」 — no second choice in the lay."""
    state = lay_phase([])
    refused(state, 0, Choose("ears", "carrot"), CHOOSE_RULE, "chosen once")
    refused(state, 0, Choose("sitting", "sleeping"), CHOOSE_RULE, "chosen once")
    assert state.chosen == ("sitting", "sleeping")


def test_no_chip_is_placed_or_pass_made_in_constellation_time() -> None:
    """星座作成タイム: after the challenger is decided, scatter time's actions are over."""
    state = lay_phase([])
    refused(state, 0, Place(100, 100), "散らかしタイム")
    refused(state, 0, PASS, "散らかしタイム")


def test_boards_are_laid_only_after_they_are_chosen() -> None:
    """星座作成タイム: 「以下の4つのアクションをこの順番に沿って行います」 — 1 choose, 2 lay."""
    state = choose_phase()
    refused(state, 0, Lay(ON_STAR, FAR), LAY_RULE)


# --- 2. laying the boards -------------------------------------------------------------------
def test_boards_may_not_overlap() -> None:
    """星座作成タイム 2: 「【星座ボード】の上に【星座ボード】を重ねて置かないこと」 — the sitting
    plate reaches 78 mm right of its centre, the sleeping plate 90 mm left of its own."""
    state = lay_phase(chips((270, 225, "red")))
    refused(state, 0, Lay(ON_STAR, Pose(300 + 78 + 90 - 1, 245)), LAY_RULE, "重ねて")
    refused(state, 0, Lay(ON_STAR, ON_STAR), LAY_RULE, "overlap")
    assert state.challenges == []
    assert phase(state) == "lay"


def test_boards_may_lie_side_by_side() -> None:
    """星座作成タイム 2: touching plates are not 「重ねて」."""
    state = lay_phase(chips((270, 225, "red")))
    lay(state, ON_STAR, Pose(300 + 78 + 90, 245))
    assert state.challenges[-1].verdict.success


def test_the_boards_lie_in_the_order_chosen() -> None:
    """星座作成タイム 2: 「先ほど選んだ2つの【星座ボード】を好きな順番で」 — a lay gives each
    chosen board its pose, in the order chosen: the sitting rabbit hides (300, 195), the
    sleeping one (curled up around the centre) does not."""
    entries = chips((300, 195, "blue"))
    state = lay_phase(entries, chosen=("sleeping", "sitting"))
    lay(state, FAR, ON_STAR)  # the sitting rabbit on the star
    assert state.challenges[-1].verdict.hidden == (True, True)
    state = lay_phase(entries, chosen=("sleeping", "sitting"))
    lay(state, ON_STAR, FAR)  # the sleeping rabbit on the star
    assert state.challenges[-1].verdict.hidden == (True, False)


def test_the_lay_offered_is_the_boards_apart_for_every_pair() -> None:
    """星座作成タイム 2 (docs/rules/carrotein.md, ruling 12): finding a placement is the
    challenger's work, so the legal list holds one lay that needs no search, the boards side
    by side across the middle; it is legal for every pair in either order (no two plates
    reach each other), and the judge decides what it hides."""
    for first in ALL_BOARDS:
        for second in ALL_BOARDS:
            if first == second:
                continue
            state = lay_phase(chips((300, 60, "red")), chosen=(first, second))
            assert state.legal_actions(0) == [APART]
            state.apply(0, APART)
            assert not any(state.challenges[-1].verdict.hidden)  # both chips lie between


def test_the_hint_is_the_solvers_placement_and_changes_nothing() -> None:
    """Ruling 12: the front ends' hint (``insight``'s ``hint``, from the public view) is the
    game's solver's placement of the boards chosen, in the order chosen: here a success,
    which laying it confirms; asking for it moves nothing."""
    state = lay_phase(at(UNDER[:3], "red"), chosen=("sleeping", "sitting"))
    before = state.view(None)
    hint = insight(before)["hint"]
    assert state.view(None) == before and state.challenges == []
    assert hint["boards"] == ["sleeping", "sitting"] and hint["success"]
    assert hint["code"] == state.solver_lay().encode()
    state.apply(0, SPEC.action_space.decode(hint["code"]))
    assert state.challenges[-1].verdict.success
    assert list(state.challenges[-1].verdict.hidden) == hint["hidden"]


# --- 3. the judgement -----------------------------------------------------------------------
def test_success_with_every_centre_point_hidden() -> None:
    """3. 判定, 成功例 1: 「全て隠せた」."""
    state = lay_phase(chips((270, 225, "red"), (330, 225, "blue"), (300, 195, "green")))
    lay(state)
    verdict = state.challenges[-1].verdict
    assert verdict.hidden == (True, True, True, True)
    assert (verdict.shown, verdict.success) == (0, True)


def test_success_with_one_centre_point_showing() -> None:
    """3. 判定, 成功例 2: 「1つだけ隠せない【中心点】があったがそれ以外は全て隠せた」."""
    state = lay_phase(chips((270, 225, "red"), (100, 100, "blue")))
    lay(state)
    verdict = state.challenges[-1].verdict
    assert (verdict.shown, verdict.success) == (1, True)


def test_success_with_two_centre_points_showing() -> None:
    """3. 判定, 成功例 3: 「2つだけ隠せない【中心点】があったがそれ以外は全て隠せた」 (「ウサギは
    適當だから2つくらいはみ出ても星座に見えちゃうんだ！」)."""
    state = lay_phase(chips((270, 225, "red"), (100, 100, "blue"), (500, 100, "green")))
    lay(state)
    verdict = state.challenges[-1].verdict
    assert (verdict.shown, verdict.success) == (2, True)


def test_failure_with_three_centre_points_showing() -> None:
    """3. 判定, 失敗例 1: 「隠せていないのが3つある」 — 「上記以外の状態はすべて挑戦失敗」."""
    state = lay_phase(at(SHOWING[:3], "blue") + at(UNDER[:3], "green"))
    lay(state)
    verdict = state.challenges[-1].verdict
    assert (verdict.shown, verdict.success) == (3, False)


def test_the_first_star_is_a_centre_point_to_hide() -> None:
    """例外処理: いちばん星チップ 「他の星チップと同様に【中心点】を隠さなければなりません」 —
    with two chips showing, a first star left out too makes three."""
    entries = chips((100, 100, "blue"), (500, 100, "green"))
    state = lay_phase(entries)
    lay(state, Pose(100, 500), FAR)  # both boards away from the centre
    assert state.challenges[-1].verdict.hidden == (False, False, False)
    assert not state.challenges[-1].verdict.success
    state = lay_phase(entries)
    lay(state, ON_STAR, FAR)
    assert state.challenges[-1].verdict.success


def test_a_colourless_chip_is_a_centre_point_to_hide() -> None:
    """星座作成タイム: 「星チップ、いちばん星チップ、無色の星チップの【中心点】を…隠して」 — its
    hole is its centre point."""
    showing = chips((100, 100, "blue"), (500, 100, "green"))
    state = lay_phase([*showing, [500, 350, "colourless"]])
    lay(state)
    assert state.challenges[-1].verdict.shown == 3
    assert not state.challenges[-1].verdict.success
    state = lay_phase([*showing, [270, 225, "colourless"]])
    lay(state)
    assert state.challenges[-1].verdict.success


def test_a_centre_point_only_partly_under_the_figure_is_not_hidden() -> None:
    """3. 判定: 「【星チップ】の白い部分が乗っていても星チップの【中心点】が隠せたかどうかが判定
    の基準」 — the whole 6 mm disc must be under the rabbit. The sitting rabbit's body ends at
    x = 352: a centre at 350 sticks out, one at 347 does not."""
    showing = chips((100, 100, "red"), (500, 100, "green"))
    state = lay_phase([*showing, [350, 225, "blue"]])
    lay(state)
    assert state.challenges[-1].verdict.hidden == (True, False, False, False)
    assert not state.challenges[-1].verdict.success
    state = lay_phase([*showing, [347, 225, "blue"]])
    lay(state)
    assert state.challenges[-1].verdict.hidden == (True, False, False, True)
    assert state.challenges[-1].verdict.success


def test_the_engine_agrees_with_the_judge() -> None:
    """3. 全員で判定を行う: the verdict recorded is the judge's on the chips of the mat."""
    entries = [*at(UNDER[:5], "red"), *at(SHOWING[:2], "blue")]
    state = lay_phase(entries)
    centres = state.centres()
    sky = state.sky
    expected = judge(sky, centres, [(sky.board("sitting"), ON_STAR), (sky.board("sleeping"), FAR)])
    lay(state)
    assert state.challenges[-1].verdict == expected


# --- 4. scoring: success --------------------------------------------------------------------
def test_on_success_each_showing_chip_scores_for_its_colour() -> None:
    """4. 成功した場合: 「【中心点】が隠せていない【星チップ】がある場合、その色のプレイヤーは
    その【星チップ】を得点として獲得します。同色で2枚ある場合2枚とも獲得します」."""
    state = lay_phase(chips((100, 100, "blue"), (500, 100, "blue"), (270, 225, "green")))
    lay(state)
    assert gains(state) == [0, 2, 0]  # green's hidden chip scores nothing for green
    assert state.scored == [0, 2, 0]


def test_on_success_the_challengers_own_showing_chip_scores_too() -> None:
    """4. 成功した場合: 「その色のプレイヤーは…獲得します」 — the challenger is that player too;
    and besides, 「隠せた自分の色の【星チップ】を最大2枚まで獲得します」."""
    state = lay_phase(chips((100, 100, "red"), (270, 225, "red")))
    lay(state)
    assert gains(state) == [2, 0, 0]  # one showing, one hidden


def test_on_success_the_challenger_takes_at_most_two_hidden_own_chips() -> None:
    """4. 成功した場合: 「【星座ボード】で隠せた自分の色の【星チップ】を最大2枚まで獲得」 — four
    hidden: two scored, two go back to hand."""
    state = lay_phase(at(UNDER[:4], "red") + at(UNDER[4:6], "blue"))
    lay(state)
    assert state.challenges[-1].verdict.shown == 0
    assert gains(state) == [2, 0, 0]
    assert in_hand(state) == [8, 10, 10]


def test_on_success_a_single_hidden_own_chip_scores_one() -> None:
    """4. 成功した場合: 「最大2枚まで」 — up to two: one hidden, one scored."""
    state = lay_phase(chips((270, 225, "blue")), challenger=1)
    lay(state)
    assert gains(state) == [0, 1, 0]


def test_on_success_the_challenger_takes_the_two_boards() -> None:
    """4. 成功した場合: 「挑戦プレイヤーは使用した2枚の【星座ボード】を得点として獲得します…
    獲得した【星座ボード】は自分の手元に置きます」."""
    state = lay_phase(chips((270, 225, "green")), challenger=2)
    lay(state)
    assert state.won == [[], [], ["sitting", "sleeping"]]
    assert state.boards == ["leaping", "stretching", "ears", "carrot", "dancing"]
    assert seat_view(state, 2)["boards"] == ["sitting", "sleeping"]
    assert seat_view(state, 2)["score"] == 3  # two boards and one chip


def test_the_first_star_and_spare_chips_score_for_nobody() -> None:
    """例外処理: 「いちばん星チップはどのプレイヤーの得点にもなりません」; spare chips 「誰の色でも
    ないので得点に変えることができません」 — showing or hidden. Here the first star and a purple
    chip show (nobody plays purple with three), a colourless one is hidden."""
    entries = chips((100, 100, "purple"), (500, 100, "colourless"))
    state = lay_phase(entries)
    lay(state, Pose(500, 120), Pose(300, 500))  # the sitting rabbit on the colourless chip
    verdict = state.challenges[-1].verdict
    assert verdict.hidden == (False, False, True)
    assert verdict.success
    assert gains(state) == [0, 0, 0]
    assert state.won[0] == ["sitting", "sleeping"]


def test_spare_chips_of_a_colour_nobody_plays_score_for_nobody_on_failure_either() -> None:
    """4. 失敗した場合: 「自分の色の【星チップ】」 only; 例外処理: 「誰の色でもない」."""
    state = lay_phase(at(SHOWING[:3], "orange") + chips((270, 225, "colourless")))
    lay(state)
    assert not state.challenges[-1].verdict.success
    assert gains(state) == [0, 0, 0]


# --- 4. scoring: failure --------------------------------------------------------------------
def test_on_failure_every_other_player_takes_up_to_two_own_chips_from_the_mat() -> None:
    """4. 失敗した場合: 「挑戦プレイヤー以外の全てのプレイヤーは、【夜空のマット】の上にある自分の
    色の【星チップ】を最大2枚まで獲得します」 — blue has 3 on the mat (one of them hidden), green
    one; the challenger, red, nothing."""
    entries = [
        *at(SHOWING[:2], "blue"),
        [270, 225, "blue"],
        [500, 350, "green"],
        *at(UNDER[1:3], "red"),
        [100, 350, "red"],
    ]
    state = lay_phase(entries)
    lay(state)
    assert not state.challenges[-1].verdict.success
    assert gains(state) == [0, 2, 1]
    assert state.scored == [0, 2, 1]
    assert in_hand(state) == [10, 8, 9]


def test_on_failure_the_boards_go_back_to_the_mat() -> None:
    """4. 失敗した場合: 「挑戦プレイヤーは使用した【星座ボード】を【夜空のマット】の元の場所に
    戻します」 — they stay to be chosen again."""
    state = lay_phase(at(SHOWING[:3], "blue"))
    lay(state)
    assert state.boards == ALL_BOARDS
    assert state.won == [[], [], []]
    play(state, 1, "pass")
    play(state, 2, "pass")
    play(state, 0, "choose sitting sleeping")  # chosen again
    assert state.chosen == ("sitting", "sleeping")


def test_scored_chips_never_come_back() -> None:
    """4. 「獲得した【星チップ】は得点として扱うので、以後ゲームが終わるまで【夜空のマット】の
    上に置くことができなくなります」 — blue, with 2 scored, has only 8 to place next round: its
    ninth chip is a spare (例外処理), while red's and green's ninth are their own."""
    state = lay_phase(at(SHOWING[:2], "blue"))
    lay(state)
    assert state.scored == [0, 2, 0]
    assert in_hand(state) == [10, 8, 10]
    spots = iter(grid(27))
    placed: dict[int, list[str]] = {0: [], 1: [], 2: []}
    for _ in range(27):  # nine laps, blue first
        seat = acting(state)
        x, y = next(spots)
        play(state, seat, f"place {x} {y}")
        placed[seat].append(kinds(state)[-1])
    assert placed[1] == ["blue"] * 8 + ["purple"]
    assert placed[0] == ["red"] * 9
    assert placed[2] == ["green"] * 9
    assert state.chip_count()["blue"] == 10  # at hand, on the mat or scored: never lost


def test_the_challenge_is_recorded_as_everyone_saw_it() -> None:
    """3. 全員で判定を行う: the record keeps the chips, boards, poses and verdict."""
    state = lay_phase(chips((270, 225, "red"), (100, 100, "blue")), challenger=0)
    events = lay(state)
    record = state.view(None)["challenges"][-1]
    assert record["boards"] == ["sitting", "sleeping"]
    assert record["hidden"] == [True, True, False]
    assert record["success"] is True
    assert record["scored"] == [1, 1, 0]
    assert [c["kind"] for c in record["chips"]] == ["first", "red", "blue"]
    assert events[0].kind == "challenge"


# --- 後片付けタイム -------------------------------------------------------------------------
def test_after_the_challenge_every_chip_leaves_the_mat_and_the_first_star_returns() -> None:
    """後片付けタイム: 「【夜空のマット】の上に残っているすべての【星チップ】をそれぞれの
    プレイヤーの手元に戻します。【いちばん星チップ】を【夜空のマット】の中心に置きます」."""
    state = lay_phase(at(UNDER[:3], "red") + at(SHOWING[:2], "green"))
    lay(state)
    assert kinds(state) == ["first"]
    assert state.chips[0].centre == MIDDLE
    assert in_hand(state) == [8, 10, 8]  # red: 2 of 3 hidden scored; green: both showing


def test_after_a_failure_every_chip_leaves_the_mat_too() -> None:
    """後片付けタイム: 「すべての【星チップ】」, whatever the judgement."""
    state = lay_phase(at(SHOWING[:4], "blue"))
    lay(state)
    assert kinds(state) == ["first"]
    assert in_hand(state) == [10, 8, 10]


def test_the_player_after_the_challenger_starts_the_next_round() -> None:
    """後片付けタイム: 「挑戦プレイヤーの左隣（時計回り側）のプレイヤーが次のラウンドで最初に
    【星チップ】を置くプレイヤーとなります」; passes are over with the round."""
    state = lay_phase([], challenger=1)
    events = lay(state)
    assert (phase(state), acting(state), state.first, state.round) == ("scatter", 2, 2, 2)
    assert state.passed == set()
    assert not any(seat_view(state, s)["passed"] for s in range(3))
    assert state.chosen is None
    assert events[-1].kind == "round"
    assert len(state.legal_actions(2)) > 1  # place or pass again


def test_after_the_last_seat_challenges_the_first_seat_starts() -> None:
    """後片付けタイム: 「時計回り側」 wraps round the table: after seat 2 of 3, seat 0."""
    state = lay_phase(at(SHOWING[:3], "blue"), challenger=2, round=4)
    lay(state)
    assert (acting(state), state.first, state.round) == (0, 0, 5)


def test_a_lay_checked_then_another_laid_is_judged_as_laid() -> None:
    """3. 全員で判定を行う: the verdict scored is the judge's on the lay made, whatever lay was
    asked about before (a front end checks a dragged lay, a bot tries several)."""
    entries = [*at(UNDER[:5], "red"), *at(SHOWING[:2], "blue")]
    state = lay_phase(entries)
    sky = state.sky
    boards = (sky.board("sitting"), sky.board("sleeping"))
    away = Lay(Pose(100, 380), FAR)
    state.check(0, Lay(ON_STAR, FAR))  # every chip under the sitting rabbit but two
    world = state.clone()
    state.apply(0, away)
    expected = judge(
        sky, world.centres(), list(zip(boards, (away.first, away.second), strict=True))
    )
    assert state.challenges[-1].verdict == expected
    assert not expected.success
    lay(world)  # the clone lays what was checked: its own verdict
    assert world.challenges[-1].verdict.success
