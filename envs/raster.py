"""An SVG picture as an RGB frame: ``render_mode="rgb_array"`` and videos.

The games draw SVG text (``Game.render_svg``); rasterising it is the envs' job. cairosvg
does it over the system's cairo library (present on Debian and most desktops, and the
``render`` extra installs the Python side): it reads the SVG the games write (text,
shapes, dashes) faithfully and needs no browser. It is imported on first use, so an env
that never renders frames costs nothing.
"""

import io

import numpy as np

from .extras import install_command


def fit_frame(frame, shape):
    """``frame`` cut or padded to ``(H, W)`` = ``shape[:2]``, padding with its top-left
    pixel (the picture's background): a video needs every frame of one size, and a
    board's picture may grow as the game goes on."""
    height, width = shape[:2]
    out = np.empty((height, width, 3), dtype=np.uint8)
    out[:] = frame[0, 0]
    h, w = min(height, frame.shape[0]), min(width, frame.shape[1])
    out[:h, :w] = frame[:h, :w]
    return out


def svg_to_rgb(svg_text, scale=1.0):
    """The picture as an ``(H, W, 3)`` uint8 array, ``scale`` times its SVG size."""
    try:
        import cairosvg
        from PIL import Image
    except ImportError as err:
        raise ImportError(
            f"render_mode='rgb_array' needs cairosvg and Pillow ({err.name} is missing): {install_command('render')}"
        ) from err
    png = cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=scale)
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
