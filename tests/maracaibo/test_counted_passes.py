"""The counts the kernels find in one pass instead of a pass per seat or over every card
(issue 40): the effect sums over each family's own cards (projects.FAMILY_CARDS), and the
observation's ``counts`` segment summed in its passes over cards, quests and tokens.
Each is checked against the plain count over every card, quest or token at positions
of random play, story games included (GAP-61: story tiles count as quests)."""

import numpy as np
import pytest

import games
from games.maracaibo.data import projects
from games.maracaibo.rules.combat import num_tokens
from games.maracaibo.rules.effects import FX_NUMBER, FX_SUM_A0, FX_SUM_A1, card_effects
from games.maracaibo.rules.quests import compasses, num_quests_done
from games.maracaibo.state import NC, W_BOUGHT


def _positions(options, rows=12, steps=400, every=40):
    """Records of random legal play (each row restarted when its game ends)."""
    g = games.make("maracaibo", **options)
    rng = np.random.default_rng(7)
    state = g.init(np.arange(rows))
    seen = []
    for t in range(steps):
        mask = g.legal_action_mask(state)
        live = ~g.terminated(state)
        actions = np.zeros(rows, dtype=np.int64)
        for b in np.flatnonzero(live):
            legal = np.flatnonzero(mask[b])
            actions[b] = legal[rng.integers(legal.size)]
        g.step_unchecked(state, actions)
        done = np.flatnonzero(g.terminated(state))
        if done.size:
            state[done] = g.init(np.arange(1000 + t * rows, 1000 + t * rows + done.size))
        if t % every == every - 1:
            seen.append(state.copy())
    return g, np.concatenate(seen)


OPTIONS = (dict(num_players=4), dict(num_players=3, story=True), dict(num_players=2, c_cards=(90, 94, 97)))


def test_family_cards_are_the_cards_with_that_effect():
    """MA-15: FAMILY_CARDS[f] lists, ascending, exactly the cards printing an effect of f."""
    for f in range(len(projects.FAMILIES)):
        want = [c for c in range(NC) if f in projects.CARD_FX_FAMILY[c, : projects.CARD_FX_COUNT[c]]]
        n = projects.FAMILY_NUM_CARDS[f]
        assert list(projects.FAMILY_CARDS[f, :n]) == want, f
        assert (projects.FAMILY_CARDS[f, n:] == -1).all()


def _effects_over_every_card(rec, p, family, arg, what):
    total = 0
    for c in range(NC):
        if rec["card_where"][c] != W_BOUGHT + p:
            continue
        for j in range(projects.CARD_FX_COUNT[c]):
            if projects.CARD_FX_FAMILY[c, j] == family and (arg < 0 or projects.CARD_FX_A0[c, j] == arg):
                total += (1, projects.CARD_FX_A0[c, j], projects.CARD_FX_A1[c, j])[what]
    return total


@pytest.mark.parametrize("options", OPTIONS[:1])
def test_card_effects_sum_every_bought_card_of_the_family(options):
    """MA-15.2: a family's number / a0 / a1 sums (PD discounts, PI items, PCB, PNC...)
    over a player's bought cards, at positions with cards bought."""
    g, recs = _positions(options)
    bought = 0
    for rec in recs:
        for p in range(int(rec["num_players"])):
            bought += int((rec["card_where"] == W_BOUGHT + p).sum())
            for family in range(len(projects.FAMILIES)):
                for arg in (-1, 0, 2):
                    for what in (FX_NUMBER, FX_SUM_A0, FX_SUM_A1):
                        want = _effects_over_every_card(rec, p, family, arg, what)
                        assert card_effects(rec, p, family, arg, what) == want
    assert bought > 0  # the positions test something


@pytest.mark.parametrize("options", OPTIONS)
def test_observed_counts_are_each_seats_counts(options):
    """MA-29.1: the ``counts`` segment (by relative seat) shows each player's compasses
    (MA-12.2: 1 + PCO cards), quests done (MA-12.4; GAP-61: story tiles taken) and combat
    tokens (MA-8.7), as quests.compasses, quests.num_quests_done and combat.num_tokens
    count them."""
    g, recs = _positions(options)
    seg = g.obs_layout["counts"]
    field = {f.name: seg.start + f.start for f in seg.fields}
    nonzero = 0
    for rec in recs:
        n = int(rec["num_players"])
        for player in range(n):
            obs = g.observe(rec.reshape(1), player)[0]
            for q in range(n):
                r = (q - player) % n
                got = [obs[field[k] + r * seg.stride] for k in ("compasses", "quests", "tokens")]
                want = [compasses(rec, q), num_quests_done(rec, q), num_tokens(rec, q)]
                assert got == want, (player, q)
                nonzero += want[1] + want[2] + want[0] - 1
    assert nonzero > 0  # some quests, tokens or PCO cards in the positions
