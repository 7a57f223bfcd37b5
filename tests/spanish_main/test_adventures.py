"""Adventure resolution (SM-6): every card SM-6.9.1 - SM-6.9.18, fame awards (SM-6.6),
lost fame (SM-6.8) and revealing the next card (SM-7.1).

``reference`` resolves a card straight from the rules' table (SM-2.2) and rules
(SM-6.2 - SM-6.5, SM-6.9.*), independently of the engine, and is compared with the
engine on random rows; hand-made cases pin each card down as well.
"""

import numpy as np
import pytest

from games.spanish_main import data as D

from .positions import SHIPS, build, fame, make, pass_, row_str, ship, step

G = make(3)
K = {name: D.ADV_NAMES.index(name) for name in D.ADV_NAMES}

# SM-6.9.1 - SM-6.9.15 as (kind of selection, positions or n, fame gained, damage, fame lost)
FIXED = {
    "Ancient Relics": (1, 2, 3),
    "Native Alliance": (1, 2, 3),
    "Island Discovery": (1, 2, 3, 4),
    "Parley": (1, 2, 3, 4),
    "Neptune's Favor": (1, 3, 5),
    "Mermaids": (1, 2, 4, 6),
}
FIRST = {"Treasure Map": (3, 1), "Secret Charts": (2, 1), "Legendary Treasure": (2, 2)}
DAMAGE_FIRST = {"Volcano": 1}
DAMAGE_LAST = {"Maelstrom": 1, "Storm Ahead": 2}
DAMAGE_AT = {"Kraken": (4, 6, 8), "Cursed Water": (5, 7, 9)}
NATION = {"English": "E", "Spanish": "S", "Dutch": "D"}


def first_undamaged(row, dmg, n, from_back=False):
    """SM-6.3: scan from the front (or back), skip damaged ships, take up to n."""
    order = row[::-1] if from_back else row
    return [s for s in order if not dmg[s]][:n]


def reference(card, row, dmg, fm, owner, revealed):
    """Resolve ``card`` on ship names; returns (fame, damaged, F, lost, revealed, known_unowned)."""
    fm, dmg, revealed = dict(fm), dict(dmg), dict(revealed)
    F = lost = 0
    unowned = None
    gains = {}
    if card in FIXED:  # SM-6.4: only undamaged ships at the listed positions
        gains = {row[p - 1]: 1 for p in FIXED[card] if not dmg[row[p - 1]]}
    elif card in FIRST:  # SM-6.3
        n, g = FIRST[card]
        gains = {s: g for s in first_undamaged(row, dmg, n)}
    elif card == "Cursed Treasure":  # SM-6.9.8: +2 to the first 2 undamaged, then damage them
        gains = {s: 2 for s in first_undamaged(row, dmg, 2)}
    for s, g in gains.items():
        fm[s] += g
        F += g
    if card == "Cursed Treasure":
        for s in gains:
            dmg[s] = True
    if card in DAMAGE_FIRST:  # SM-6.9.9
        for s in first_undamaged(row, dmg, DAMAGE_FIRST[card]):
            dmg[s] = True
    if card in DAMAGE_LAST:  # SM-6.9.10, SM-6.9.11
        for s in first_undamaged(row, dmg, DAMAGE_LAST[card], from_back=True):
            dmg[s] = True
    if card in DAMAGE_AT:  # SM-6.9.12, SM-6.9.13
        for p in DAMAGE_AT[card]:
            dmg[row[p - 1]] = True
    if card == "Ghost Ship":  # SM-6.9.14, GAP-21
        for p in (7, 8, 9):
            s = row[p - 1]
            dmg[s] = True
            lost += min(1, fm[s])
            fm[s] = max(0, fm[s] - 1)
    if card == "Cursed Ship":  # SM-6.9.15
        for p in (1, 2):
            s = row[p - 1]
            lost += min(1, fm[s])
            fm[s] = max(0, fm[s] - 1)
    if card == "Mutiny":  # SM-6.9.16
        s = next(s for s in row if not revealed[s])
        if owner[s] >= 0:
            revealed[s] = True
            half = (fm[s] + 1) // 2
            fm[s] -= half
            lost += half
        else:
            unowned = s
    if card.endswith("Attack"):  # SM-6.9.17: each undamaged X ship damages every non-X ship ahead
        x = NATION[card.split()[0]]
        for i, a in enumerate(row):
            if a[0] == x and not dmg[a]:
                for v in row[:i]:
                    if v[0] != x:
                        dmg[v] = True
    if card.endswith("Loot"):  # SM-6.9.18: undamaged X ships front to back take 1 from each non-X behind
        x = NATION[card.split()[0]]
        for i, a in enumerate(row):
            if a[0] == x and not dmg[a]:
                for v in row[i + 1 :]:
                    if v[0] != x and fm[v] > 0:
                        fm[v] -= 1
                        fm[a] += 1
    return fm, dmg, F, lost, revealed, unowned


def random_case(rng, card):
    names = [SHIPS[i] for i in rng.permutation(9)]
    dmg = {s: bool(rng.random() < 0.35) for s in SHIPS}
    fm = {s: int(rng.integers(0, 4)) for s in SHIPS}
    seats = rng.permutation(9)
    owner = {s: -1 for s in SHIPS}
    for j in range(6):
        owner[SHIPS[seats[j]]] = j // 2
    revealed = {s: bool(owner[s] >= 0 and rng.random() < 0.3) for s in SHIPS}
    return names, dmg, fm, owner, revealed


def notation(names, dmg, fm):
    return " ".join(s + ("*" if dmg[s] else "") + (f"({fm[s]})" if fm[s] else "") for s in names)


@pytest.mark.parametrize("card", D.ADV_NAMES)
def test_every_adventure_matches_the_spec_reference(card):
    # SM-6.2 - SM-6.6, SM-6.8, SM-6.9.1 - SM-6.9.18
    rng = np.random.default_rng(D.ADV_NAMES.index(card))
    for _ in range(12):
        names, dmg, fm, owner, revealed = random_case(rng, card)
        seats = [" ".join(s for s in SHIPS if owner[s] == p) for p in range(3)]
        s = build(
            G, row=notation(names, dmg, fm), owners=seats, revealed=[x for x in SHIPS if revealed[x]], adventure=card
        )
        rec = s[0]
        deck, unseen, unknown = int(rec["adv_deck_len"]), int(rec["fame_drawn_unseen"]), int(rec["adv_discard_unknown"])
        discard = rec["adv_discard"].copy()
        step(G, s, pass_(G))
        efm, edmg, F, lost, erev, unowned = reference(card, names, dmg, fm, owner, revealed)
        rec = s[0]
        assert row_str(s) == notation(names, edmg, efm), (card, notation(names, dmg, fm))
        assert [bool(rec["revealed"][ship(x)]) for x in SHIPS] == [erev[x] for x in SHIPS]
        assert rec["known_unowned"].tolist() == [int(x == unowned) for x in SHIPS]
        # SM-6.6: F - 1 deck cards become fame; the card itself is fame if F >= 1, else discarded
        assert rec["fame_drawn_unseen"] == unseen + max(F - 1, 0)
        assert rec["adv_deck_len"] == deck - max(F - 1, 0) - 1  # then SM-7.1 reveals the next card
        discard[K[card]] += F == 0
        assert np.array_equal(rec["adv_discard"], discard)
        assert rec["adv_discard_unknown"] == unknown + lost  # SM-6.8
        assert rec["virtual_fame"] == 0
        assert rec["banked"].sum() == 0  # adventures never bank fame


# ----- hand-made cases, one per card family ----------------------------------------------------
def resolve(card, row, **kw):
    s = build(G, row=row, adventure=card, **kw)
    step(G, s, pass_(G))
    return s


@pytest.mark.parametrize("card", ["Ancient Relics", "Native Alliance"])
def test_ancient_relics_native_alliance(card):  # SM-6.9.1
    assert row_str(resolve(card, "E1 S1* D1 E2 S2 D2 E3 S3 D3")) == "E1(1) S1* D1(1) E2 S2 D2 E3 S3 D3"


@pytest.mark.parametrize("card", ["Island Discovery", "Parley"])
def test_island_discovery_parley(card):  # SM-6.9.2
    assert row_str(resolve(card, "E1 S1 D1 E2* S2 D2 E3 S3 D3")) == "E1(1) S1(1) D1(1) E2* S2 D2 E3 S3 D3"


def test_neptunes_favor():  # SM-6.9.3
    assert row_str(resolve("Neptune's Favor", "E1 S1 D1 E2 S2 D2 E3 S3 D3")) == "E1(1) S1 D1(1) E2 S2(1) D2 E3 S3 D3"


def test_mermaids():  # SM-6.9.4
    assert row_str(resolve("Mermaids", "E1 S1(2) D1 E2 S2 D2* E3 S3 D3")) == "E1(1) S1(3) D1 E2(1) S2 D2* E3 S3 D3"


def test_treasure_map_skips_damaged():  # SM-6.9.5, SM-6.3 (the source's example)
    assert row_str(resolve("Treasure Map", "E1* S1 D1* E2 S2 D2 E3 S3 D3")) == "E1* S1(1) D1* E2(1) S2(1) D2 E3 S3 D3"


def test_secret_charts():  # SM-6.9.6
    assert row_str(resolve("Secret Charts", "E1* S1* D1 E2 S2 D2 E3 S3 D3")) == "E1* S1* D1(1) E2(1) S2 D2 E3 S3 D3"


def test_legendary_treasure():  # SM-6.9.7
    s = build(G, row="E1 S1* D1 E2 S2 D2 E3 S3 D3", adventure="Legendary Treasure")
    unseen = int(s[0]["fame_drawn_unseen"])
    step(G, s, pass_(G))
    assert row_str(s) == "E1(2) S1* D1(2) E2 S2 D2 E3 S3 D3"
    assert s[0]["fame_drawn_unseen"] == unseen + 3  # F = 4


def test_cursed_treasure_with_one_undamaged_ship():  # SM-6.9.8, SM-6.3 (fewer than n)
    s = build(G, row="E1* S1* D1* E2* S2 D2* E3* S3* D3*", adventure="Cursed Treasure")
    unseen = int(s[0]["fame_drawn_unseen"])
    step(G, s, pass_(G))
    assert row_str(s) == "E1* S1* D1* E2* S2*(2) D2* E3* S3* D3*"
    assert s[0]["fame_drawn_unseen"] == unseen + 1  # F = 2


def test_volcano():  # SM-6.9.9
    assert row_str(resolve("Volcano", "E1* S1* D1 E2 S2 D2 E3 S3 D3")) == "E1* S1* D1* E2 S2 D2 E3 S3 D3"


def test_maelstrom():  # SM-6.9.10
    assert row_str(resolve("Maelstrom", "E1 S1 D1 E2 S2 D2 E3 S3 D3*")) == "E1 S1 D1 E2 S2 D2 E3 S3* D3*"


def test_storm_ahead():  # SM-6.9.11
    assert row_str(resolve("Storm Ahead", "E1 S1 D1 E2 S2 D2 E3 S3* D3")) == "E1 S1 D1 E2 S2 D2 E3* S3* D3*"


def test_kraken():  # SM-6.9.12
    assert row_str(resolve("Kraken", "E1 S1 D1 E2 S2(1) D2* E3 S3 D3")) == "E1 S1 D1 E2* S2(1) D2* E3 S3* D3"


def test_cursed_water():  # SM-6.9.13
    assert row_str(resolve("Cursed Water", "E1 S1 D1 E2 S2 D2 E3 S3 D3")) == "E1 S1 D1 E2 S2* D2 E3* S3 D3*"


def test_ghost_ship_damaged_ships_still_lose_fame():  # SM-6.9.14, GAP-21
    assert row_str(resolve("Ghost Ship", "E1 S1 D1 E2 S2 D2 E3*(3) S3*(1) D3*")) == "E1 S1 D1 E2 S2 D2 E3*(2) S3* D3*"


def test_cursed_ship_leaves_damage_alone():  # SM-6.9.15
    after = resolve("Cursed Ship", "E1*(2) S1(1) D1(4) E2 S2 D2 E3 S3 D3")
    assert row_str(after) == "E1*(1) S1 D1(4) E2 S2 D2 E3 S3 D3"


def test_mutiny_ignores_damage_and_skips_revealed():  # SM-6.9.16, GAP-16
    s = resolve("Mutiny", "E1(4) S1*(3) D1 E2 S2 D2 E3 S3 D3", owners=["E1 S1", "D1 E2", "S2 D2"], revealed=["E1"])
    assert s[0]["revealed"][ship("S1")] == 1 and fame(s, "S1") == 1  # lost ceil(3/2) = 2
    assert fame(s, "E1") == 4  # revealed pirates are skipped, their ship untouched
    assert s[0]["banked"].sum() == 0


def test_mutiny_unowned_known_already_still_stops_there():  # SM-6.9.16 step 3
    # the game has one Mutiny, so no position has a ship shown unowned and a Mutiny to
    # come (from_json refuses it); the kernel is checked on the record directly, as a
    # card list with more Mutiny cards would reach it
    s = build(G, row="D3(2) E1(4) S1 D1 E2 S2 D2 E3 S3", owners=["E1 S1", "D1 E2", "S2 D2"], adventure="Mutiny")
    s["known_unowned"][0, ship("D3")] = 1
    step(G, s, pass_(G))
    assert s[0]["known_unowned"][ship("D3")] == 1
    assert not s[0]["revealed"].any() and fame(s, "E1") == 4


@pytest.mark.parametrize(
    "card, row, expected",
    [
        ("Spanish Attack", "E1 D1 S1* E2 S2 D2 S3* E3 D3", "E1* D1* S1* E2* S2 D2 S3* E3 D3"),
        ("Dutch Attack", "D1* E1 S1 E2 S2 S3 E3 D2* D3*", "D1* E1 S1 E2 S2 S3 E3 D2* D3*"),  # no undamaged Dutch
        ("English Attack", "E1 S1 D1 E2 S2 D2 E3 S3 D3", "E1 S1* D1* E2 S2* D2* E3 S3 D3"),
    ],
)
def test_attack(card, row, expected):  # SM-6.9.17, GAP-14
    assert row_str(resolve(card, row)) == expected


@pytest.mark.parametrize(
    "card, row, expected",
    [
        # two looters: the victim behind both loses one to each, front looter first
        ("English Loot", "E1 S1(1) E2 D1(3) S2*(1) E3* D2(1) S3 D3", "E1(4) S1 E2(1) D1(1) S2* E3* D2 S3 D3"),
        # damaged looters take nothing; ships in front of a looter are safe
        ("Spanish Loot", "E1(2) S1*(1) D1(2) S2 E2(1) S3* D2 E3 D3(1)", "E1(2) S1*(1) D1(2) S2(2) E2 S3* D2 E3 D3"),
    ],
)
def test_loot(card, row, expected):  # SM-6.9.18, GAP-15
    s = build(G, row=row, adventure=card)
    total = s[0]["fame"].sum()
    step(G, s, pass_(G))
    assert row_str(s) == expected
    assert s[0]["fame"].sum() == total  # fame conserved


# ----- fame supply (SM-6.6, GAP-11, GAP-13) --------------------------------------------------
def test_single_fame_point_uses_only_the_current_card():
    # SM-6.6: F = 1 -> only the current card becomes fame
    s = build(G, row="E1 S1* D1* E2 S2 D2 E3 S3 D3", adventure="Ancient Relics", deck_top=["Kraken"])
    deck, unseen = int(s[0]["adv_deck_len"]), int(s[0]["fame_drawn_unseen"])
    step(G, s, pass_(G))
    assert fame(s, "E1") == 1 and s[0]["fame"].sum() == 1
    assert s[0]["fame_drawn_unseen"] == unseen and s[0]["adv_deck_len"] == deck - 1
    assert s[0]["adv_queue"][0] == K["Kraken"]  # SM-7.1: the top card is the new adventure
    assert not s[0]["adv_discard"].any()


def test_no_fame_when_all_recipients_damaged():
    # SM-6.2, SM-6.6: F = 0 -> the card goes to the discard pile
    s = resolve("Ancient Relics", "E1* S1* D1* E2 S2 D2 E3 S3 D3")
    assert s[0]["fame"].sum() == 0 and s[0]["adv_discard"][K["Ancient Relics"]] == 1


def test_short_deck_gives_virtual_fame_and_cursed_treasure_still_damages():
    # SM-6.6, GAP-11, GAP-13: draw what is left, credit the rest; resolution is not cut short
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", adventure="Cursed Treasure", deck_len=1)
    unseen = int(s[0]["fame_drawn_unseen"])
    step(G, s, pass_(G))
    rec = s[0]
    assert row_str(s) == "E1*(2) S1*(2) D1 E2 S2 D2 E3 S3 D3"
    assert rec["fame_drawn_unseen"] == unseen + 1 and rec["virtual_fame"] == 2  # F - 1 = 3: 1 card, 2 virtual
    assert rec["adv_deck_len"] == 0
    assert rec["terminated"] == 1  # SM-7.2: the replenish draw then fails
    assert rec["fame"].sum() == 4  # virtual points lie on the ships like any other fame


def test_fame_draw_emptying_the_deck_ends_the_game_after_the_turn():
    # SM-7.2: "a fame award that empties the deck ends the game at the end of that turn"
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", adventure="Treasure Map", deck_len=2)
    step(G, s, pass_(G))
    assert s[0]["adv_deck_len"] == 0 and s[0]["virtual_fame"] == 0
    assert s[0]["terminated"] == 1


def test_last_deck_card_is_always_resolved():
    # SM-7.2: with one card left the game goes on; that card becomes current and resolves
    s = build(G, row="E1 S1 D1 E2 S2 D2 E3 S3 D3", adventure="Kraken", deck=["Volcano"])
    volcanoes = int(s[0]["adv_discard"][K["Volcano"]])
    step(G, s, pass_(G))
    assert not s[0]["terminated"] and s[0]["adv_queue"][0] == K["Volcano"] and s[0]["adv_deck_len"] == 0
    step(G, s, pass_(G))
    assert s[0]["terminated"] == 1 and s[0]["adv_discard"][K["Volcano"]] == volcanoes + 1
    assert s[0]["damaged"][ship("E1")] == 1  # Volcano did resolve


def test_lost_fame_is_unidentified_in_the_observation():
    # SM-6.8, SM-9.7: lost fame enters the discard pile as unidentified cards
    from games.spanish_main.spaces import OBS

    s = resolve("Ghost Ship", "E1 S1 D1 E2 S2 D2 E3(2) S3(1) D3(5)")
    obs = G.observe(s, 0)[0]
    assert OBS.view(obs, "adventure_discard_unknown")[0] == 3
    assert OBS.view(obs, "adventure_discard")[K["Ghost Ship"]] == 1
    assert OBS.view(obs, "adventure_discard").sum() == s[0]["adv_discard"].sum()
