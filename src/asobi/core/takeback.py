"""Taking back a move, within the rules of fair play: may ``seat`` undo ``action``?

Only within the mover's turn (or a simultaneous decision the others have not all made yet),
and only if the move told nobody anything they could not have known anyway and drew on no
chance. That is tested through the protocol alone, so it holds for every game: for each seat
(the mover included), in worlds sampled from what that seat knew before the move
(``determinize``), the move must be legal and must look exactly as it really did to that
seat, in its events and its view afterwards. A discard shows a card that was hidden in the
hand (in some of another seat's worlds the mover does not hold it); a draw from the deck
shows the mover a card that chance chose (its worlds draw other cards); both stay. A chip
placed on an open table, a secret bid that is not yet revealed, or a step of a move that
another seat sees nothing of yet (no event, the same view: a card laid in a paper still
being drafted), can be taken back.

Sampling can miss a world, so the test can say "may" where a rarer world would say "may
not"; with :data:`WORLDS` worlds per seat that needs a secret shared by nearly every world,
which is then hardly a secret.
"""

from __future__ import annotations

import random

from asobi.core.actions import Action
from asobi.core.errors import IllegalAction
from asobi.core.events import Event
from asobi.core.protocol import State
from asobi.core.words import Words

WORLDS = 8


def _seen(events: list[Event], seat: int) -> list[Event]:
    return [e for e in events if e.visible_to(seat)]


ENDED_GAME = Words("it ended the game", "その手でゲームが終わりました")
TURN_OVER = Words(
    "your turn is over (only moves within your turn can be taken back)",
    "手番が終わっています(取り消せるのは自分の手番の中の手だけです)",
)
CHANCE = Words(
    "it showed you something chance decided (a card drawn from the deck)",
    "偶然で決まったもの(山札から引いたカード)を見せました",
)


def cannot_take_back(move: Words, why: Words) -> Words:
    """The refusal to take back ``move`` (its words), saying ``why`` (as
    :func:`take_back_refusal` gives it), for every front end alike."""
    return Words(
        f"“{move.en}” cannot be taken back: {why.en}", f"「{move.ja}」は取り消せません:{why.ja}"
    )


def take_back_refusal(before: State, seat: int, action: Action) -> Words | None:
    """Why ``seat`` may not take back ``action`` played in ``before``, in both languages;
    None if it may."""
    rule = before.take_back_rule(seat, action)
    if rule is not None:
        return rule
    after = before.clone()
    events = after.apply(seat, action)
    if after.is_over:
        return ENDED_GAME
    if not _same_turn(before, after, seat):
        return TURN_OVER
    for other in range(before.players):
        if other != seat and not _seen(events, other) and after.view(other) == before.view(other):
            # A quiet step to them (a card laid in a paper still hidden): it showed them
            # nothing, so whether the mover could have made it in their worlds is no secret
            # it told them.
            continue
        rng = random.Random(other)
        for _ in range(WORLDS):
            world = before.determinize(other, rng)
            try:
                seen = world.apply(seat, action)
            except IllegalAction:
                return _why(seat, other)
            if _seen(seen, other) != _seen(events, other) or world.view(other) != after.view(other):
                return _why(seat, other)
    return None


def _same_turn(before: State, after: State, seat: int) -> bool:
    """Still ``seat``'s turn, or a decision taken together with others that they have not
    all made yet (a simultaneous bid waiting for the other bidder)."""
    still = after.active_seats()
    return seat in still or (bool(still) and still <= before.active_seats() - {seat})


def _why(seat: int, other: int) -> Words:
    if other == seat:
        return CHANCE
    # The seat as a mark, each front end names it ("seat 2" named seat 1, counted from 1
    # where every table counts from 0).
    return Words(
        f"it showed {{s:{other}}} something that was hidden from them",
        f"{{s:{other}}}に隠れていたものを見せました",
    )
