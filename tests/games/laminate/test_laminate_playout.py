"""The compiled random playout (``asobi/games/laminate/playout.py``) on the positions random
play rarely reaches: each test plays moves through the kernel and the engine side by side
(the engine's chance scripted with the kernel's draws), holding at every move the kernel's
legal list to the engine's, and after the last the kernel's table to the engine's encoded
anew. ``tests/properties/test_playouts.py`` holds whole random playouts to the engine."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from asobi.core.playout_kernels import draw_log, generator
from asobi.core.playouts import ScriptedChance, draws_in
from asobi.games.laminate import SPEC
from asobi.games.laminate import playout as kernel
from asobi.games.laminate.state import LaminateOptions, LaminateState
from tests.properties.test_playouts import replay

from .laminate_helpers import game, legal, paper, table

SPACE = SPEC.action_space


def arrays(world: LaminateState) -> tuple[Any, ...]:
    encoded = kernel.encode(world)
    assert encoded is not None
    return encoded


def legal_codes(world: LaminateState, tables: tuple[Any, ...], seat: int) -> list[str]:
    """The kernel's legal actions of ``seat``, as codes."""
    table_, hands, papers, supply, _, _ = tables
    out = np.empty(kernel.MOST_LEGAL, dtype=np.int64)
    scratch = np.empty(80, dtype=np.int64)
    layers = np.empty(100, dtype=np.uint64)
    found = kernel.legal(table_, hands, papers, supply, seat, out, scratch, layers)
    return sorted(SPACE.action(int(i)).encode() for i in out[:found])


def side_by_side(world: LaminateState, *codes: str, seed: int = 0) -> tuple[Any, ...]:
    """Play ``codes`` (by whoever is to act) through the kernel and the engine, holding the
    legal lists equal before each; the kernel's arrays at the end, held to the engine's."""
    tables = arrays(world)
    gen = generator(seed)
    for code in codes:
        seat = int(kernel.active(tables[0], tables[1]))
        assert [seat] == sorted(world.active_seats())
        assert legal_codes(world, tables, seat) == sorted(legal(world, seat))
        log = draw_log(128)
        table_, hands, papers, supply, deck, discards = tables
        action = SPACE.index(SPACE.decode(code))
        kernel.move(table_, hands, papers, supply, deck, discards, seat, action, gen, log)
        world.rng = ScriptedChance(draws_in(log))
        world.apply(seat, SPACE.decode(code))
        assert not world.rng.draws
    again = arrays(world)
    # (the lists past their counts hold leftovers, not cards)
    mine, engines = tables[0], again[0]
    assert list(mine[: kernel.OWED_AT]) == list(engines[: kernel.OWED_AT])
    for start, count in ((kernel.OWED_AT, kernel.OWED), (kernel.GIVEN_AT, kernel.GIVEN)):
        assert list(mine[start : start + mine[count]]) == list(engines[start : start + mine[count]])
    for i in (1, 2, 3):  # hands, papers, supply
        assert np.array_equal(tables[i], again[i])
    assert list(tables[4][: mine[kernel.DECK]]) == list(again[4][: mine[kernel.DECK]])
    assert list(tables[5][: mine[kernel.DISCARDS]]) == list(again[5][: mine[kernel.DISCARDS]])
    if not world.is_over:
        seat = int(kernel.active(tables[0], tables[1]))
        assert legal_codes(world, tables, seat) == sorted(legal(world, seat))
    return tables


def played_out(world: LaminateState, seeds: range = range(8)) -> int:
    """Random playouts of ``world`` replayed through the engine; the moves replayed."""
    moves = 0
    for seed in seeds:
        found = kernel.playout(world.clone(), seed, 5000, True)
        assert found is not None
        replay(SPEC, world.clone(), found, 5000)
        moves += found.moves
    return moves


def test_options_the_kernel_does_not_play_are_left_to_the_protocol() -> None:
    """An option the kernel does not know might change play: the playout declines (None)
    and the search plays through the protocol."""

    class HouseRules(LaminateOptions):
        house_rule: int = 0

    world = game(players=4)
    world.options = HouseRules(players=4)
    assert kernel.playout(world, 1, 5000, False) is None
    assert kernel.playout(world, 1, 5000, True) is None


@pytest.mark.parametrize("end_points", [1, 6, 30])
def test_end_points_is_compiled(end_points: int) -> None:
    """``end_points``, the end condition's 15 (ゲームの終了と勝利条件): another value ends the
    game elsewhere, in the kernel as in the engine."""
    world = game(players=4, seed=end_points, end_points=end_points)
    assert played_out(world) > 0


def test_the_deck_runs_out_in_the_middle_of_a_draw() -> None:
    """補遺: 「山札の最後の 1 枚を引いたうえで捨て札をシャッフルし、新しい山札を用意してその一番上の
    カードを引きます」: the kernel shuffles the discards, in the deck's order, as the engine
    does."""
    world = table([["S5"], ["HA"], ["O4"]], deck=["K9"], discards=["T12", "O2", "C7", "B3"])
    tables = side_by_side(world, "draw")
    assert tables[0][kernel.DISCARDS] == 0 and tables[0][kernel.DECK] == 3
    side_by_side(world, f"keep {world.drawn[1].code}")
    assert played_out(world) > 0


def test_a_citation_of_another_needs_a_hand_card_left_for_its_thanks() -> None:
    """論文の引用: 「カードを渡すことができない場合は論文を引用することができません」: three
    citations of others keep three of the four hand cards back; the 49 can then be finished
    with an own 7 (free), never with another's 7 (no card left to thank its author)."""
    world = table(
        [["C8", "S11", "H4", "B4"], [], []],
        [
            [paper("kind3", "T9"), paper("threes3", "C7")],
            [paper("flush4", "T8"), paper("kind5", "O7"), paper("kind3", "B7")],
            [paper("straight7", "S10")],
        ],
    )
    side_by_side(world, "publish sum49", "lay C8", "cite T8", "cite S10", "cite O7", "cite T9")
    assert "cite C7" in legal(world) and "cite B7" not in legal(world)
    side_by_side(world, "cite C7", "give S11", "give H4", "give B4")
    assert world.papers[0][-1].kind.id == "sum49"


def test_a_100_plus_goes_on_taking_cards_until_done() -> None:
    """役の補足説明 100+ and 補遺 「(100+をのぞく)」: cards past 100 may still be laid; ``done``
    publishes it."""
    hands = [["K7", "K8", "K9", "K10", "K11", "K12", "KK", "T12", "T11", "HA"], [], []]
    world = table(hands, [[], [paper("ak", "S10")], []])
    side_by_side(world, "publish sum100", "lay KK", "lay K12", "lay K11", "lay K10")
    side_by_side(world, "lay K9", "lay K8", "lay K7", "lay T12", "lay T11")
    assert "done" not in legal(world)  # 93
    side_by_side(world, "cite S10")  # 103, and HA kept back to thank seat 1
    assert "done" in legal(world) and "lay HA" not in legal(world)
    side_by_side(world, "done", "give HA")


def test_everyone_passes_in_a_row() -> None:
    """「全員が連続でパスをしたら、その場でゲーム終了です」: the kernel's outcome is the
    engine's."""
    world = table([["HA"], ["O2"], ["B3"]], [[paper("kind3", "K9")], [], []])
    tables = side_by_side(world, "pass", "pass", "pass")
    assert world.is_over and kernel.active(tables[0], tables[1]) == -1
    outcome = world.outcome()
    assert outcome is not None
    assert kernel.outcome(tables[0], tables[2]) == (
        tuple(float(s) for s in outcome.scores),
        tuple(outcome.ranks),
    )


def test_the_end_flag_and_the_last_turns() -> None:
    """ゲームの終了と勝利条件: 15 points at the end of one's own turn, the End Flag laid with a
    hand card, one more turn for that player and two for the others."""
    fourteen = [
        paper("straight11", "T12"),
        paper("sum49", "B3"),
        paper("ak", "KK"),
        paper("kind3", "H7"),
        paper("flush4", "C8", "C9"),
    ]
    deck = ["H2", "O3", "B4", "C5", "S6", "T8", "K8", "K9", "K10", "K11"]
    world = table([["O2", "S5"], ["HA"], ["O4"]], [fourteen, [], []], deck=deck)
    side_by_side(world, "review C8", "flag O2")
    assert world.trigger == 0
    assert played_out(world) > 0


def test_a_publication_in_progress_is_played_on() -> None:
    """A world sampled by the publisher in the middle of a publication (論文発表) starts the
    playout from the draft, with the thanks still owed."""
    world = table(
        [["C8", "S11", "H4", "B4"], [], []],
        [
            [paper("kind3", "T9"), paper("threes3", "C7")],
            [paper("flush4", "T8"), paper("kind5", "O7"), paper("kind3", "B7")],
            [paper("straight7", "S10")],
        ],
    )
    side_by_side(world, "publish sum49", "lay C8", "cite T8", "cite S10", "cite O7")
    assert played_out(world) > 0
    side_by_side(world, "cite T9", "cite C7", "give S11")
    assert played_out(world) > 0
