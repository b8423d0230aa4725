"""The judge of 星をなくしたキャロテイン on hand-made layouts with known answers.

星座作成タイム: "星チップ、いちばん星チップ、無色の星チップの【中心点】を2つの【星座ボード】で
隠して星座を作る"; "【星チップ】の白い部分が乗っていても…【中心点】が隠せたかどうかが判定の基準";
success with at most 2 centre points not hidden; "【星座ボード】の上に【星座ボード】を重ねて置かない
こと". 散らかしタイム: "【星チップ】を置くときに他の【星チップ】に触ってはいけません". The sizes
are asobi's (sky.toml): a 600 × 450 mm mat, 20 mm chips with 6 mm centre points.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from asobi.core.errors import IllegalAction, InvalidOptions
from asobi.games.carrotein.sky import (
    Pose,
    Verdict,
    chip_refusal,
    default_sky,
    figure_polygons,
    judge,
    read_sky_file,
)

SKY = default_sky()
SITTING = SKY.board("sitting")  # body: an ellipse 52 × 48 around (0, -20) on the board
EARS = SKY.board("ears")  # two ears, 9 mm half-wide, around (±22, 44), a gap between
LEAPING = SKY.board("leaping")
FAR = Pose(500, 380)  # a second board well away from everything


def hidden(centres: list[tuple[float, float]], pose: Pose, board=SITTING) -> tuple[bool, ...]:  # type: ignore[no-untyped-def]
    return judge(SKY, centres, [(board, pose), (SKY.board("stretching"), FAR)]).hidden


def test_the_default_sky_has_seven_distinct_boards_of_the_designed_size() -> None:
    """内容物: 星座ボード（7枚）; our design: plates 150–200 mm across, each a different pose."""
    assert len(SKY.boards) == 7
    assert (SKY.width, SKY.height, SKY.chip_radius, SKY.centre_radius) == (600, 450, 10, 3)
    for b in SKY.boards:
        minx, miny, maxx, maxy = b.plate.bounds
        assert 150 <= max(maxx - minx, maxy - miny) <= 200, b.id
        assert b.en and b.ja
    assert len(figure_polygons(EARS.figure)) == 3  # a figure with gaps
    areas = sorted(b.figure.area for b in SKY.boards)
    assert areas[-1] > 2.5 * areas[0]  # compact and thin figures differ a lot


def test_a_centre_point_deep_under_the_figure_is_hidden() -> None:
    assert hidden([(300, 205)], Pose(300, 225)) == (True,)


def test_a_centre_disc_only_partly_under_the_figure_is_not_hidden() -> None:
    """The body's edge lies at x = 352 on the mat: a centre 2 mm inside leaves its 6 mm disc
    sticking out (not hidden); 5 mm inside, the whole disc is under the rabbit."""
    assert hidden([(350, 205), (347, 205), (352, 205), (356, 205)], Pose(300, 225)) == (
        False,
        True,
        False,
        False,
    )


def test_the_gap_between_the_ears_hides_nothing() -> None:
    """A figure of several parts hides only under its parts: between the ears is clear acrylic."""
    pose = Pose(300, 225)
    assert hidden([(300 - 22, 225 + 44), (300, 225 + 44)], pose, EARS) == (True, False)


def test_turning_a_board_over_mirrors_its_figure() -> None:
    """ "【星座ボード】はオモテウラがありません": turned over, the leaping rabbit's head (at x = +62
    on the board) is on the left."""
    head_right, head_left = (362, 237), (238, 237)
    assert hidden([head_right, head_left], Pose(300, 225), LEAPING) == (True, False)
    assert hidden([head_right, head_left], Pose(300, 225, mirrored=True), LEAPING) == (False, True)


def test_a_board_turns_about_its_centre() -> None:
    """Turned 90° anticlockwise, the sitting rabbit's body (an ellipse 52 × 48 around (0, -20))
    lies around (20, 0), 48 × 52: it now covers (60, 0) and leaves the bottom (0, -60)."""
    right, below = (360, 225), (300, 165)
    assert hidden([right, below], Pose(300, 225)) == (False, True)
    assert hidden([right, below], Pose(300, 225, angle=90)) == (True, False)


def test_boards_may_touch_but_not_overlap() -> None:
    """ "【星座ボード】の上に【星座ボード】を重ねて置かないこと"."""
    width = SITTING.plate.bounds[2] - SITTING.plate.bounds[0]
    touching = [(SITTING, Pose(200, 225)), (SITTING, Pose(200 + width, 225))]
    assert judge(SKY, [(200, 205)], touching).hidden == (True,)
    overlapping = [(SITTING, Pose(200, 225)), (SITTING, Pose(200 + width - 1, 225))]
    with pytest.raises(IllegalAction, match="重ねて"):
        judge(SKY, [(200, 205)], overlapping)


def test_two_centre_points_may_show_but_not_three() -> None:
    """成功例 3 "2つ以外全て隠せた"; 失敗例 1 "隠せていないのが3つある"."""
    assert Verdict((True, False, False)).success
    assert Verdict((False, False)).success
    assert not Verdict((True, False, False, False)).success
    assert Verdict(()).success


def test_a_chip_lies_wholly_on_the_mat() -> None:
    assert chip_refusal(SKY, 10, 10, []) is None
    assert "past the mat" in str(chip_refusal(SKY, 9.9, 200, []))
    assert "past the mat" in str(chip_refusal(SKY, 300, 441, []))


def test_a_chip_may_not_touch_another() -> None:
    """ "他の【星チップ】に触ってはいけません": centres 20 mm apart touch."""
    assert "touch" in str(chip_refusal(SKY, 320, 225, [(300, 225)]))
    assert "touch" in str(chip_refusal(SKY, 310, 225, [(300, 225)]))
    assert chip_refusal(SKY, 320.5, 225, [(300, 225)]) is None


def test_a_bad_sky_file_is_refused_with_a_clear_error(tmp_path: Path) -> None:
    text = (Path(__file__).parents[3] / "src/asobi/games/carrotein/sky.toml").read_text()
    cases = {
        "past its plate": text.replace(
            "plate = [[-100, -24], [100, -24], [100, 24], [-100, 24]]",
            "plate = [[-50, -24], [50, -24], [50, 24], [-50, 24]]",
        ),
        "ids must differ": text.replace('id = "carrot"', 'id = "ears"'),
        "either an ellipse or a polygon": text.replace("{ ellipse = [80, 5, 13, 11, 0] }", "{ }"),
        "smaller than the chip": text.replace("centre = 6.0", "centre = 30.0"),
    }
    for message, broken in cases.items():
        path = tmp_path / "sky.toml"
        path.write_text(broken)
        with pytest.raises(InvalidOptions, match=message):
            read_sky_file(path)


def three_steps(pose: Pose, shape):  # type: ignore[no-untyped-def]
    """A pose as shapely's affinity writes it step by step: turned over, turned, moved."""
    from shapely import affinity

    if pose.mirrored:
        shape = affinity.scale(shape, xfact=-1.0, yfact=1.0, origin=(0, 0))
    shape = affinity.rotate(shape, pose.angle, origin=(0, 0))
    return affinity.translate(shape, pose.x, pose.y)


def test_a_pose_places_a_board_as_shapelys_three_steps_to_the_last_bit() -> None:
    """The judge's boards are moved in one step (``Pose.place_all``); every coordinate is the
    one the three steps give, so no verdict on a close call can differ."""
    import random

    import shapely

    rng = random.Random(7)
    turns = [0.0, 90.0, 180.0, 270.0, -90.0, 45.0, 360.0, 0.1, -359.9]
    poses = [
        Pose(rng.uniform(-50, 650), rng.uniform(-50, 500), t, f)
        for t in turns
        for f in (False, True)
    ]
    poses += [
        Pose(rng.uniform(0, 600), rng.uniform(0, 450), rng.uniform(-720, 720), rng.random() < 0.5)
        for _ in range(200)
    ]
    for pose in poses:
        for board in SKY.boards:
            for shape in (board.plate, board.figure, board.edges):
                ours = shapely.get_coordinates(pose.place(shape))
                theirs = shapely.get_coordinates(three_steps(pose, shape))
                assert ours.tobytes() == theirs.tobytes(), (pose, board.id)
