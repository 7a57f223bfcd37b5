"""Setup (MA-3) and the opening decisions (MA-3.12, MA-3.13, GAP-28)."""

import numpy as np
import pytest

from games.maracaibo.data import board, careers, codes
from games.maracaibo.game import Maracaibo
from games.maracaibo.state import (
    Phase,
    QS_BOARD,
    QS_EXPLORER,
    W_BOX,
    W_DECK,
    W_DISCARD,
    W_DISPLAY,
    W_HAND,
    W_PLAN,
)
from tests.maracaibo.positions import act, legal, loc, opening


@pytest.fixture(scope="module", params=[2, 3, 4])
def game(request):
    return Maracaibo(num_players=request.param)


def test_deck_sizes_and_deal(game):
    """MA-3.4: 8 A cards per player; deck = other A + 40 B; 4 on display; 61 B boxed (and,
    with no story card, the 10 C cards, GAP-63)."""
    n = game.num_players
    s = game.init(np.arange(4))
    for rec in s:
        where = rec["card_where"]
        assert (where == W_DISPLAY).sum() == 4
        assert (where == W_DECK).sum() + 4 == {2: 80, 3: 72, 4: 64}[n]
        assert (where[:157] == W_BOX).sum() == 61 and (where[157:] == W_BOX).all()
        for p in range(n):
            dealt = rec["hand"][p][: rec["hand_len"][p]]
            assert len(dealt) == 8 and all(c < 56 for c in dealt)  # A cards are 0..55


def test_board_setup(game):
    """MA-3.1 piles 13/12; MA-3.2 quest spaces; MA-3.3 tiles; MA-3.6 prestige I; MA-3.8
    2-player markers; MA-3.11 card-75 quests (15, 18 with 3+, 19 with 4)."""
    n = game.num_players
    for rec in game.init(np.arange(6)):
        assert sorted(rec["token_pile_len"].tolist()) == [12, 13]
        assert sorted(rec["quest_arg"][rec["quest_state"] == QS_EXPLORER].tolist()) == [0, 1, 2]
        quest_locs = sorted(rec["quest_arg"][rec["quest_state"] == QS_BOARD].tolist())
        assert quest_locs == {2: [15], 3: [15, 18], 4: [15, 18, 19]}[n]
        assert rec["prestige_revealed"] == 1 and len(set(rec["prestige"].tolist())) == 4
        tiles = rec["tile_at"][board.TILE_SLOTS]
        want_set = board.SET_1_2 if n <= 2 else board.SET_3_4
        assert all(board.TILE_SET[t] == want_set for t in tiles)
        assert board.TILE_HELM[tiles].sum() == 2 and len(set(tiles.tolist())) == 4
        if n == 2:
            assert rec["tile_at"][board.MARACAIBO] == board.MARACAIBO_TILE
            assert rec["marker_at"][loc("6")] == codes.ES
            assert rec["marker_at"][loc("7")] == codes.EN
            assert rec["marker_at"][loc("8")] == codes.FR
            assert rec["markers_taken"].tolist() == [1, 1, 1]
        else:
            assert rec["tile_at"][board.MARACAIBO] == -1
            assert (rec["marker_at"] >= 0).sum() == 0


def test_start_values(game):
    """MA-2.3, MA-3.9, MA-3.10, MA-3.10a: 8/9/10/11 D clockwise from the start player."""
    n = game.num_players
    for rec in game.init(np.arange(5)):
        sp = int(rec["start_player"])
        assert rec["current_player"] == sp
        for j in range(n):
            p = (sp + j) % n
            assert rec["coins"][p] == 8 + j
            assert rec["cp"][p] == 1 and rec["d_income"][p] == 8 and rec["vp_income"][p] == 0
            assert rec["ship"][p] == board.HAVANA and rec["fig_personal"][p] == 2
            assert rec["discs"][p].tolist() == [2] * 12
        dealt = rec["career_dealt"][:n].ravel()
        assert len(set(dealt.tolist())) == 2 * n


def test_opening_choices_hidden_until_all_chose():
    """MA-3.12 / MA-3.13 / GAP-28: successive decisions; nobody sees another's choice
    until everyone has chosen; then 4 hand / 1 planning / 3 discards, 3 figures on goals."""
    g = Maracaibo(num_players=3)
    s = g.init(np.array([3]))
    first = int(s[0]["start_player"])
    assert legal(g, s, "setup_plan") == list(range(8))
    act(g, s, "setup_plan", 2)
    assert legal(g, s, "setup_discard") == [0, 1, 3, 4, 5, 6, 7]
    for i in (0, 1, 3):
        act(g, s, "setup_discard", i)
    second = int(s[0]["current_player"])
    assert second == (first + 1) % 3
    # the first player's choice is not yet public: no planning card, no discards
    assert (s[0]["card_where"] == W_DISCARD).sum() == 0
    obs = g.observe(s, second)[0]
    assert g.obs_layout.view(obs, "planning").sum() == 0
    assert g.obs_layout.view(obs, "my_setup_pick").sum() == 0
    for _ in range(2):
        act(g, s, "setup_plan", 0)
        for i in (1, 2, 3):
            act(g, s, "setup_discard", i)
    rec = s[0]
    assert (rec["card_where"] == W_DISCARD).sum() == 9
    for p in range(3):
        assert rec["hand_len"][p] == 4 and (rec["card_where"] == W_HAND + p).sum() == 4
        assert (rec["card_where"] == W_PLAN + p).sum() == 1 and rec["planning"][p, 0] >= 0
    # careers
    act(g, s, "career_pick", 1)
    obs = g.observe(s, (first + 1) % 3)[0]
    assert g.obs_layout.view(obs, "career").sum() == 0  # hidden until all chose
    act(g, s, "career_pick", 0)
    act(g, s, "career_pick", 0)
    rec = s[0]
    assert rec["career"][first] == rec["career_dealt"][first, 1]
    assert rec["phase"] == Phase.SAIL and rec["round_no"] == 1 and rec["current_player"] == first
    assert rec["fig_general"][:3].tolist() == [3, 3, 3]  # 8 - 2 personal - 3 on the goals
    obs = g.observe(s, (first + 1) % 3)[0]
    assert g.obs_layout.view(obs, "career").sum() == 3


def test_opening_helper_reaches_round_one():
    g = Maracaibo(num_players=4)
    s = opening(g, seed=5)
    assert s[0]["round_no"] == 1 and s[0]["phase"] == Phase.SAIL
    assert all(0 <= int(c) < careers.NUM_CAREERS for c in s[0]["career"])
