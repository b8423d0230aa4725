"""A game's rules summary in the terminal's language: what ``asobi rules GAME`` prints, and
``rules`` typed during a game.

A game gives its summary in English (``GameSpec.summary``) and in Japanese
(``GameSpec.summary_ja``); where it has none in Japanese, a Japanese reader gets the English
one after a line saying so.
"""

from __future__ import annotations

from asobi.core.protocol import GameSpec
from asobi.core.words import Lang, Words

SAID = {
    "english only": Words(
        "", "*{name}のルール要約は日本語版がまだありません。英語版を表示します。*"
    ),
    "none": Words("{name} has no rules summary yet.", "{name}のルール要約はまだありません。"),
}


def summary(spec: GameSpec, lang: Lang) -> str:
    """``spec``'s rules summary as Markdown in ``lang``: in Japanese where the game has it,
    else in English (in a Japanese terminal, after a line saying so); one line saying there
    is none where the game has no summary in either language."""
    name = Words(f"{spec.name_en} ({spec.name_ja})", spec.name_ja).get(lang)
    if lang == "ja" and spec.summary_ja:
        return spec.summary_ja
    if not spec.summary:
        return SAID["none"].get(lang).format(name=name)
    if lang == "ja":
        return SAID["english only"].ja.format(name=name) + "\n\n" + spec.summary
    return spec.summary
