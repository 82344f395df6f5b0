"""The draft variant (rules §6): drafting from packets of five with alternating passing,
each seat's own deck and discard pile afterwards, and the rule entries E41-E43
(docs/rules.md). Random drafts check the counts; positions check the own piles.
"""
from __future__ import annotations

import pytest

from galaxysim import rftg

from .expansion_positions import H, P, at_next_round, bag, xpos
from .positions import doc, play


def play_draft(g, seed):
    """Plays a random draft; returns the state at the first start-stage decision."""
    s = g.new_state(seed)
    while s.decision == "draft_pick":
        s.apply(s.legal_actions()[0])
    return s


@pytest.mark.parametrize("level,players,each,removed", [
    ("tgs", 2, 65, 2), ("tgs", 3, 40, 10),   # §6 example sizes
    ("rvi", 5, 30, 20),                       # E42: 180 - 10 start worlds = 170, 6 rounds of 25
])
def test_draft_sizes(level, players, each, removed):
    g = rftg.Game(players=players, expansion=level, draft=True, goals=False)
    s = play_draft(g, 3)
    assert s.decision == "start_world"
    d = doc(s)
    owners = d["owners"]
    assert len(owners["removed"]) == removed and owners["common"] == []
    for seat in range(players):
        own = set(owners[str(seat)])
        # drafted cards + the two start worlds; six of them are in hand
        assert len(own) == each + 2
        assert set(d["players"][seat]["hand"]) <= own and len(d["players"][seat]["hand"]) == 6
        assert set(d["players"][seat]["tableau"]) <= own and len(d["players"][seat]["tableau"]) == 2


def test_draft_not_for_too_many_players():
    with pytest.raises(rftg.RulesError, match="2 to 3 players"):
        rftg.Game(players=4, expansion="tgs", draft=True)
    with pytest.raises(rftg.RulesError, match="2 to 5 players"):
        rftg.Game(players=6, expansion="rvi", draft=True)
    with pytest.raises(rftg.RulesError, match="draft variant needs expansion"):
        rftg.Game(players=2, draft=True)


def test_packets_pass_left_then_right():
    g = rftg.Game(players=3, expansion="tgs", draft=True, goals=False)
    s = g.new_state(11)

    def one_pick_round():
        before = [set(p["hand"]) for p in doc(s)["players"]]
        rest = []
        for seat in range(3):
            assert s.decision == "draft_pick" and s.current_player == seat
            owned = set(doc(s)["owners"][str(seat)])
            s.apply(s.legal_actions()[0])
            picked = set(doc(s)["owners"][str(seat)]) - owned
            assert len(picked) == 1 and picked <= before[seat]
            rest.append(before[seat] - picked)  # the packet without the pick
        return before, rest, [set(p["hand"]) for p in doc(s)["players"]]

    before, rest, after = one_pick_round()
    assert all(len(p) == 5 for p in before) and all(len(p) == 4 for p in rest)
    for seat in range(3):  # drafting round 1: to the left (seat + 1)
        assert after[(seat + 1) % 3] == rest[seat]
    while len(doc(s)["players"][0]["hand"]) != 5:
        s.apply(s.legal_actions()[0])
    before, rest, after = one_pick_round()
    for seat in range(3):  # drafting round 2: to the right (seat - 1)
        assert after[(seat - 1) % 3] == rest[seat]


def test_draft_picks_are_secret_and_own_picks_known():
    g = rftg.Game(players=2, expansion="tgs", draft=True, goals=False)
    s = g.new_state(4)
    play(s, s.describe(s.legal_actions()[0]))
    obs0, obs1 = s.observation(0), s.observation(1)
    assert len(obs0["players"][0]["drafted"]) == 1 and "drafted" not in obs1["players"][0]
    assert "hand" not in obs1["players"][0]


def test_start_world_choice_discards_to_the_own_pile():
    # E43: the start world not kept and the two discards go to the own discard pile.
    g = rftg.Game(players=2, expansion="tgs", draft=True, goals=False)
    s = play_draft(g, 5)
    d = doc(s)
    pair = d["players"][0]["tableau"]
    play(s, f"keep {pair[0]}")
    while s.decision == "start_discard" and s.current_player == 0:
        s.apply(s.legal_actions()[0])
    d = doc(s)
    own0 = set(d["owners"]["0"])
    assert pair[1] in d["discard"] and pair[1] in own0
    assert set(d["discard"]) <= own0


DECK0 = ["Gem World"]
DISCARD0 = ["Spice World", "Comet Zone", "New Vinland"]


def own_piles(**kw):
    """A 2-player draft position in the Explore phase: seat 0 explores with one card in its
    own deck and three in its own discard pile; seat 1 owns the rest of the piles."""
    others = ["Mining World", "Volcanic World", "Space Port", "Secluded World"]
    owners = {"0": DECK0 + DISCARD0, "1": others, "removed": []}
    return xpos("explore",
                dict(tableau=["Old Earth"], actions=["explore11"]),
                P("develop", tableau=["Epsilon Eridani"]),
                level="tgs", draft=True, deck=DECK0 + others[:2], discard=DISCARD0 + others[2:],
                owners=owners, **kw)


def test_draws_come_from_the_own_deck_and_reshuffle_the_own_discard_pile():
    # E41: Explore +1/+1 draws 3 for seat 0: its one deck card, then its own discard pile
    # becomes its deck (A13); seat 1's piles are untouched by seat 0's draws.
    s = own_piles()
    d = doc(s)
    explored = d["players"][0]["explored"]
    assert len(explored) == 3 and "Gem World" in explored
    assert set(explored) <= set(DECK0 + DISCARD0)
    assert len(d["players"][1]["explored"]) == 2
    assert set(d["players"][1]["explored"]) <= {"Mining World", "Volcanic World"}


def test_discards_go_to_the_own_discard_pile():
    s = own_piles()
    explored = doc(s)["players"][0]["explored"]
    while s.decision == "explore_keep" and s.current_player == 0:  # keep 2 of 3
        s.apply(s.legal_actions()[0])
    d = doc(s)
    gone = set(explored) - set(d["players"][0]["hand"])
    assert len(gone) == 1 and gone <= set(d["discard"]) and gone <= set(d["owners"]["0"])


def test_draft_positions_need_owners_for_the_piles():
    with pytest.raises(rftg.RulesError, match="owner of every card"):
        xpos("explore", dict(tableau=["Old Earth"], actions=["explore11"]), P("develop", tableau=["Epsilon Eridani"]),
             level="tgs", draft=True, deck=["Gem World"], owners={"0": []})
