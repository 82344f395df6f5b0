"""What-if variants (docs/variants.md, rules G16): parsing, close-match errors, the card data they write, the
rule constants they set in the engine, and their place in a run's config and manifest."""
from __future__ import annotations

import json

import numpy as np
import pytest

from galaxysim import _batch, rftg
from galaxysim.variant import Variant, VariantError, parse_change
from galaxysim.sim.cli import main
from galaxysim.sim.config import ConfigError, RunConfig
from galaxysim.sim.run import replay, start

BASE = rftg.card_text()


def table(variant: str, expansion: str = "base") -> dict[str, dict]:
    r = Variant.parse(variant).resolve(BASE, expansion)
    return {d["name"]: d for d in rftg._rftg.CardDb(r.card_text, "t").card_table(expansion)}


def error(variant: str) -> str:
    with pytest.raises(VariantError) as e:
        Variant.parse(variant).resolve(BASE, "base")
    return str(e.value)


# --- parsing and the card data a variant writes ------------------------------------------------------------------

def test_card_changes_reach_the_card_data():
    t = table("Space Marines.cost=5; Space Marines.vp=4; Old Earth.copies=2; remove=Gambling World")
    assert t["Space Marines"]["cost"] == 5 and t["Space Marines"]["vp"] == 4
    assert t["Old Earth"]["copies"] == 2
    assert "Gambling World" not in t  # no copies at the base level
    base = {d["name"]: d for d in rftg.card_table("base")}
    assert t["Space Port"] == base["Space Port"]  # untouched cards stay as they were


def test_shared_name_is_changed_at_the_runs_level_only():
    """Gambling World has one design in base/TGS and another in RvI: a change names the one in play."""
    r = Variant.parse("Gambling World.cost=3").resolve(BASE, "base")
    db = rftg._rftg.CardDb(r.card_text, "t")
    gw = [d for d in db.card_table("base", all=True) if d["name"] == "Gambling World"]
    assert len(gw) == 2
    before = {d["id"]: d for d in rftg.card_db().card_table("base", all=True)}
    (changed,) = [d for d in gw if d["copies_by_level"][0] > 0]
    (other,) = [d for d in gw if d["copies_by_level"][0] == 0]
    assert changed["cost"] == 3 and before[changed["id"]]["cost"] != 3
    assert other == before[other["id"]]
    assert r.affected == {"Gambling World": changed["id"]}


def test_military_cost_is_its_defence_and_powers_are_replaced():
    t = table("Rebel Base.cost=2; Gambling World.powers=consume trade-any value=3 | settle military value=2")
    assert t["Rebel Base"]["cost"] == 2 and t["Rebel Base"]["military"]
    assert t["Gambling World"]["powers"] == 2


def test_added_cards_get_new_ids_and_keep_the_old_ones(tmp_path):
    f = tmp_path / "new.txt"
    f.write_text("card: Test Outpost\ntype: world\ncost: 1\nvp: 5\ncopies: base 3, tgs 3, rvi 3\n")
    v = Variant.parse(f"add={f}")
    r = v.resolve(BASE, "base")
    n_base = len(rftg.card_db())
    names = _batch.design_names(r.card_text)
    assert names[:n_base] == _batch.design_names(BASE) and names[n_base] == "Test Outpost"
    assert r.affected == {"Test Outpost": n_base}
    assert "card: Test Outpost" in v.cards  # the text travels with the variant (into the manifest) ...
    f.unlink()
    assert Variant.from_config(v.to_config()) == v  # ... so the file is not needed again
    game = rftg.Game(players=2, variant=v)
    assert game.num_cards == rftg.Game(players=2).num_cards + 3
    assert sum(game.card_name(i) == "Test Outpost" for i in range(game.num_cards)) == 3


@pytest.mark.parametrize("spec,expected", [
    ("Gambling Wrld.cost=2", "unknown card 'Gambling Wrld' (did you mean 'Gambling World'"),
    ("gambling world.cost=2", "did you mean 'Gambling World'"),
    ("Gambling World.cots=2", "unknown card field 'cots' (did you mean 'cost'"),
    ("hand_limt=12", "unknown rule 'hand_limt' (did you mean 'hand_limit'?)"),
    ("Gambling World.cost=cheap", "expected a whole number, not 'cheap'"),
    ("Gambling World.cost=200", "out of range"),
    ("hand_limit=1000", "out of range (0 to 100)"),
    ("Old Earth.defence=1", "'Old Earth' is not a military world"),
    ("Gambling World.powers=consume good-any get-vop times=1", "unknown consume power token 'get-vop'"),
    ("Gambling World.powers=explore reduce-zero", "token 'reduce-zero' is not valid in the explore phase"),
    ("Gambling World", "expected LEFT=VALUE"),
    ("remove=Alien Robot Sentinel", "did you mean 'Alien Robot Sentry'"),
    ("Improved Logistics.cost=1", "not in the base game (it is in: tgs, rvi)"),
])
def test_bad_changes_say_what_is_wrong(spec, expected):
    msg = error(spec)
    assert expected in msg, msg
    assert "\n" not in msg


def test_parse_round_trips_through_the_config_form():
    v = Variant.parse("Gambling World.cost=2 ;hand_limit = 12", name="cheap")
    assert v.changes == ("Gambling World.cost=2", "hand_limit=12") and v.name == "cheap"
    assert Variant.from_config(v.to_config()) == v
    assert Variant.from_config({"name": "x", "changes": "tableau_end=14"}).rule_options() == {"tableau_end": 14}
    assert parse_change("remove = Old Earth").text() == "remove=Old Earth"
    with pytest.raises(VariantError, match="unknown key 'chnages'"):
        Variant.from_config({"chnages": ["a=1"]})


# --- the rule constants in the engine -------------------------------------------------------------------------------

def play(variant: str | None, games: int = 400, players: int = 4) -> dict:
    v = Variant.parse(variant) if variant else None
    r = v.resolve(BASE, "base") if v else None
    runner = _batch.Runner(r.card_text if r else BASE, players, "base", False, ["heuristic"] * players,
                           **(r.rules if r else {}))
    return runner.run(5, 0, games, 2, False)


def test_hand_limit_is_the_variants():
    """G15 with another limit: nobody ends a game holding more than the hand limit."""
    standard = play(None)["seats"]["hand_size"]
    small = play("hand_limit=4")["seats"]["hand_size"]
    assert standard.max() > 4 and small.max() <= 4
    assert rftg.Game(players=3, variant="hand_limit=12").hand_limit == 12


def test_vp_pool_per_player_sets_the_pool():
    assert rftg.Game(players=3, variant="vp_pool_per_player=15").new_state(1).vp_pool == 45
    assert rftg.Game(players=3).new_state(1).vp_pool == 36


def test_tableau_end_ends_the_game_at_that_size():
    res = play("tableau_end=8")
    ends = res["games"]["end_reason"]
    assert (ends == 0).mean() > 0.9  # nearly every game ends by the tableau
    off, players = res["seats"]["tableau_offsets"], 4
    biggest = np.diff(off).reshape(-1, players).max(axis=1)
    assert biggest[ends == 0].min() >= 8 and biggest.max() < 12
    assert play(None)["games"]["rounds"].mean() > res["games"]["rounds"].mean()


def test_engine_rejects_impossible_rule_constants():
    with pytest.raises(rftg.RulesError, match="tableau size that ends the game must be 1 to 40"):
        _batch.Runner(BASE, 2, "base", False, ["random"] * 2, tableau_end=0)


# --- runs with a variant ----------------------------------------------------------------------------------------------

def test_run_records_the_variant_and_replay_resume_reproduce_it(tmp_path):
    out = tmp_path / "run"
    cfg = RunConfig(players=3, bots=["heuristic"], games=300, seed=9, out=str(out), quiet=True, chunk_size=100,
                    what_if=Variant.parse("Gambling World.cost=0; hand_limit=8"))
    assert start(cfg, progress=False).complete
    m = json.loads((out / "manifest.json").read_text())
    assert m["config"]["what_if"] == {"name": "Gambling World.cost=0; hand_limit=8",
                                      "changes": ["Gambling World.cost=0", "hand_limit=8"], "cards": ""}
    rep = replay(out, 123)
    assert rep.matches, rep.verdict
    from galaxysim.results import summarize

    assert summarize(out).format().splitlines()[1] == "  what-if variant Gambling World.cost=0; hand_limit=8"
    # The same run without the variant is another run (another run id), and --resume refuses to mix them.
    plain = RunConfig(players=3, bots=["heuristic"], games=300, seed=9, out=str(out), quiet=True, resume=True)
    with pytest.raises(ConfigError, match="was made with variant='Gambling World.cost=0; hand_limit=8', not none"):
        start(plain, explicit={"what_if", "players", "games", "seed"}, progress=False)


def test_cli_variant_flag_and_config_key(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--games", "50", "--seed", "1", "--out", "a", "-q", "--variant", "tableau_end=9"]) == 0
    assert json.loads((tmp_path / "a" / "manifest.json").read_text())["config"]["what_if"]["changes"] == \
        ["tableau_end=9"]
    (tmp_path / "v.toml").write_text('games = 50\nseed = 1\nquiet = true\nout = "b"\n'
                                     '[variant]\nname = "free marines"\nchanges = ["Space Marines.cost=0"]\n')
    assert main(["run", "--config", "v.toml"]) == 0
    w = json.loads((tmp_path / "b" / "manifest.json").read_text())["config"]["what_if"]
    assert w["name"] == "free marines" and w["changes"] == ["Space Marines.cost=0"]
    capsys.readouterr()
    assert main(["run", "--games", "50", "--out", "c", "--variant", "Space Marnes.cost=0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("galaxysim: error: --variant: change 'Space Marnes.cost=0': unknown card") and \
        "did you mean 'Space Marines'" in err
    assert not (tmp_path / "c").exists()


def test_card_data_override_names_the_level_of_a_shared_name():
    """docs/card-data.md: 'override: NAME [level]' picks the design with copies at that level."""
    def db(extra: str):
        return rftg._rftg.CardDb(BASE + "\n" + extra, "variant.txt")

    with pytest.raises(rftg.CardDataError, match=r"belongs to several designs.*'override: Gambling World \[base\]'"):
        db("override: Gambling World\nvp: 5\n")
    with pytest.raises(rftg.CardDataError, match="unknown level 'lvl9'"):
        db("override: Gambling World [lvl9]\nvp: 5\n")
    with pytest.raises(rftg.CardDataError, match="no card named 'Old Earth' with copies at level"):
        db("override: Old Earth [rvi]\ncopies: base 1, tgs 1, rvi 0\noverride: Old Earth [rvi]\nvp: 1\n")
    rvi = {d["name"]: d for d in db("override: Gambling World [rvi]\nvp: 5\n").card_table("rvi")}
    base = {d["name"]: d for d in db("override: Gambling World [rvi]\nvp: 5\n").card_table("base")}
    assert rvi["Gambling World"]["vp"] == 5 and base["Gambling World"]["vp"] != 5


def test_vp_pool_is_at_most_150_chips_in_all_G16():
    # A seat's chips are one byte: a larger what-if pool would wrap them at 256.
    assert rftg.Game(players=2, variant="vp_pool_per_player=75").new_state(1).vp_pool == 150
    with pytest.raises(rftg.RulesError, match="at most 150 chips in all"):
        rftg.Game(players=4, variant="vp_pool_per_player=38")
    with pytest.raises(Exception, match="150"):
        rftg.Game(players=2, variant="vp_pool_per_player=151")
