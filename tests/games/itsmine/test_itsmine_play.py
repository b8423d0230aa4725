"""フェイズ3 カードの配置 (鉱山を掘り進む): 5) 6), カードの出し方の原則, 基本①–③, 特殊①②,
≪補足7≫, and the レアなケース after a tied auction."""

from __future__ import annotations

from itertools import pairwise, permutations
from typing import Any

from asobi.core.cards import SEVEN
from asobi.games.itsmine.actions import Play
from asobi.games.itsmine.rules import run_bounds
from asobi.games.itsmine.state import accepts

from .itsmine_helpers import active, bids, column, duel, hand, legal, phase, play, plays, refused


def phase3(
    hands: list[list[str]],
    columns: list[dict[str, list[str]]] | None = None,
    higher: int = 0,
    **more: Any,
) -> Any:
    """Phase 3 of a round with nothing to take: ``higher`` showed the higher face."""
    state = duel(
        {
            "hands": hands,
            "columns": columns or [{}, {}],
            "citizens": [],
            "deck": [],
            "bonus": [],
            "rest": "box",
            **more,
        }
    )
    bids(state, 5, 2) if higher == 0 else bids(state, 2, 5)
    assert phase(state) == "play" and active(state) == [higher]
    return state


def made_up(codes: str) -> Play:
    """A Play no code can name (the decoder only knows lawful shapes)."""
    return Play(tuple(SEVEN.parse(codes)))


# --- 5) 6) order ----------------------------------------------------------------------------------
def test_phase3_5_the_higher_face_plays_first_then_the_lower() -> None:
    """フェイズ3 5): 「フェイズ1で「大きい目」を出したプレイヤーから先に,…手札からカードを1枚
    かそれ以上出す」 6): 「その後,「小さい目」を出したプレイヤーも同様に」."""
    state = phase3([["H2"], ["O3"]], higher=1)
    refused(state, 0, "play H2", "turn order")
    play(state, 1, "play O3")
    assert active(state) == [0], "one play each: then the lower face"
    refused(state, 1, "pass", "turn order")
    play(state, 0, "play H2")
    assert column(state, 0, "H7") == ["H2"] and column(state, 1, "O8") == ["O3"]
    assert phase(state) == "bid", "step 7): back to phase 1 for the next round"


def test_phase3_laid_cards_go_to_the_players_own_column_of_their_suit() -> None:
    """原則: 「出したカードはそれぞれ対応するスートの鉱山の自分側に,…縦一列になるように並べる」
    「自分の目の前には,1つのスートにつき縦に1列しかできない」."""
    state = phase3([["K8", "S7", "T7"], []], [{"K": ["K10"]}, {"K": ["K12"]}])
    play(state, 0, "play S7 T7")
    assert column(state, 0, "S11") == ["S7"] and column(state, 0, "T12") == ["T7"]
    assert column(state, 1, "S11") == [] and column(state, 1, "T12") == []
    assert column(state, 0, "KK") == ["K10"]
    assert hand(state, 0) == ["K8"]


# --- 基本①, 特殊①②, and the Q&A on mixing them ----------------------------------------------------
def test_basic1_one_card_of_any_suit() -> None:
    """基本①: 「手札から1枚しか出せない.まだ自分の目の前に出していないスートのカードであれば,
    どの数字でも出せる」."""
    state = phase3([["HA", "O5", "C4", "K12"], []], [{"K": ["K8", "K9"]}, {}])
    assert plays(state) == {"play HA", "play O5", "play C4", "play K12"}


def test_special1_two_or_more_consecutive_ranks_of_one_suit_up_or_down() -> None:
    """特殊①: 「ある1つのスートで,2つ以上連続する数のカード(例:スターの7.8.9)」 — laid in
    the order given, so ascending or descending."""
    state = phase3([["S7", "S8", "S9"], []])
    assert plays(state) == {
        "play S7",
        "play S8",
        "play S9",
        "play S7 S8",
        "play S8 S7",
        "play S8 S9",
        "play S9 S8",
        "play S7 S8 S9",
        "play S9 S8 S7",
    }
    play(state, 0, "play S9 S8 S7")
    assert column(state, 0, "S11") == ["S9", "S8", "S7"], "laid in the given order"


def test_special1_the_ranks_must_be_consecutive() -> None:
    """特殊①: 「連続する数」: Star 7 and Star 9 without the 8 are not a run."""
    state = phase3([["S7", "S9"], []])
    assert plays(state) == {"play S7", "play S9"}
    refused(state, 0, made_up("S7 S9"), "基本① / 特殊①②")
    refused(state, 0, made_up("S9 S7"), "基本① / 特殊①②")


def test_special2_one_rank_in_different_suits() -> None:
    """特殊②: 「異なるスートの同じ数のカード(例:ブックの7とコインの7とタイムの7)」; ▼
    「一度に何枚でも出すことができる(なお、全て出す必要もない)」."""
    state = phase3([["B7", "C7", "T7"], []])
    assert plays(state) == {
        "play B7",
        "play C7",
        "play T7",
        "play B7 C7",
        "play B7 T7",
        "play C7 T7",
        "play B7 C7 T7",
    }
    play(state, 0, "play B7 C7 T7")
    assert [column(state, 0, m) for m in ("B9", "C10", "T12")] == [["B7"], ["C7"], ["T7"]]


def test_QA_special1_and_special2_are_never_mixed() -> None:
    """Q&A: 「手札に,特殊①と特殊②を満たすカード(たとえば,コインの6,7,8と,スターの7,タイムの
    7)があった場合,その両方の条件を満たす全てのカードを出せますか?」「出せません。「好きな1枚を
    出す」「コインの6,7,8を出す」「コインの7,スターの7,タイムの7を出す」のどれかを選択します
    (補足:…「コインの7と8のみ」や「スターの7とタイムの7」のように,好きな枚数や組み合わせを
    選択可能です)」."""
    state = phase3([["C6", "C7", "C8", "S7", "T7"], []])
    singles = {"play C6", "play C7", "play C8", "play S7", "play T7"}
    coin_runs = {
        "play C6 C7",
        "play C7 C6",
        "play C7 C8",
        "play C8 C7",
        "play C6 C7 C8",
        "play C8 C7 C6",
    }
    sevens = {"play C7 S7", "play C7 T7", "play S7 T7", "play C7 S7 T7"}
    assert plays(state) == singles | coin_runs | sevens
    assert {"play C7 C8", "play S7 T7"} <= plays(state), "the Q&A's sub-choices"
    for mix in ("C6 C7 C8 S7 T7", "C6 C7 C8 S7", "C8 C7 T7", "C6 S7"):
        refused(state, 0, made_up(mix), "基本① / 特殊①②")


def test_phase3_only_cards_in_hand_can_be_laid() -> None:
    state = phase3([["H2"], ["O3"]])
    refused(state, 0, "play O3", "フェイズ3 5)")
    refused(state, 0, "play H2 H3", "フェイズ3 5)")


# --- 基本② 基本③ ----------------------------------------------------------------------------------
def test_basic2_the_second_card_sets_the_direction_of_the_column() -> None:
    """基本②: 「すでに同じスートのカードを出している場合は,以下のどちらか1つの順番でしか出す
    ことができない a.その数より大きい数 b.その数より小さい数」 — the first card allows both."""
    state = phase3([["C5", "C8"], []], [{"C": ["C6"]}, {}])
    assert plays(state) == {"play C5", "play C8"}, "one card down: either way"
    play(state, 0, "play C8")
    assert column(state, 0, "C10") == ["C6", "C8"]


def test_basic2_an_ascending_column_stays_ascending() -> None:
    """基本②: 「なお、一度、昇順/降順が決まったら,そのスート内ではその法則を厳守する(スート
    の列ごとに昇順/降順を決める)」."""
    state = phase3([["C5", "C9", "S6", "S7"], []], [{"C": ["C4", "C8"], "S": ["S9", "S8"]}, {}])
    assert plays(state) == {"play C9", "play S6", "play S7", "play S7 S6"}
    refused(state, 0, "play C5", "基本②")
    refused(state, 0, "play S6 S7", "基本②")


def test_basic2_runs_keep_the_direction_within_the_play() -> None:
    """基本② with 特殊①: a run onto a column holding one card sets the direction with its first
    card: onto Star 10, 9-8-7 goes down, 7-8-9 would turn back up."""
    state = phase3([["S7", "S8", "S9"], []], [{"S": ["S10"]}, {}])
    assert "play S9 S8 S7" in plays(state)
    assert "play S7 S8 S9" not in plays(state)
    refused(state, 0, "play S7 S8 S9", "基本②")
    play(state, 0, "play S9 S8 S7")
    assert column(state, 0, "S11") == ["S10", "S9", "S8", "S7"]


def test_basic2_each_card_of_a_same_rank_play_fits_its_own_column() -> None:
    """基本② with 特殊②: Book 7 and Coin 7 together, but the Book column is descending to 5."""
    state = phase3([["B7", "C7"], []], [{"B": ["B8", "B5"]}, {}])
    assert plays(state) == {"play C7"}
    refused(state, 0, "play B7 C7", "基本②")


def test_basic3_gaps_are_allowed() -> None:
    """基本③: 「同じスートで,かつ,昇順/降順を守っているのならば,連続した数字である必要は
    ない(例:3→6→8…)」."""
    state = phase3([["T11"], []], [{"T": ["T6", "T9"]}, {}])
    play(state, 0, "play T11")
    assert column(state, 0, "T12") == ["T6", "T9", "T11"]


def test_QA_A_is_the_smallest_rank_and_12_the_largest() -> None:
    """Q&A: 「カードの,小さい数?大きい数?」「小← A・2・3 ・・・・ 10・11・12 →大 です」: A goes
    below 2 in a falling Heart column; 12 above 11 in a rising Coffin column."""
    state = phase3([["HA", "K12"], []], [{"H": ["H3", "H2"], "K": ["K10", "K11"]}, {}])
    assert plays(state) == {"play HA", "play K12"}


def test_QA_the_opponents_column_does_not_bind_yours() -> None:
    """原則: 「相手が出した列のルールは,自分の列には影響しない」; Q&A: 「すでに『コインの10』の
    鉱山に,相手プレイヤーが「昇順」でカードを置いています.…自分も「昇順」でカードを出さなければ
    いけませんか?」「「昇順」で出さなくていいです.…相手のカードの出し方は,自分のカードの出し方に
    影響しません.」"""
    state = phase3([["C5"], ["C9"]], [{"C": ["C7", "C6"]}, {"C": ["C4", "C8"]}])
    play(state, 0, "play C5")
    play(state, 1, "play C9")
    assert column(state, 0, "C10") == ["C7", "C6", "C5"]
    assert column(state, 1, "C10") == ["C4", "C8", "C9"]


# --- パス -----------------------------------------------------------------------------------------
def test_phase3_no_pass_while_a_card_can_be_laid() -> None:
    """原則: 「パス(0枚)はできない」."""
    state = phase3([["H2"], []])
    assert legal(state) == ["play H2"]
    refused(state, 0, "pass", "補足7 / パス(0枚)はできない")


def test_supplement7_pass_with_no_hand_or_no_legal_card() -> None:
    """≪補足7≫ 「手札がない場合,あるいは,ルール上どうしてもカードを出すことができない状況で
    ある場合は,自分の目の前にカードは出さずに例外的に「パス」をする」."""
    state = phase3([["C5", "C6"], []], [{"C": ["C8", "C9"]}, {}])
    assert legal(state, 0) == ["pass"], "the Coin column only climbs from 9"
    play(state, 0, "pass")
    assert legal(state, 1) == ["pass"], "an empty hand"
    play(state, 1, "pass")
    assert hand(state, 0) == ["C5", "C6"]


def test_phase3_cards_are_laid_in_phase3_only() -> None:
    state = duel({"hands": [["H2"], ["O3"]]})
    refused(state, 0, "play H2", "フェイズ3 5)")
    refused(state, 0, "pass", "フェイズ3")
    phase_3 = phase3([["H2"], ["O3"]])
    refused(phase_3, 0, "bid 3", "フェイズ1 1)")
    refused(phase_3, 0, "keep", "3枚ボーナス")


# --- レアなケース: after a tied auction -----------------------------------------------------------
def tied(hands: list[list[str]], columns: list[dict[str, list[str]]], **more: Any) -> Any:
    """Phase 3 after an auction that ended tied (one card in the deck: no tie-draw)."""
    state = duel(
        {
            "hands": hands,
            "columns": columns,
            "citizens": [],
            "deck": ["HA"],
            "bonus": ["K7", "T6"],
            "rest": "box",
            **more,
        }
    )
    bids(state, 4, 4)
    assert phase(state) == "play_together"
    return state


# Both have two cards in the Onion column: whoever lays first gets the Onion bonus.
ONIONS = [{"O": ["O2", "O4"]}, {"O": ["O7", "O5"]}]


def test_rare_case_both_play_at_once_and_the_larger_sum_lays_first() -> None:
    """レアなケース: 「再オークションの結果,お互いに同じ目のままフェイズ1が終わった場合,フェイズ3
    では,どちらかの合図で同時にカードを出す」「自分が出したカードに書かれた数を合計し,より大きい
    数のプレイヤーが「大きい目」のプレイヤーとして先にカードを出す」: seat 1 commits first with a
    small play; seat 0's larger sum lays first and takes the Onion bonus."""
    state = tied([["O6", "H2"], ["O3", "H4"]], ONIONS)
    assert active(state) == [0, 1]
    play(state, 1, "play O3")
    assert active(state) == [0]
    assert "play" not in state.view(0)["seats"][1], "the other's play stays hidden"
    assert state.view(1)["seats"][1]["play"] == "play O3", "a seat sees its own choice"
    assert state.view(0)["seats"][1]["committed"] is True
    play(state, 0, "play O6")
    assert state.view(None)["higher"] == 0
    assert phase(state) == "bonus" and active(state) == [0], "seat 0 laid its third Onion first"
    play(state, 0, "keep")
    assert column(state, 1, "O8") == ["O7", "O5", "O3"], "seat 1 laid too, with no bonus"
    assert hand(state, 0) == ["H2", "K7"]
    assert phase(state) == "bid"


def test_rare_case_equal_sums_the_play_with_the_smaller_mine_first() -> None:
    """レアなケース: 「もし,それも同数の場合は,より小さい数の鉱山(例:『ハートの7』の鉱山が最少)
    のカードを含むプレイヤーから先にカードを出す」: 6 against 3+3, and seat 1's Heart 3 holds
    the smaller mine."""
    state = tied([["O6"], ["H3", "O3"]], ONIONS)
    play(state, 0, "play O6")
    play(state, 1, "play H3 O3")
    assert state.view(None)["higher"] == 1
    assert phase(state) == "bonus" and active(state) == [1]


def test_rare_case_same_smallest_mine_the_smaller_rank_in_it_first() -> None:
    """レアなケース: 「さらに同じ鉱山のカードを含む場合は,その鉱山でより小さい数のカードを含む方が
    先にカードを出す」: Onion 6 against Book 3 + Onion 3 (sums 6): both reach Onion, 3 < 6."""
    state = tied([["O6"], ["B3", "O3"]], ONIONS)
    play(state, 0, "play O6")
    play(state, 1, "play B3 O3")
    assert state.view(None)["higher"] == 1
    assert active(state) == [1]
    play(state, 1, "remove")
    assert column(state, 0, "O8") == ["O2", "O4", "O6"]
    assert phase(state) == "bid", "seat 0 reached three after seat 1: no bonus for it"


def test_rare_case_pass_only_without_a_legal_play() -> None:
    """≪補足7≫ holds in the simultaneous phase too; a passing seat lays after the other."""
    state = tied([["O6"], []], ONIONS)
    refused(state, 0, "pass", "補足7 / パス(0枚)はできない")
    assert legal(state, 1) == ["pass"]
    play(state, 1, "pass")
    play(state, 0, "play O6")
    assert state.view(None)["higher"] == 0
    assert column(state, 0, "O8") == ["O2", "O4", "O6"]
    assert active(state) == [0], "and its bonus"


def test_the_runs_a_column_takes_are_those_its_direction_allows() -> None:
    """基本② and 特殊①: ``run_bounds`` (what ``legal_plays`` asks) agrees with ``accepts``,
    laid card by card, for every column of up to three cards of a suit and every run of
    its other cards, laid upwards and downwards."""
    suit = [c for c in SEVEN.cards if c.suit == "H"]
    columns = [
        list(col) for size in range(4) for col in permutations(suit, size) if accepts((), col)
    ]
    checked = 0
    for col in columns:
        rest = [c for c in suit if c not in col]
        up_above, down_below = run_bounds(col)
        for i in range(len(rest)):
            for j in range(i + 2, len(rest) + 1):
                run = tuple(rest[i:j])
                if any(b.rank != a.rank + 1 for a, b in pairwise(run)):
                    continue  # not a run
                assert (run[0].rank > up_above) == accepts(col, run), (col, run)
                assert (run[-1].rank < down_below) == accepts(col, run[::-1]), (col, run)
                checked += 1
    assert checked == 469  # every (column, run) pair there is: none skipped
