"""The route map of the Maracaibo picture (MA-4, GAP-1: the layout is invented): every
location with its kind, city action, market, city tile, nation marker, quest and story
tiles, legacy tile, new cities (MA-26.4 L4 / L7), ships and assistants, and the arrows
between locations. Every word comes from ``component_text.py``, every number from the
record or a rules query, as in ``svg.py``."""

from ..core.batch import kernel_record
from . import svg_story
from .component_text import city_action, city_action_text, GOODS, quests_next_to
from .data import board, codes, legacy, projects, quests
from .rules.locations import has_market, quest_city
from .rules.village import market_good_at, market_slots
from .svg_explorer import placeholder_row, track_layout
from .svg_picture import MARGIN, wrap_text
from .targets import location

# the layout of the route, from the data's arrows
ROUTE_COLUMN, ROUTE_LANE = track_layout(board.SUCC, board.NUM_SUCC, board.NUM_LOCATIONS)
ROUTE_PER_ROW = (max(ROUTE_COLUMN) + 2) // 2
ROUTE_W, ROUTE_H, ROUTE_DX, ROUTE_DY = 96, 104, 104, 112


def _route_xy(loc):
    """Top-left of a location's box: the route snakes right, then back left (GAP-1: invented)."""
    col, lane = ROUTE_COLUMN[loc], ROUTE_LANE[loc]
    row = col // ROUTE_PER_ROW
    k = col % ROUTE_PER_ROW
    if row == 1:
        k = ROUTE_PER_ROW - 1 - k
    return MARGIN + k * ROUTE_DX, row * 2 * ROUTE_DY + lane * ROUTE_DY


def _new_city(pic, rec, n, loc, x, y):
    """MA-26.4 L4 / L7: a new city in play is drawn at the right edge of the location before
    it (data/legacy.py NEW_CITY_FROM), with the marker on its flag and the ships lying at it;
    returns whether one was drawn (its name takes the right of the quest row)."""
    drawn = False
    for k in range(legacy.NUM_NEW_CITIES):
        t = int(legacy.NEW_CITY_TILES[k])
        if int(legacy.NEW_CITY_FROM[k]) != loc or not int(rec["opt_legacy"]) >> t & 1:
            continue
        drawn = True
        tile = legacy.LEGACY_TILE_IDS[t]
        m = int(rec["legacy_city_marker"][k])
        marker = f" [{codes.NATIONS[m]}]" if m >= 0 else ""
        pic.d.text(
            x + ROUTE_W - 5,
            y + ROUTE_H - 22,
            f"{tile} city{marker}",
            size=7,
            anchor="end",
            weight="bold",
            class_="new-city",
        )
        ships = [p for p in range(n) if int(rec["legacy_city"][p]) == k]
        for i, p in enumerate(ships):
            pic.pawn(
                x + ROUTE_W - 10 - i * 17,
                y + ROUTE_H - 8,
                p,
                str(p),
                class_="ship new-city-ship",
                data_seat=p,
                data_loc=tile,
            )
    return drawn


def route_map(pic, rec, names):
    n = int(rec["num_players"])
    pic.heading("Route map", "layout PLACEHOLDER (GAP-1): arrows and forks are not transcribed")
    top = pic.y
    d, t = pic.d, pic.t
    for e in range(len(board.EDGES)):
        (x0, y0), (x1, y1) = _route_xy(board.EDGE_FROM[e]), _route_xy(board.EDGE_TO[e])
        d.line(
            x0 + ROUTE_W / 2,
            top + y0 + ROUTE_H / 2,
            x1 + ROUTE_W / 2,
            top + y1 + ROUTE_H / 2,
            stroke=t.muted,
            stroke_width=2,
        )
    krec = kernel_record(rec)
    slots = int(market_slots(krec))
    for loc in range(board.NUM_LOCATIONS):
        x, y = _route_xy(loc)
        y += top
        kind = board.CITY if quest_city(krec, loc) else int(board.LOC_KIND[loc])  # MA-26.4 L1
        pic.box(
            x,
            y,
            ROUTE_W,
            ROUTE_H,
            placeholder_row(board.LOCATIONS[loc]),
            fill=t.panel if kind != board.VILLAGE else t.background,
            rx=8,
            class_="location",
            data_loc=board.LOC_IDS[loc],
            data_target=location(loc),
        )
        d.text(x + 4, y + 11, board.LOC_IDS[loc], size=10, weight="bold")
        d.text(x + ROUTE_W - 5, y + 11, board.LOCATION_KINDS[kind], size=7, fill=t.muted, anchor="end")
        lt = int(legacy.TILE_AT_LOCATION[loc])
        if lt >= 0 and int(rec["opt_legacy"]) >> lt & 1:  # MA-26.4: the legacy tile lying here
            d.text(
                x + ROUTE_W / 2,
                y + 11,
                legacy.LEGACY_TILE_IDS[lt],
                size=8,
                anchor="middle",
                weight="bold",
                class_="legacy-tile",
                **svg_story.skull_target(rec, lt),
            )
        name = board.LOC_NAMES[loc]
        rows = name.replace(" (", "\n(").split("\n") if len(name) > 18 else [name]  # "Homeward 2 / (rounds 1-3)"
        named = len(rows)
        a = city_action(rec, loc)
        if a >= 0:
            rows += wrap_text(city_action_text(a), 24)[:3]
        if has_market(krec, loc):
            good = int(market_good_at(krec, loc))
            rows.append(f"market {GOODS[good]} {int(rec['market'][loc])}/{slots}")
        for i, row in enumerate(rows):
            d.text(x + 4, y + 21 + i * 8, row, size=7.5 if i < named else 6.5, weight="bold" if i < named else None)
        tile = int(rec["tile_at"][loc])
        if tile >= 0:
            pic.card(
                x + 4,
                y + 57,
                46,
                14,
                [board.TILE_IDS[tile]],
                placeholder=placeholder_row(board.CITY_TILES[tile]),
                size=7,
            )
        m = int(rec["marker_at"][loc])
        if m >= 0:
            d.rect(x + ROUTE_W - 24, y + 57, 20, 14, fill=t.background, stroke=t.ink, rx=2)
            d.text(x + ROUTE_W - 14, y + 67, codes.NATIONS[m], size=8, anchor="middle", weight="bold")
        qs = quests_next_to(rec, loc)
        for i, q in enumerate(qs):  # a quest card puts at most 2 on one location (D13, D16)
            pic.card(
                x + 4 + i * 30,
                y + 74,
                28,
                12,
                [quests.QUEST_IDS[q]],
                placeholder=True,
                size=7,
                class_="quest",
                data_loc=board.LOC_IDS[loc],
                data_quest=quests.QUEST_IDS[q],
            )
        ships = [p for p in range(n) if int(rec["ship"][p]) == loc and int(rec["legacy_city"][p]) < 0]
        for i, p in enumerate(ships):
            pic.pawn(
                x + 10 + i * 17, y + ROUTE_H - 8, p, str(p), class_="ship", data_seat=p, data_loc=board.LOC_IDS[loc]
            )
        new_city = _new_city(pic, rec, n, loc, x, y)
        # MA-26.1: story tiles beside the quests, or between the city tile and the marker where
        # a new city's name takes the right of the quest row
        svg_story.story_badges(pic, rec, loc, *((x + 52, y + 58) if new_city else (x + 4 + len(qs) * 30, y + 74)))
        helpers = [
            p for p in range(n) for c in rec["assistants"][p] if c >= 0 and int(projects.CARD_ASSISTANT_LOC[c]) == loc
        ]
        for i, p in enumerate(helpers):
            hx = x + ROUTE_W - 10 - i * 12
            d.rect(hx - 5, y + ROUTE_H - 14, 10, 10, fill=t.seats[p], stroke=t.ink, stroke_width=0.6)
    pic.y = top + 4 * ROUTE_DY
    pic.d.text(
        MARGIN,
        pic.y,
        "shaded: cities; circles: ships (seat number); small squares: assistants; "
        "FR/ES/EN: nation markers; Qnn: quest tiles" + (svg_story.LEGEND if svg_story.on(rec) else ""),
        size=9,
        fill=t.muted,
    )
    pic.y += 6
