"""stall_temperature (docs/net.md, "Options"): a net seat whose action cards meet the game's progress (every
tableau, the goods, the VP chips and pool) as it was at its action cards two rounds before, and one round before,
is in a stall, and chooses its cards at that temperature; elsewhere at its card temperature."""
from __future__ import annotations

import json

import numpy as np
import pytest

from galaxysim import rftg

from .helpers import base_game, write_random_model
from .test_play import rows, same, with_header


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return write_random_model(tmp_path_factory.mktemp("stall") / "p.gsnet", base_game(2), seed=11, choose="policy")


def _cards_state(seed=3, round_at_least=3):
    """A base 2-player state at the action cards of round >= round_at_least, and its JSON."""
    g = base_game(2)
    s = g.new_state(seed=seed)
    b = rftg.Bot("random", seed)
    while not (s.decision == "choose_action" and s.round >= round_at_least):
        s.apply(b.act(s))
    return g, s, json.loads(s.to_json())


def _with(g, d, **keys):
    return g.state_from_json(json.dumps({**d, **keys}))


def test_a_seat_meeting_the_same_progress_two_rounds_on_samples_its_cards(model):
    g, s, d = _cards_state()
    spec = f"net:model={model},card_temperature=0,stall_temperature=100"
    greedy = rftg.Bot(f"net:model={model},card_temperature=0", 1).act(s)
    r = d["round"]
    same = [_with(g, d, round=r + k) for k in range(1, 4)]  # nothing changed for 1, 2, 3 rounds
    chips = [dict(p) for p in d["players"]]
    chips[1]["chips"] = chips[1]["chips"] + 1
    progressed = _with(g, d, round=r + 2, players=chips)  # a VP chip changed hands in the second round

    def answers(*states):
        """The last answer of 40 bots (seeds) shown s and then `states` in turn."""
        out = []
        for seed in range(40):
            bot = rftg.Bot(spec, seed)
            assert bot.act(s) == greedy  # not in a stall: the card temperature (0)
            for t in states:
                last = bot.act(t)
            out.append(last)
        return set(out)

    assert answers(same[0]) == {greedy}              # one round without progress: common in good play
    assert len(answers(same[0], same[1])) > 2        # two: a stall, sampled at temperature 100
    assert len(answers(same[0], same[1], same[2])) > 2  # and it lasts while nothing changes
    assert answers(same[1]) == {greedy}              # a round not seen between: not known to stand still
    assert answers(same[0], progressed) == {greedy}
    # a bot that did not see the rounds before is not in a stall
    assert {rftg.Bot(spec, seed).act(same[1]) for seed in range(20)} == {greedy}


def test_the_models_stall_temperature_is_its_default_and_a_spec_temperature_overrides_it(model, tmp_path):
    g, s, d = _cards_state()
    later = [_with(g, d, round=d["round"] + k) for k in (1, 2)]
    stalls = with_header(model, tmp_path / "stalls.gsnet", card_temperature=0, stall_temperature=100)

    def answers(spec):
        out = set()
        for seed in range(40):
            bot = rftg.Bot(spec, seed)
            bot.act(s)
            bot.act(later[0])
            out.add(bot.act(later[1]))
        return out

    assert len(answers(f"net:model={stalls}")) > 2
    assert len(answers(f"net:model={stalls},temperature=0")) == 1
    assert len(answers(f"net:model={stalls},card_temperature=0")) == 1
    assert answers(f"net:model={stalls},temperature=0") == answers(f"net:model={model}")
    with pytest.raises(Exception, match="stall_temperature must be in"):
        rftg.Bot("net:stall_temperature=-1", 1)


def test_stall_sampling_gives_the_same_rows_on_one_and_two_threads(model, tmp_path):
    four = write_random_model(tmp_path / "p4.gsnet", base_game(4), seed=12, choose="policy")
    bots = [f"net:model={four},card_temperature=0,stall_temperature=1"] * 2 + ["random"] * 2
    one = rows(bots, games=24, threads=1)
    same(one, rows(bots, games=24, threads=2))
    assert not np.array_equal(one["s_score"], rows([f"net:model={four},card_temperature=0"] * 2 + ["random"] * 2,
                                                   games=24)["s_score"])


def test_a_searching_seat_in_a_stall_leaves_the_search_for_its_stall_temperature(model):
    """The search's playouts are played by the same greedy action head, so in a stall every card looks alike to
    it; a seat in a stall samples its cards at the stall temperature instead (docs/net.md, "Games at the cap")."""
    g, s, d = _cards_state()
    later = [_with(g, d, round=d["round"] + k) for k in (1, 2)]
    spec = f"net:model={model},search=30,leaf=policy,puct=1,card_temperature=0,stall_temperature=100"

    def answers(*states):
        out = []
        for seed in range(40):
            bot = rftg.Bot(spec, seed)
            for t in states:
                last = bot.act(t)
            out.append(last)
        return out

    searched = answers(s, later[1])  # a round not seen between: not in a stall, the search chooses
    stalled = answers(s, later[0], later[1])
    assert len(set(stalled)) >= 5 and len(set(searched)) <= 2, (set(stalled), set(searched))
