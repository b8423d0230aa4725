"""勝敗 (scoring): 4 余った手札の処理, 5 スートごとの判定, 6 勝利点, 7 さらに余った手札の処理, and
the simple variant's 5 and 6. The rulebook's worked examples are played to the end from a
final-round position, and the arithmetic is also checked on ``scoring`` directly.

Seat 0 is player A, seat 1 player B."""

from __future__ import annotations

from typing import Any

from asobi.core.cards import SEVEN, Card
from asobi.games.itsmine import scoring
from asobi.games.itsmine.actions import SUITS

from .itsmine_helpers import bids, endgame, play


def cols(spec: dict[str, str]) -> list[list[Card]]:
    """Seven columns from {"C": "C5 C6", ...}, smallest mine first."""
    return [SEVEN.parse(spec.get(s, "")) for s in SUITS]


def score(
    columns: tuple[dict[str, str], dict[str, str]],
    hands: tuple[str, str] = ("", ""),
    simple: bool = False,
) -> dict[str, Any]:
    """The outcome of scoring these hands and columns, as JSON."""
    outcome = scoring.final_outcome(
        [SEVEN.parse(h) for h in hands], [cols(c) for c in columns], simple
    )
    return outcome.to_json()


def mines(result: dict[str, Any]) -> list[list[str]]:
    return [list(m) for m in result["details"]["mines"]]


def finish_round(state: Any, first: list[str], second: list[str]) -> dict[str, Any]:
    """The final round: seat 0 shows 3 and plays first (codes ``first``), seat 1 shows 2."""
    bids(state, 3, 2)
    play(state, 0, *first)
    play(state, 1, *second)
    result = state.outcome()
    assert result is not None, "the final round ends the game"
    return dict(result.to_json())


# --- 4: 余った手札の処理(同スートのみ) ------------------------------------------------------------
def test_step4_leftovers_go_out_with_the_top_cards_of_their_column_heart_example() -> None:
    """4: 「手札と対応するスートの列のカードを「手札と1:1」の割合で一緒にゲームから除外する」
    「ある1つのスートで列に並べた全てのカードを捨てきっても同スートの手札が余っている場合は,
    それをいったん裏向きでまとめて手元に置いておく」 (例:プレイヤーAは,『ハートの7』の鉱山に
    カードを2枚並べている.余った手札にハートが3枚あったので,並べた2枚と手札2枚を一緒にゲームから
    除外した.しかし,まだ余った手札が1枚あったので,それをいったん手元に置いた)."""
    # Player A's Heart column climbs to 6: the Aces to 3 in hand can never be laid.
    state = endgame([["HA", "H2", "H3"], ["O3"]], [{"H": ["H5", "H6"]}, {}])
    result = finish_round(state, ["pass"], ["play O3"])
    details = result["details"]
    assert details["columns_scored"][0][0] == 0, "both Heart column cards removed"
    assert len(details["leftover"][0]) == 1, "one Heart stays in hand"
    assert details["mines"] == [[], ["O8"]], "A has no Heart left in the mine"
    assert details["points"] == [0, 8]

    reduced, left = scoring.remove_leftovers(SEVEN.parse("HA H2 H3"), cols({"H": "H5 H6"}))
    assert reduced[0] == [] and len(left) == 1


def test_step4_the_column_is_removed_from_the_top() -> None:
    """4: 「その際,対応する列の上から順にカードを除外する」 — the last laid first."""
    reduced, left = scoring.remove_leftovers(SEVEN.parse("C5"), cols({"C": "C4 C6 C8"}))
    assert [c.code for c in reduced[3]] == ["C4", "C6"] and left == []


def test_step4_cards_of_a_suit_never_laid_stay_as_leftovers() -> None:
    """4: 「もし,並べてないスートのカードが手札にあった場合…それをいったん裏向きでまとめて
    手元に置いておく」."""
    reduced, left = scoring.remove_leftovers(SEVEN.parse("S6 T7 K8"), cols({"K": "K9"}))
    assert [c.code for c in left] == ["S6", "T7"] and reduced[6] == []


def test_step4_comes_before_step5_and_can_turn_a_mine() -> None:
    """4 then 5: A's third Coffin goes out with A's unplayable Coffin 8; 2 against 2, the Time
    12 below is empty, so the smaller Coffin (B's 7) takes the Coffin K."""
    state = endgame([["K8"], []], [{"K": ["K9", "K10", "K11"]}, {"K": ["K12", "K7"]}])
    result = finish_round(state, ["pass"], ["pass"])
    assert result["details"]["columns_scored"][0][6] == 2
    assert mines(result) == [[], ["KK"]]


# --- 5: スートごとの判定(枚数) --------------------------------------------------------------------
def test_step5_more_cards_takes_the_mine() -> None:
    """5: 「ある1つの鉱山において,相手よりも並べているカードの枚数が多いプレイヤーがそのスートの
    鉱山を取り」."""
    result = score(({"S": "S5 S6", "B": "B3"}, {"S": "S9", "B": "B4 B5"}))
    assert mines(result) == [["S11"], ["B9"]]


def test_step5_a_tie_defers_to_the_next_mine_down() -> None:
    """5: 「並べた枚数が同数の場合,判定をいったん保留にし,そのすぐ下の数の鉱山(スート)で勝負を
    決める」「勝った方は,それまで同数で勝敗が保留されていた鉱山を全て取って」: Coffin 1–1, Time
    2–2, Star 3–1 — all three to A."""
    result = score(
        (
            {"K": "K8", "T": "T6 T7", "S": "S5 S6 S7"},
            {"K": "K9", "T": "T8 T9", "S": "S8"},
        )
    )
    assert mines(result) == [["S11", "T12", "KK"], []]
    assert result["details"]["points"] == [36, 0]


def test_step5_example_coin_book_onion_player_B_takes_coin_and_book() -> None:
    """5 (例:お互いに『コインの10』の鉱山に2枚ずつ並べている.…『ブックの9』の鉱山を見比べたところ,
    お互いに1枚だったので,さらに下の『オニオンの8』の鉱山を見比べた.すると,『オニオンの8』の鉱山
    にはお互いにカードを並べていなかったので,『オニオンの8』の上の『ブックの9』の鉱山に並べている
    カードを見た.すると,プレイヤーBがより小さい数を並べていたので,『コインの10』と『ブックの9』の
    鉱山を手に取り,プレイヤーBの目の前に置いた.) — played: A lays its second Coin, B its Book."""
    state = endgame(
        [["C6"], ["B3"]],
        [{"C": ["C5"], "B": ["B8"]}, {"C": ["C8", "C9"]}],
    )
    result = finish_round(state, ["play C6"], ["play B3"])
    assert mines(result) == [[], ["B9", "C10"]]
    assert result["details"]["points"] == [0, 19]
    assert result["ranks"] == [2, 1]
    assert result["details"]["tie_chains"] == [["C10", "B9"]]


def test_step5_alone_in_a_mine_takes_it_and_the_deferred_ones() -> None:
    """5: 「ある1つの鉱山で,相手プレイヤーがカードを出しておらず,自分だけが出している鉱山が
    あった場合は,即座に該当する鉱山を自分が得る」「もし,その上の鉱山…の判定が保留されていた場合,
    保留していた全ての鉱山を自分が得る」 — played: Coffin 1–1, then A alone in the Time."""
    state = endgame([["T6"], ["O3"]], [{"K": ["K8"]}, {"K": ["K9"]}])
    result = finish_round(state, ["play T6"], ["play O3"])
    assert mines(result) == [["T12", "KK"], ["O8"]]
    assert result["details"]["points"] == [25, 8]


def test_step5_a_mine_nobody_used_goes_to_nobody() -> None:
    """5: 「ある1つの鉱山で,お互いにカードを出していない鉱山があった場合は引き分けとして,
    どちらもその鉱山を得ることができない」."""
    result = score(({"K": "K8"}, {}))
    assert mines(result) == [["KK"], []]
    assert result["details"]["points"] == [13, 0]


def test_step5_a_tie_chain_meeting_an_empty_mine_goes_to_the_smaller_rank_above_it() -> None:
    """5: 「もし,ある鉱山で同数となり,下の鉱山にお互いにカードを並べていない場合,その鉱山(お互い
    にカードを並べていない鉱山の1つ上の鉱山)で,より小さい数を含むカードを並べているプレイヤーが
    鉱山を得る」: Coffin 1–1 and Time 1–1 deferred, the Star empty — Time's smaller rank (B's
    6) takes both."""
    result = score(({"K": "K7", "T": "T9"}, {"K": "K8", "T": "T6"}))
    assert mines(result) == [[], ["T12", "KK"]]


def test_step5_rare_case_a_tie_at_heart_goes_to_the_smaller_rank() -> None:
    """5 [レアなケース]: 「『ハートの7』の鉱山で同数だった場合は,『ハートの7』の鉱山で,より
    小さい数を含むカードを並べているプレイヤーが鉱山を得る」 — played, with an Onion tie deferred
    onto it."""
    state = endgame([["H4"], ["H2"]], [{"O": ["O5"]}, {"O": ["O3"]}])
    result = finish_round(state, ["play H4"], ["play H2"])
    assert mines(result) == [[], ["H7", "O8"]]
    assert result["details"]["points"] == [0, 15]


def test_step5_rare_case_an_empty_heart_ends_a_tie_chain_with_nobody_taking_it() -> None:
    """5 [レアなケース]: 「もし『ハートの7』の鉱山に誰もカードを置いていなかった場合は引き分け
    となる」「つまり,『ハートの7』のすぐ上の(あるいは、それまでの)鉱山が引き分けで,『ハートの7』
    の鉱山に誰もカードを置いていない場合は,『ハートの7』の鉱山を含め,これまで保留していた鉱山は誰も
    取ることができない」 — this rare case wins over the smaller-rank rule above it: Book 1–1 and
    Onion 1–1 are deferred into an empty Heart, and nobody takes any of them. Played: a draw."""
    state = endgame([["O3"], ["O5"]], [{"B": ["B4"]}, {"B": ["B3"]}])
    result = finish_round(state, ["play O3"], ["play O5"])
    assert mines(result) == [[], []]
    assert result["details"]["points"] == [0, 0]
    assert result["ranks"] == [1, 1], "level points, level leftovers: a draw"
    assert result["details"]["tie_chains"] == [["B9", "O8", "H7"]]


def test_step5_goes_from_coffin_k_down_to_heart_7() -> None:
    """5: 「必ず『コフィンのK』の鉱山から始め『ハートの7』の鉱山に至るまで順番に見る」: a tie
    defers downwards, never upwards — the Heart tie does not reach back to the Onion."""
    result = score(({"O": "O2 O3", "H": "H5"}, {"O": "O4", "H": "H3"}))
    assert mines(result) == [["O8"], ["H7"]]


# --- 6 and 7 --------------------------------------------------------------------------------------
def test_step6_a_mine_is_worth_its_number_and_K_is_13() -> None:
    """6: 「鉱山は,そのカードに書かれた数ほどの『勝利点』を持っている」≪補足9≫ 「Kは,13点と
    なります.それ以外は,そのまま7=7点,8=8点,…11=11点,12=12点」."""
    everything = {"H": "H2", "O": "O2", "B": "B3", "C": "C4", "S": "S5", "T": "T6", "K": "K7"}
    result = score((everything, {}))
    assert result["details"]["points"] == [7 + 8 + 9 + 10 + 11 + 12 + 13, 0]
    assert result["scores"] == [70.0, 0.0]


def test_step7_example_K_9_8_is_30_less_five_leftovers_is_15() -> None:
    """7: 「鉱山の勝利点の合計 - (余った手札の枚数 × 3点)」 (例:得た鉱山は,K,9,8だったので,
    13+9+8=30で,勝利点は30点となった.しかし,手札が5枚余ってしまったので,5×3=15ほど引かなければ
    ならず…最終的に,勝利点は30―15=15点となった) — played: A lays its second Onion and keeps five
    cards of suits it never laid."""
    state = endgame(
        [["O3", "H2", "H3", "C4", "S6", "T8"], []],
        [{"K": ["K8", "K9"], "B": ["B4", "B5"], "O": ["O2"]}, {"K": ["K10"], "B": ["B6"]}],
    )
    result = finish_round(state, ["play O3"], ["pass"])
    details = result["details"]
    assert details["mines"] == [["O8", "B9", "KK"], []]
    assert details["mine_points"] == [30, 0]
    assert len(details["leftover"][0]) == 5
    assert details["points"] == [15, 0]
    assert result["ranks"] == [1, 2]


def test_step7_points_never_fall_below_zero() -> None:
    """7: 「ただし,最低値は0で勝利点がマイナスの値を取ることはない」: 7 − 3 × 3 is 0."""
    result = score(({"H": "H2"}, {}), hands=("S6 T7 K8", ""))
    assert result["details"]["mine_points"] == [7, 0]
    assert result["details"]["points"] == [0, 0]


def test_winner_ties_go_to_fewer_leftover_cards() -> None:
    """勝敗: 「同点(引き分け)の場合は,この時点で余った手札が少ないプレイヤーが勝利します(国民の
    不満が低い方が勝者)」: A's Coin 10 + Onion 8 less two leftovers is 12, B's Time 12 — B wins."""
    result = score(({"C": "C4", "O": "O2"}, {"T": "T6"}), hands=("S6 K8", ""))
    assert result["details"]["points"] == [12, 12]
    assert result["ranks"] == [2, 1]


def test_winner_still_tied_is_a_draw() -> None:
    """勝敗: 「それでも引き分けの場合は,もう一度このゲームをはじめから遊び」: a draw."""
    result = score(({"O": "O2"}, {"H": "H2"}), hands=("S6 T7 K8", "S7 T8 K9"))
    assert result["details"]["points"] == [0, 0]
    assert result["ranks"] == [1, 1]


# --- シンプル -------------------------------------------------------------------------------------
def test_simple_ties_in_mines_7_to_9_go_to_the_smaller_rank() -> None:
    """シンプル 5: 「ある1つのスートで並べた枚数が同数の場合,…7~9の鉱山 … より小さい数を
    含んでいるプレイヤーが鉱山を得る」 — played."""
    state = endgame([["B5"], ["B3"]], [{}, {}], variant="simple")
    result = finish_round(state, ["play B5"], ["play B3"])
    assert mines(result) == [[], ["B9"]]
    assert result["details"]["points"] == [0, 10]


def test_simple_ties_in_mines_11_to_K_go_to_the_larger_rank() -> None:
    """シンプル 5: 「11~Kの鉱山 … より大きい数を含んでいるプレイヤーが鉱山を得る」 — played: in
    the Time, A's 11 beats B's 10."""
    state = endgame([["T11"], ["T9"]], [{"T": ["T6"]}, {"T": ["T10"]}], variant="simple")
    result = finish_round(state, ["play T11"], ["play T9"])
    assert mines(result) == [["T12"], []]


def test_simple_a_coin_tie_and_an_unused_mine_go_to_nobody() -> None:
    """シンプル 5: 「ただし,『コインの10』の鉱山が同数の場合,またはもし,どちらもカードを置いて
    いない鉱山があった場合は,どちらもその鉱山を取ることはできない」."""
    result = score(({"C": "C4 C5"}, {"C": "C6 C7"}), simple=True)
    assert mines(result) == [[], []]


def test_simple_no_deferring_to_the_mine_below() -> None:
    """シンプル 5: 「(「同数の場合,すぐ下の鉱山を見る」というルールを「見ない」に修正)」: the
    Coffin tie is settled in the Coffin (larger rank: B), not by A's Time below."""
    result = score(({"K": "K7", "T": "T6"}, {"K": "K8"}), simple=True)
    assert mines(result) == [["T12"], ["KK"]]
    assert score(({"K": "K7", "T": "T6"}, {"K": "K8"}))["details"]["mines"] == [
        ["T12", "KK"],
        [],
    ], "the basic rules defer it"


def test_simple_every_mine_is_worth_10_and_no_step_7() -> None:
    """シンプル 6: 「鉱山は,1枚10勝利点」【注意】 「7:さらに余った手札の処理 は行いません!」."""
    result = score(({"K": "K7", "H": "H2"}, {"C": "C5"}), hands=("S6 T7 O2", ""), simple=True)
    assert result["details"]["points"] == [20, 10]
    assert len(result["details"]["leftover"][0]) == 3


def test_simple_ties_fewer_leftovers_then_the_smallest_mine() -> None:
    """シンプル 6: 「同点の場合,余った手札が少ない方が勝者」「それでも引き分けの場合は,より数の
    小さい鉱山(例:最小は『ハートの7』の鉱山)を得ているプレイヤーが勝者」 — played for the
    second: A takes the Coffin K, B the Heart 7; B holds the smaller mine."""
    fewer_leftovers = score(({"H": "H2"}, {"K": "K7"}), hands=("S6", ""), simple=True)
    assert fewer_leftovers["ranks"] == [2, 1], "fewer leftovers comes before the smaller mine"
    state = endgame([["K7"], ["H2"]], [{}, {}], variant="simple")
    result = finish_round(state, ["play K7"], ["play H2"])
    assert result["details"]["points"] == [10, 10]
    assert result["ranks"] == [2, 1]


def test_simple_no_mine_on_either_side_is_a_draw() -> None:
    """シンプル [相当レアなケース]: 「お互いに,1つも鉱山を得ることなくゲームが終了した場合は,
    「引き分け」」."""
    state = endgame([["C5"], ["C6"]], [{}, {}], variant="simple")
    result = finish_round(state, ["play C5"], ["play C6"])
    assert result["details"]["mines"] == [[], []]
    assert result["ranks"] == [1, 1]
