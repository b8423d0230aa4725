"""Cautions (``State.caution``): a legal move whose consequence is a failed launch (打上げ
失敗) says so before it is made — the solo contest's placements that fail at once (solo §3 C
③), last moves that leave the rows failing (solo §4, §6 注意!), and moves that leave too few
placements to save the launch."""

from __future__ import annotations

import random

from asobi.core.bots import choose_for
from asobi.core.words import Words
from asobi.games.starmine.actions import ACTION_SPACE
from asobi.games.starmine.bots import GreedyBot
from asobi.games.starmine.state import StarmineState

from .starmine_helpers import duel, legal, phase, play, solo

OPENING_HAND = ["R2", "Y2", "G2", "W1"]


def caution(state: StarmineState, code: str, seat: int | None = None) -> Words | None:
    if seat is None:
        (seat,) = state.active_seats()
    return state.caution(seat, ACTION_SPACE.decode(code))


def cautioned(state: StarmineState) -> dict[str, str]:
    """Every legal move of the seat to act that has a caution, with its English text."""
    (seat,) = state.active_seats()
    out = {}
    for action in state.legal_actions(seat):
        words = state.caution(seat, action)
        if words is not None:
            out[action.encode()] = words.en
    return out


# --- the solo contest -------------------------------------------------------------------------
def test_solo_s3C_a_meld_that_closes_the_main_row_too_low_is_cautioned() -> None:
    """ソロ §3 C ③: 「各列の評価は、列が進むごとに評価点が大きくなるように配置（同点不可）
    出来なければ、打ち上げ失敗となりゲーム終了。」 — the finale meld that closes the main row
    at 3 under the opening's 5 says so; the melds on the main row do not."""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "B4", "W1"]],
            "rows": [{"opening": ["three R1 Y1 G1"], "main": ["pair R2 Y2"]}],
            "current_row": "main",
            "deck": ["B1", "B2", "B3", "B5", "B6", "B7", "G7", "Y7"],
            "rest": "box",
        }
    )
    play(state, 0, "open")
    words = caution(state, "place finale three R5 Y5 G5")
    assert words is not None
    assert words.en == (
        "ends the launch: failure — the main row closes at 3, not above the opening's 5"
    )
    assert words.ja.startswith("打上げ失敗で終わります")
    assert caution(state, "place main three R5 Y5 G5") is None
    assert set(cautioned(state)) == {c for c in legal(state) if c.startswith("place finale ")}
    play(state, 0, "place finale three R5 Y5 G5")
    result = state.outcome()
    assert result is not None and result.details["failed_launch"] is True


def test_solo_skipping_the_main_row_is_cautioned() -> None:
    """ソロ §3 C ② 「一度次の列にカードを配置したら、それ以前の列は完成したとみなし」: a meld
    on the finale closes an empty main row at 0, not above the opening."""
    state = solo(
        {
            "hands": [OPENING_HAND],
            "rows": [{"opening": ["pair R1 Y1"]}],
            "deck": ["B1", "B2", "B3", "B4"],  # then the other cards, shuffled
        }
    )
    play(state, 0, "open")
    words = caution(state, "place finale three R2 Y2 G2")
    assert words is not None and "closes at 0" in words.en
    assert caution(state, "place main three R2 Y2 G2") is None
    assert caution(state, "place opening three R2 Y2 G2") is None
    assert caution(state, "discard G2") is None


def test_solo_s4_the_last_meld_or_pass_that_leaves_the_rows_failing() -> None:
    """ソロ §4: 「ゲーム終了時、列が上へ行くほどに評価点が大きくなるように配置できていなければ、
    打上げ失敗となりゲームは終了します。」 — rows 3, 5, 2: passing fails, and so does a pair on
    the finale (3, 5, 5: 同点不可); three of a kind (3, 5, 7) does not."""
    state = solo(
        {
            "hands": [["R6", "Y6", "R7", "Y7", "G7"]],
            "rows": [
                {"opening": ["pair R1 Y1"], "main": ["three R2 Y2 G2"], "finale": ["pair R3 W1"]}
            ],
            "current_row": "finale",
            "deck": ["B4"],  # turned up at once: the final meld
            "rest": "box",
        }
    )
    assert phase(state) == "final"
    words = caution(state, "pass")
    assert words is not None
    assert words.en == "ends the launch: failure — rows 3, 5, 2 do not rise"
    words = caution(state, "place finale pair R6 Y6")
    assert words is not None and words.en.endswith("rows 3, 5, 5 do not rise")
    assert caution(state, "place finale three R7 Y7 G7") is None


def test_solo_a_main_row_too_high_for_the_last_meld_is_cautioned() -> None:
    """ソロ §4 ② 「手札から1組だけ…フィナーレの列へ加えます」: the deck (two cards) is out at
    the latest when the next turn turns up two cards. A meld that lifts the main row to 8
    leaves only the final meld (7 at most) for an empty finale, and growing the hand leaves
    the main row under the opening: both doom the launch; a pair on the main row (6) does
    not."""
    state = solo(
        {
            "hands": [["R5", "Y5", "G5", "B5", "W1"]],
            "rows": [{"opening": ["three R1 Y1 G1"], "main": ["pair R2 Y2"]}],
            "current_row": "main",
            "deck": ["B1", "B2", "B3", "B4"],  # B1 B2 turned up, then B3 B4 to draw
            "open": ["G6"],
            "rest": "box",
        }
    )
    play(state, 0, "open")  # open: G6 B1; the deck: B3 B4
    words = caution(state, "place main three R5 Y5 G5")  # 3 to refill, 2 face up
    assert words is not None
    assert words.en == (
        "the launch can no longer succeed: the finale (0) can no longer end above the main row"
    )
    assert caution(state, "place main pair R5 Y5") is None, "main 6, then a 7 on the finale"
    words = caution(state, "discard B5")
    assert words is not None
    assert words.en.endswith("the main row (3) can no longer end above the opening (5)")


def test_solo_with_no_turn_left_an_empty_opening_dooms_every_move() -> None:
    """ソロ §3 C ② 「必ず一番下のオープニング列から」 and §4 ① 「山札の最後のカードが引かれたら、
    ゲームは終了します」: with two cards in the deck and one open card, every action ends the
    game before a second row can be started."""
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    play(state, 0, "open")  # open: B1; the deck: B3 B4
    found = cautioned(state)
    assert set(found) == set(legal(state))
    assert found["discard G2"] == (
        "the launch can no longer succeed: no turn is left to place a meld on the opening "
        "(the last goes on the finale)"
    )
    assert found["place opening three R2 Y2 G2"] == (
        "the launch can no longer succeed: the main row (0) can no longer end above the opening (5)"
    )


def test_solo_an_ordinary_opening_has_no_caution() -> None:
    state = solo(seed=3)
    play(state, 0, "open")
    assert cautioned(state) == {}


# --- the duel ---------------------------------------------------------------------------------
HANDS = [["R1", "Y1", "R4", "Y4", "W1"], ["R2", "Y2", "B6", "W2"]]
EMPTY_MAIN = {"opening": ["pair G5 B5"], "finale": ["pair G6 Y6"]}
EMPTY_TWO = {"opening": ["pair G5 B5"]}


def test_s6_the_final_meld_that_leaves_a_row_empty_is_cautioned() -> None:
    """§6 注意！打上げ失敗: 「ゲーム終了時、各列に最低1つ以上のカードを配置していないと
    打上げは失敗です。勝負に敗北してしまうので注意しましょう！」 — in the final phase, passing
    or placing elsewhere leaves the main row empty."""
    state = duel(
        {
            "hands": HANDS,
            "rows": [EMPTY_MAIN, {}],
            "deck": ["B1"],
            "discards": [],
            "turn": 0,
            "rest": "box",
        }
    )
    play(state, 0, "discard W1", "draw deck")
    assert phase(state) == "final"
    words = caution(state, "pass")
    assert words is not None
    assert words.en == "the launch fails: the main row stays empty"
    assert words.ja == "打上げ失敗になります：メインが空のまま"
    assert caution(state, "place opening pair R1 Y1") is not None
    assert caution(state, "place main pair R1 Y1") is None
    assert caution(state, "pass", seat=1) is None, "only the acting seat's moves"


def test_s6_an_action_that_draws_the_last_card_with_two_rows_empty_is_cautioned() -> None:
    """§6 「山札の最後のカードが引かれたら、即座に最終フェーズ」 「1組だけ」: with the main row
    and the finale empty and no discard to draw, any action takes the deck's last card; but
    for a meld placed on one of them, it leaves one meld for two rows."""
    setup = {"hands": HANDS, "rows": [EMPTY_TWO, {}], "deck": ["B1"], "turn": 0, "rest": "box"}
    state = duel({**setup, "discards": []})
    found = cautioned(state)
    saving = {c for c in legal(state) if c.startswith(("place main ", "place finale "))}
    assert saving and set(found) == set(legal(state)) - saving
    assert found["discard R4"] == (
        "the launch can no longer succeed: this action draws the deck's last card, leaving "
        "one last meld for 2 empty rows"
    )
    # with two discards to draw, the deck may outlast an action that owes two draws, but
    # not one that owes three
    state = duel({**setup, "discards": ["G7", "B7"]})
    assert set(cautioned(state)) == {"place opening three R1 Y1 W1", "place opening three R4 Y4 W1"}


def test_duel_rows_all_filled_have_no_caution() -> None:
    state = duel(
        {
            "hands": HANDS,
            "rows": [{**EMPTY_MAIN, "main": ["pair G7 B7"]}, {}],
            "deck": ["B1"],
            "discards": [],
            "turn": 0,
            "rest": "box",
        }
    )
    assert cautioned(state) == {}
    play(state, 0, "discard W1", "draw deck")
    assert cautioned(state) == {}


# --- what every caution keeps to ------------------------------------------------------------
def test_caution_of_an_illegal_move_is_none() -> None:
    state = solo({"hands": [OPENING_HAND], "deck": ["B1", "B2", "B3", "B4"], "rest": "box"})
    assert caution(state, "place finale three R2 Y2 G2") is None  # flip first


def _fails(state: StarmineState, seat: int) -> bool:
    result = state.outcome()
    assert result is not None
    failed = result.details["failed_launch"]
    return bool(failed if state.solo else failed[seat])


def _finish(state: StarmineState, rng: random.Random, bot: GreedyBot | None) -> StarmineState:
    """The game played to its end by random moves, or by the greedy bot (which tries to
    make its rows good)."""
    game = state.clone()
    while game.outcome() is None:
        (seat,) = game.active_seats()
        if bot is None:
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        else:
            game.apply(seat, choose_for(bot, game, seat))
    return game


def test_cautions_are_certain_complete_and_keep_secrets() -> None:
    """Over random games: a cautioned move fails the launch in every finish tried; a move
    that fails the launch at once is cautioned; and a caution depends only on what the seat
    knows (the same in every world sampled for it)."""
    rng = random.Random(30)
    seen = {"at once": 0, "later": 0}
    for players, seed in [(1, s) for s in range(30)] + [(2, s) for s in range(12)]:
        state = solo(seed=seed) if players == 1 else duel(seed=seed)
        while state.outcome() is None:
            (seat,) = state.active_seats()
            world = state.determinize(seat, random.Random(seed))
            for action in state.legal_actions(seat):
                words = state.caution(seat, action)
                assert world.caution(seat, action) == words, action.encode()
                after = state.clone()
                after.apply(seat, action)
                if after.outcome() is not None and _fails(after, seat):
                    assert words is not None, f"{action.encode()} fails without a caution"
                if words is None:
                    continue
                seen["at once" if after.outcome() is not None else "later"] += 1
                for bot in (None, None, GreedyBot(seed)):
                    assert _fails(_finish(after, rng, bot), seat), words.en
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen["at once"] > 20 and seen["later"] > 20, seen
