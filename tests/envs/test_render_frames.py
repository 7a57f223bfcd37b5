"""render_mode="rgb_array": every env draws its board as an RGB frame (envs/raster.py)."""

import gymnasium
import numpy as np
import pytest

import envs
import games
from envs.raster import fit_frame, svg_to_rgb
from games.core import svg

pytest.importorskip("cairosvg", reason="rgb_array needs the render extra: pip install 'doubloon[render]'")


def test_a_drawing_rasterises_to_its_pixels():
    drawing = svg.Drawing(40, 20, "dark")
    drawing.rect(20, 0, 20, 20, fill="#ff0000")
    frame = svg_to_rgb(str(drawing))
    assert frame.shape == (20, 40, 3) and frame.dtype == np.uint8
    assert tuple(frame[10, 5]) == (0x14, 0x1A, 0x22)  # the dark theme's background
    assert tuple(frame[10, 30]) == (255, 0, 0)


def test_fit_frame_pads_with_the_background_and_crops():
    frame = np.zeros((4, 6, 3), dtype=np.uint8)
    frame[:] = (1, 2, 3)
    frame[3, 5] = (9, 9, 9)
    padded = fit_frame(frame, (6, 8, 3))
    assert padded.shape == (6, 8, 3) and tuple(padded[5, 7]) == (1, 2, 3) and tuple(padded[3, 5]) == (9, 9, 9)
    assert fit_frame(frame, (2, 3, 3)).shape == (2, 3, 3)


@pytest.mark.parametrize("name", games.list())
def test_every_aec_env_renders_frames_of_one_size(name):
    env = envs.make_env(name, render_mode="rgb_array")
    assert "rgb_array" in env.metadata["render_modes"] and env.metadata["render_fps"] > 0
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    first = env.render()
    assert first.ndim == 3 and first.shape[2] == 3 and first.dtype == np.uint8
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 2  # a picture, not a blank
    for _ in range(6):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.render().shape == first.shape


def test_record_video_writes_a_single_seat_game(tmp_path):
    pytest.importorskip("moviepy", reason="RecordVideo needs moviepy: pip install 'doubloon[render]'")
    from gymnasium.wrappers import RecordVideo

    env = RecordVideo(
        gymnasium.make("envs:doubloon/SpanishMain-v0", render_mode="rgb_array"),
        str(tmp_path),
        episode_trigger=lambda episode: True,
        disable_logger=True,
    )
    env.reset(seed=0)
    rng, done = np.random.default_rng(0), False
    while not done:
        _, _, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(env.unwrapped.action_masks()))))
        done = done or truncated
    env.close()
    videos = list(tmp_path.glob("*.mp4"))
    assert len(videos) == 1 and videos[0].stat().st_size > 1000
