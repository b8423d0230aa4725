"""決算 (settlement): lay-offs (付け札), paying for the hand, gaining for combinations."""

from __future__ import annotations

from typing import Any

from asobi.core.words import fill
from asobi.games.rummycity.state import RummyCityState
from asobi.games.rummycity.words import phrasebook

from .rummycity_helpers import acting, end_all, legal, phase, play, refused, table, tepu


def settling(
    hands: list[list[str]],
    laid: list[list[str]],
    *,
    tepu_: tuple[int, int] = (7, 7),
    **more: Any,
) -> RummyCityState:
    """Seat 0 draws the row's last card (♣10); neither hand makes a combination, so each
    final turn is ended (a hand of 3+ ends its own: ruling 21) and the settlement begins
    with seat 1's lay-offs."""
    state = table(hands, ["C10"], laid=laid, tepu=list(tepu_), **more)
    play(state, 0, "draw 1")
    while state.view(None)["final_turn"]:
        assert legal(state) == ["end"], "a hand made a combination: no final turns expected"
        play(state, acting(state), "end")
    return state


def record(state: RummyCityState) -> dict[str, Any]:
    """The settlement's record, once every lay-off still open is ended."""
    end_all(state)
    settled: dict[str, Any] = state.view(None)["settlements"][-1]
    return settled


HANDS = [["S2"], ["H5", "H4", "S9", "DK", "CJ"]]
LAID = [["run H6 H7 H8", "mix S3 D4 C5"], ["set S7 D7 C7"]]


def test_settlement_starts_after_the_final_turns_with_lay_offs() -> None:
    """決算: 「各プレイヤーは相手の公開している組み合わせに、いくらでもつけ札をすることが
    できます」."""
    state = settling(HANDS, LAID)
    assert phase(state) == "settle" and acting(state) == 1
    assert legal(state) == ["end", "layoff H5 1"]
    # Ending one's lay-offs is said to everyone, in the rulebook's word (付け札).
    (ended,) = [e for e in play(state, 1, "end") if e.kind == "end"]
    assert ended.seat == 1 and ended.data == {"of": "layoffs"} and ended.visible_to(0)
    said = phrasebook(state.options).event(ended.to_json())
    assert said is not None and fill(said.en, ["Ami", "Ben"]) == "Ben finished laying off"
    assert fill(said.ja, ["Ami", "Ben"]) == "Benは付け札を終えた"


def test_lay_offs_chain_as_in_the_rulebook_example() -> None:
    """決算: 「「♥6-♥7-♥8」が公開されている時、「♥5」か「♥9」を付け足して…もし「♥5」を付け足
    した後、「♥4」を持っていた時は、それも付けることができます」."""
    state = settling(HANDS, LAID)
    assert "layoff H4 1" not in legal(state)
    refused(state, 1, "layoff H4 1", "決算")
    play(state, 1, "layoff H5 1")
    assert "layoff H4 1" in legal(state)
    play(state, 1, "layoff H4 1")
    # Both went onto seat 0's run, which is still one combination.
    assert record(state)["towns"][1]["hand"] == 3


def test_the_nine_extends_the_other_end() -> None:
    """決算: 「「♥5」か「♥9」を付け足して」."""
    state = settling([["S2"], ["H9", "H10", "SK"]], [["run H6 H7 H8"], []])
    assert legal(state) == ["end", "layoff H9 1"]
    play(state, 1, "layoff H9 1", "layoff H10 1")
    assert record(state)["towns"][1]["hand"] == 1


def test_lay_offs_go_onto_the_other_players_combinations_only() -> None:
    """決算: 「相手の公開している組み合わせに」: not onto one's own."""
    state = settling([["S2", "H9"], ["DK", "CJ"]], [["run H6 H7 H8"], []])
    # Seat 1 has nothing to lay off; seat 0 holds ♥9 but the run is its own.
    assert record(state)["towns"][0]["hand"] == 3


def test_lay_offs_onto_mix_runs_and_sets_respect_their_sizes() -> None:
    """組み合わせ and 決算: a MIX Run takes a 4th card (「3,4枚」), a Set its 4th card."""
    state = settling(
        [["S2"], ["H6", "H2", "S8", "HK"]],
        [["mix S3 D4 C5", "set S9 D9 C9", "mix SJ DQ CK"], []],
    )
    codes = legal(state)
    assert "layoff H6 1" in codes and "layoff H2 1" in codes
    assert not any(code.endswith(" 2") for code in codes)  # no 9 at hand
    assert "layoff HK 3" not in codes  # ♣K is there already
    play(state, 1, "layoff H6 1")
    # The MIX Run holds 4 cards now: no 5th.
    assert "layoff H2 1" not in legal(state)
    refused(state, 1, "layoff H2 1", "決算")


def test_a_refused_lay_off_names_the_rule() -> None:
    state = settling(HANDS, LAID)
    refused(state, 1, "layoff S9 1", "決算")  # does not extend
    refused(state, 1, "layoff H5 3", "決算")  # no 3rd combination
    refused(state, 1, "layoff HA 1", "決算")  # not in hand
    refused(state, 1, "draw 1", "プレーの手順")


def test_lay_offs_use_the_bank() -> None:
    """銀行/警察署について: 「ラウンド終了時の付け札にもこの効果は適用され」: with a 9 on its
    Bank, seat 1's ♣9 extends ♥6-♥7-♥8."""
    state = settling(
        [["S2"], ["C9", "DK"]],
        [["run H6 H7 H8"], []],
        buildings=[[], ["bank"]],
        deposits={"bank": "S9"},
    )
    assert "layoff C9 1" in legal(state)
    play(state, 1, "layoff C9 1")
    assert record(state)["towns"][1]["hand"] == 1


def test_lay_offs_use_the_police_station() -> None:
    """警察署について: a wild card may be laid off too."""
    state = settling(
        [["S2"], ["C3", "DK"]],
        [["set S9 D9 C9"], []],
        buildings=[[], ["police"]],
        deposits={"police": "S3"},
    )
    assert "layoff C3 1" in legal(state)


def test_pay_one_tepu_per_card_left_in_hand() -> None:
    """決算: 「各プレイヤーの手元に残った枚数分、テプを支払うことになります。ex)手札が10枚
    残った場合、10テプ支払う」."""
    state = settling([["S2", "HA", "DJ"], ["DK", "CJ", "S4", "H8"]], [[], []], tepu_=(10, 10))
    assert record(state)["towns"][0]["paid"] == 4  # S2 HA DJ + the ♣10 drawn
    assert record(state)["towns"][1]["paid"] == 4
    assert tepu(state) == [6, 6]


def test_gain_one_tepu_per_combination_not_per_card() -> None:
    """決算: 「支払った後に自分が公開した「組み合わせ」1つにつき、1テプを得られます。(枚数では
    ありません!)」: a 6-card run and a MIX Run gain 2."""
    state = settling(
        [["S2"], ["DK", "CJ"]], [["run H3 H4 H5 H6 H7 H8", "mix S3 D4 C5"], []], tepu_=(7, 7)
    )
    town = record(state)["towns"][0]
    assert (town["hand"], town["paid"], town["combinations"]) == (2, 2, 2)
    assert tepu(state)[0] == 7


def test_lay_offs_do_not_count_as_combinations_of_the_player_laying_them() -> None:
    """決算: the cards laid off are no combination of their own."""
    state = settling(HANDS, LAID)
    play(state, 1, "layoff H5 1", "layoff H4 1")
    towns = record(state)["towns"]
    assert towns[0]["combinations"] == 2 and towns[1]["combinations"] == 1


def test_short_purse_pays_everything_then_still_gains() -> None:
    """決算: 「もし、支払えるだけのテプがない場合は、手持ちのテプをすべて支払い、0テプとして、
    …テプの獲得処理を続けます」: 2 tepu, 3 cards, 1 combination → 0 + 1 = 1."""
    state = settling(HANDS, LAID, tepu_=(7, 2))
    play(state, 1, "layoff H5 1", "layoff H4 1")
    town = record(state)["towns"][1]
    assert (town["hand"], town["paid"], town["combinations"]) == (3, 2, 1)
    assert tepu(state) == [7, 1]


def test_short_purse_at_zero_pays_nothing_and_never_goes_below_zero() -> None:
    """決算: an empty purse stays at 0, then gains."""
    state = settling([["S2", "H9", "D5"], ["DK", "CJ"]], [[], ["set S7 D7 C7"]], tepu_=(0, 0))
    end_all(state)
    assert tepu(state) == [0, 1]
    assert record(state)["towns"][0]["paid"] == 0


def test_buildings_income_is_gained_at_settlement() -> None:
    """決算 and our catalogue: each building's income (the Shrine 1, the Hospital 2) is gained
    after paying, like the combinations."""
    state = settling(
        [["S2"], ["DK", "CJ"]], [[], []], buildings=[["shrine", "hospital", "park"], []]
    )
    town = record(state)["towns"][0]
    assert (town["paid"], town["income"]) == (2, 3)
    # By the building that paid it (the table names them): the Park pays nothing.
    assert town["income_from"] == {"shrine": 1, "hospital": 2}
    assert record(state)["towns"][1]["income_from"] == {}
    assert tepu(state) == [8, 5]


def test_income_is_gained_even_with_a_short_purse() -> None:
    """決算: the gains follow the payment at 0 (「0テプとして…獲得処理を続けます」)."""
    state = settling(
        [["S2", "H9", "D5"], ["DK", "CJ"]], [[], []], buildings=[["castle"], []], tepu_=(1, 7)
    )
    end_all(state)
    assert tepu(state)[0] == 4


def test_settlement_begins_a_new_round_with_the_buildings_kept() -> None:
    """決算: 「また、新しいラウンドを始めます…建てた建物はそのままにしておきます」."""
    state = settling([["S2"], ["DK", "CJ"]], [[], []], buildings=[["shrine"], ["park"]])
    assert state.view(None)["round"] == 2
    assert [s["buildings"] for s in state.view(None)["seats"]] == [["shrine"], ["park"]]
    assert phase(state) == "turn"
