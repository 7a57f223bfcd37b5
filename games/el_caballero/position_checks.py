"""El Caballero's position checks: what ``from_json`` accepts (the bounds of every field
and the consistency rules between them, each naming its field), as a part of the
``ElCaballero`` game class (``PositionChecks``)."""

import numpy as np

from ..core.batch import kernel_record
from ..core.errors import PositionError
from . import data as D
from .rules.geometry import breaks_one_land_now
from .spaces import Family
from .state import MAXM, NC, P, Phase

CELL_FAMILIES = (Family.PLACE_AREA, Family.PLACE_CABALLERO, Family.PLACE_CABALLERO_GRANDE, Family.PLACE_GOVERNOR)
PENDING_PARAMS = {
    Family.PLACE_AREA: D.DISPLAY_SIZE * 4,
    Family.PLACE_CABALLERO: D.NUM_ORIENT,
    Family.PLACE_CABALLERO_GRANDE: D.NUM_ORIENT,
    Family.PLACE_GOVERNOR: D.PIECES,
}
MAX_COURT = 100_000
MAX_SCORE = 12 * 100_000


class PositionChecks:
    """``field_bounds`` and ``check_position`` of ``ElCaballero`` (games.core.Game's
    position contract), reading the game's options, grid, map and supply."""

    def field_bounds(self):
        n, m, gg = self.num_players, self.map_cards, self.grid * self.grid
        return {
            "num_players": (n, n),
            "current_player": (-1, n - 1),
            "terminated": (0, 1),
            "turn": (0, self.rounds * n),
            "phase": (0, len(Phase) - 1),
            "round_no": (1, self.rounds),
            "start_player": (0, n - 1),
            "played": (0, D.POWER_VALUES),
            "power_hand": (0, 1),
            "turn_order": (0, n - 1),
            "turn_idx": (0, n - 1),
            "court": (0, MAX_COURT),
            "ship_reserve": (0, self.supply),
            "score": (0, MAX_SCORE),
            "scoring_points": (0, MAX_SCORE),
            "supply_ships": (0, self.supply),
            "supply_castillos": (0, self.supply),
            "deck": (-1, NC - 1),
            "deck_len": (0, NC - 1),
            "display": (-1, NC - 1),
            "card_cell": (-1, gg - 1),
            "card_rot": (0, 3),
            "area": (-1, NC - 1),
            "cab": (-1, (n - 1) * MAXM + m - 1),
            "cab_cell": (-1, gg - 1),
            "cab_orient": (0, D.NUM_ORIENT - 1),
            "castillo": (0, 1),
            "ship": (0, 1),
            "grande": (-1, m - 1),
            "grande_moved": (0, 1),
            "governor": (-1, NC * D.PIECES - 1),
            "area_left": (0, 2),
            "cab_used": (0, D.PER_TURN),
            "ships_bought": (0, D.PER_TURN),
            "castillos_built": (0, D.PER_TURN),
            "governor_used": (0, 1),
            # EC-GAP-26: the required area placements (two with the 9) still count past the cap
            "subactions": (0, self.options["subaction_cap"] + 2),
            "turn_step": (0, 7),
            "pending_family": (-1, len(Family) - 1),
            "pending_param": (-1, D.DISPLAY_SIZE * 4 - 1),
        }

    def check_position(self, rec):
        """Consistency rules, each naming its field: options, the round and turn structure
        (EC-5), card conservation (EC-4.5), the map (EC-3.3, EC-3.9), caballero cards
        (EC-6.3.5, EC-6.5.1), pieces (EC-3.16, EC-4.3), the expanded pieces (EC-10) and
        the pending decision (EC-11)."""
        self._check_options(rec)
        self._check_rounds(rec)
        self._check_deck(rec)
        self._check_map(rec)
        self._check_caballeros(rec)
        self._check_pieces(rec)
        self._check_expanded(rec)
        self._check_turn(rec)

    def _fail(self, field, message):
        raise PositionError(field, message)

    def _check_options(self, rec):
        for field, want in zip(self.config_fields, self.config()):
            if int(rec[field]) != int(want):
                self._fail(field, f"is {int(rec[field])} but the game's options say {int(want)}")

    def _check_rounds(self, rec):
        n, phase, rnd = self.num_players, int(rec["phase"]), int(rec["round_no"])
        played = rec["played"][:n].astype(int)
        if np.any(rec["played"][n:] != 0) or np.any(rec["power_hand"][n:] != 0) or np.any(rec["turn_order"][n:]):
            self._fail("played", "seats past the player count must be empty")
        if (phase == Phase.OVER) != bool(rec["terminated"]):
            self._fail("terminated", "is 1 exactly when the phase is OVER (EC-9.1)")
        if (rec["current_player"] < 0) != bool(rec["terminated"]):
            self._fail("current_player", "is -1 exactly when the game is over")
        if phase == Phase.OVER and rnd != self.rounds:
            self._fail("round_no", f"the game ends after round {self.rounds} (EC-9.1)")
        made = played[played > 0]
        if len(set(made.tolist())) != made.size:
            self._fail("played", "two players played the same value this round (EC-5.3)")
        for p in range(n):
            spent = rnd - 1 + (played[p] > 0)
            if int(rec["power_hand"][p].sum()) != D.POWER_VALUES - spent:
                self._fail(
                    "power_hand",
                    f"player {p} holds {int(rec['power_hand'][p].sum())} power cards in round "
                    f"{rnd}, not {D.POWER_VALUES - spent} (EC-5.4)",
                )
            if played[p] and rec["power_hand"][p, played[p] - 1]:
                self._fail("power_hand", f"player {p} still holds the {played[p]} it played (EC-5.4)")
        start = int(rec["start_player"])
        if phase == Phase.POWER:
            m = int((played > 0).sum())
            if m >= n or any(played[(start + i) % n] == 0 for i in range(m)):
                self._fail("played", "the power cards of a round are played clockwise from the start player (EC-5.2)")
            if rec["current_player"] != (start + m) % n:
                self._fail("current_player", f"player {(start + m) % n} plays the next power card (EC-5.2)")
            if rec["turn"] != (rnd - 1) * n or rec["turn_idx"] != 0 or np.any(rec["turn_order"]):
                self._fail("turn", "before the turns of a round: (round - 1) x players turns done, no order yet")
            return
        if np.any(played == 0):
            self._fail("played", "every player has played a power card before the turns (EC-5.2)")
        order = sorted(range(n), key=lambda p: -played[p])
        if rec["turn_order"][:n].tolist() != order:
            self._fail("turn_order", f"must be {order}, highest power value first (EC-5.5)")
        idx = int(rec["turn_idx"])
        if phase == Phase.OVER:
            if rec["turn"] != self.rounds * n or idx != n - 1:
                self._fail("turn", "a finished game has played every turn")
            return
        if rec["current_player"] != order[idx]:
            self._fail("current_player", f"turn {idx} of the round belongs to player {order[idx]} (EC-5.5)")
        if rec["turn"] != (rnd - 1) * n + idx:
            self._fail("turn", f"must be {(rnd - 1) * n + idx} in turn {idx} of round {rnd}")

    def _check_deck(self, rec):
        length = int(rec["deck_len"])
        deck = rec["deck"]
        if np.any(deck[:length] < 0) or np.any(deck[length:] != -1):
            self._fail("deck", f"the first {length} entries must be cards and the rest -1")
        seen = deck[:length].tolist() + [c for c in rec["display"].tolist() if c >= 0]
        seen += np.flatnonzero(rec["card_cell"] >= 0).tolist()
        if sorted(seen) != list(range(NC)):
            self._fail("deck", "every area card must be exactly once in the deck, the display or the map (EC-4.5)")

    def _check_map(self, rec):
        g = self.grid
        area = rec["area"]
        cells = rec["card_cell"]
        want = np.full((g, g), -1, dtype=np.int64)
        for card in np.flatnonzero(cells >= 0):
            want[cells[card] // g, cells[card] % g] = card
        if int((cells >= 0).sum()) != int((want >= 0).sum()):
            self._fail("card_cell", "two area cards share a cell (EC-3.3)")
        if not np.array_equal(area, want):
            self._fail("area", "does not match card_cell")
        if np.any(rec["card_rot"][cells < 0] != 0):
            self._fail("card_rot", "is 0 for cards off the map")
        if area[self.radius, self.radius] < 0:
            self._fail("area", "the start card lies at (0, 0) (EC-4.4)")
        edge = D.ROT_EDGE[D.CARD_TYPE[np.maximum(area, 0)], rec["card_rot"][np.maximum(area, 0)]]  # (g, g, 4)
        here = area >= 0
        north = here[:-1, :] & here[1:, :]  # row + 1 is north
        if np.any(north & (edge[:-1, :, 0] != edge[1:, :, 2])):
            self._fail("card_rot", "two neighbouring area cards show different terrain on their edge (EC-3.9)")
        east = here[:, :-1] & here[:, 1:]
        if np.any(east & (edge[:, :-1, 1] != edge[:, 1:, 3])):
            self._fail("card_rot", "two neighbouring area cards show different terrain on their edge (EC-3.9)")

    def _land_sides(self, rec, cell):
        """Sides of the cell facing an area card's land and sea (EC-3.14)."""
        g, area = self.grid, rec["area"]
        row, col = divmod(int(cell), g)
        land, sea = [], []
        for d in range(4):
            r, c = row + int(D.DY[d]), col + int(D.DX[d])
            if 0 <= r < g and 0 <= c < g and area[r, c] >= 0:
                a = int(area[r, c])
                t = D.ROT_EDGE[D.CARD_TYPE[a], rec["card_rot"][a], (d + 2) % 4]
                (land if t == D.LAND else sea).append(d)
        return land, sea

    def _check_caballeros(self, rec):
        n, m, g = self.num_players, self.map_cards, self.grid
        cells = rec["cab_cell"]
        on = cells >= 0
        if np.any(on[n:]) or np.any(on[:, m:]):
            self._fail("cab_cell", f"only the {m} map cards of the {n} players can be on the map")
        want = np.full((g, g), -1, dtype=np.int64)
        for p, k in zip(*np.nonzero(on)):
            want[cells[p, k] // g, cells[p, k] % g] = p * MAXM + k
        if int(on.sum()) != int((want >= 0).sum()):
            self._fail("cab_cell", "two caballero cards share a cell (EC-3.3)")
        if not np.array_equal(rec["cab"], want):
            self._fail("cab", "does not match cab_cell")
        if np.any((want >= 0) & (rec["area"] >= 0)):
            self._fail("cab_cell", "a caballero card lies on an area card (EC-3.3)")
        if np.any(rec["cab_orient"][~on] != 0):
            self._fail("cab_orient", "is 0 for cards in hand")
        for p, k in zip(*np.nonzero(on)):
            land, sea = self._land_sides(rec, cells[p, k])
            if not land and not sea:
                self._fail("cab_cell", f"card {k} of player {p} shares no edge with an area card (EC-GAP-28)")
            if len(land) >= 2 and rec["grande"][p] != k:
                self._check_one_land(rec, p, k, len(land))
            if not land and rec["cab_orient"][p, k] >= D.SIDE_A_ORIENTATIONS:
                self._fail("cab_orient", f"card {k} of player {p} lies at sea showing side B (EC-6.3.4)")
            for d in range(4):
                if rec["ship"][p, k, d] and d not in sea:
                    self._fail(
                        "ship", f"the ship on card {k} of player {p}, side {D.DIRECTIONS[d]}, faces no sea (EC-3.16)"
                    )

    def _check_one_land(self, rec, p, k, sides):
        """EC-6.3.5, EC-6.5.1 as ``one_land_rule`` reads them (EC-GAP-5), asked of the
        kernels' rule (``_check_map`` has accepted the map the regions are built from)."""
        row, col = divmod(int(rec["cab_cell"][p, k]), self.grid)
        if breaks_one_land_now(kernel_record(rec), row, col):
            what = (
                f"has {sides} land contacts"
                if self.options["one_land_rule"] == "sides"
                else "touches two land regions (one_land_rule=\"regions\", EC-GAP-5)"
            )
            self._fail("cab_cell", f"card {k} of player {p} {what} and no Grande (EC-6.3.5, EC-6.5.1)")

    def _check_pieces(self, rec):
        on = rec["cab_cell"] >= 0
        if np.any(rec["ship"][~on]) or np.any(rec["castillo"][~on]):
            self._fail("ship", "ships and castillos sit only on cards on the map")
        ships = int(rec["supply_ships"]) + int(rec["ship_reserve"].sum()) + int(rec["ship"].sum())
        if ships != self.supply:
            self._fail("supply_ships", f"supply, reserves and map hold {ships} ships, not {self.supply} (EC-4.3)")
        if np.any(rec["ship_reserve"][self.num_players :]):
            self._fail("ship_reserve", "seats past the player count hold no ships")
        castillos = int(rec["supply_castillos"]) + int(rec["castillo"].sum())
        if castillos != self.supply:
            self._fail("supply_castillos", f"supply and map hold {castillos} castillos, not {self.supply} (EC-4.3)")
        n = self.num_players
        if np.any(rec["court"][n:]) or np.any(rec["score"][n:]) or np.any(rec["scoring_points"][:, n:]):
            self._fail("court", "seats past the player count are empty")
        done = sum(
            1
            for r in D.SCORING_ROUNDS[self.options["expanded"]]
            if r < rec["round_no"] or (r == rec["round_no"] and rec["phase"] == Phase.OVER)
        )
        if np.any(rec["scoring_points"][done:]):
            self._fail("scoring_points", f"only {done} scorings have happened")
        if not np.array_equal(rec["score"], rec["scoring_points"].sum(axis=0)):
            self._fail("score", "is the sum of the scorings (EC-8.1)")

    def _check_expanded(self, rec):
        n, grande, gov = self.num_players, rec["grande"], rec["governor"]
        if not self.options["expanded"]:
            if np.any(grande != -1) or np.any(gov != -1) or np.any(rec["grande_moved"]):
                self._fail("grande", "Grandes and Governors are used only in the expanded game (EC-10.11)")
            return
        for p in range(P):
            k = int(grande[p])
            if k >= 0 and (p >= n or rec["cab_cell"][p, k] < 0):
                self._fail("grande", f"the Grande of player {p} lies on card {k}, which is not on the map (EC-2.8)")
            if rec["grande_moved"][p] and k < 0:
                self._fail("grande_moved", f"player {p}'s Grande is in reserve, so it has not moved (EC-10.9)")
        nodes = gov[gov >= 0]
        if np.any(gov[n:] >= 0):
            self._fail("governor", "seats past the player count have no Governors")
        if len(set(nodes.tolist())) != nodes.size:
            self._fail("governor", "two Governors on one piece (EC-10.4)")
        for node in nodes.tolist():
            card, piece = divmod(node, D.PIECES)
            if rec["card_cell"][card] < 0 or not D.TYPE_HAS_PIECE[D.CARD_TYPE[card], piece]:
                self._fail(
                    "governor", f"a Governor sits on piece {piece} of area card {card}, not on the map (EC-3.18)"
                )
        if rec["governor_used"] and rec["phase"] not in (Phase.TURN, Phase.CELL):
            self._fail("governor_used", "counts only during a turn")

    def _check_turn(self, rec):
        phase = int(rec["phase"])
        counters = (
            "area_left",
            "cab_used",
            "ships_bought",
            "castillos_built",
            "governor_used",
            "subactions",
            "turn_step",
        )
        if phase in (Phase.POWER, Phase.OVER):
            for f in counters:
                if rec[f]:
                    self._fail(f, "the per-turn counters are 0 outside the turns (EC-7.3)")
            if rec["pending_family"] != -1 or rec["pending_param"] != -1:
                self._fail("pending_family", "no decision is pending outside the turns")
            return
        p = int(rec["current_player"])
        if rec["area_left"] > (2 if rec["played"][p] == D.POWER_TWO_AREAS else 1):
            self._fail("area_left", "one area card is required, two with the 9 (EC-6.2.1)")
        if not self.options["expanded"] and rec["governor_used"]:
            self._fail("governor_used", "no Governors in the basic game")
        fam, param = int(rec["pending_family"]), int(rec["pending_param"])
        if phase == Phase.TURN:
            if fam != -1 or param != -1:
                self._fail("pending_family", "is -1 in Phase TURN: no cell is pending")
            return
        if fam not in CELL_FAMILIES:
            self._fail("pending_family", "the pending family must place on a cell (EC-11)")
        if not 0 <= param < PENDING_PARAMS[fam]:
            self._fail("pending_param", f"{Family(fam).name} takes a parameter in 0..{PENDING_PARAMS[fam] - 1}")
        # whether a cell completes it: Game._check_playable asks the kernels
