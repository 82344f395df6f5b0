"""What-if variants of Alien Frontiers (docs/variants.md, AF-G20 in docs/af-rules.md): changes parsed and checked
against the board and card data, af.Game(variant=...), `galaxysim run --game af --variant` and `galaxysim compare
--game af` on paired seeds. Answers known in advance: a variant that writes the printed values plays the very same
games (every difference exactly zero); a tech card worth more VP raises its holders' scores; fewer colonies per
player shorten the game."""
from __future__ import annotations

import json

import pytest

from galaxysim import af
from galaxysim.af_variant import AfVariant
from galaxysim.variant import Variant, VariantError
from galaxysim.results import load_games
from galaxysim.sim.cli import main
from galaxysim.sim.compare import compare
from galaxysim.sim.config import ConfigError, RunConfig

GAMES = 600
SEED = 41
TECH = "Alien City"  # printed: 1 VP, one copy


def colonies_in_hand(game: af.Game) -> list[int]:
    return [p["colonies_in_hand"] for p in json.loads(game.new_state(1).to_json())["players"]]


# --- parsing and checking ---------------------------------------------------------------------------------------

def test_changes_reach_the_data_and_the_game():
    v = Variant.parse("Lunar Mine.docks=4; remove=Booster Pod; Asimov Crater.amount=2; Positron Field.vp=3; "
                      f"{TECH}.vp=2; resource_limit=10", game="af")
    assert isinstance(v, AfVariant) and v.game == "af" and len(v.changes) == 6
    r = v.resolve()
    assert {f["name"]: f["docks"] for f in r.data.facilities()}["Lunar Mine"] == 4
    tech = {t["name"]: t for t in r.data.tech()}
    assert tech["Booster Pod"]["copies"] == 0 and tech[TECH]["vp"] == 2
    assert {t["name"]: t["amount"] for t in r.data.territories()}["Asimov Crater"] == 2
    assert {f["name"]: f["vp"] for f in r.data.fields()}["Positron Field"] == 3
    ids = [t["name"] for t in r.data.tech()]
    assert r.affected == {"Booster Pod": ("tech", ids.index("Booster Pod")), TECH: ("tech", ids.index(TECH)),
                          "Asimov Crater": ("territories", "Asimov Crater")}
    assert af.data().tech()[[t["name"] for t in af.data().tech()].index("Booster Pod")]["copies"] == 2  # untouched
    # colonies_per_player sets every player count, in the long game too.
    assert colonies_in_hand(af.Game(players=2)) == [8, 8]
    assert colonies_in_hand(af.Game(players=2, variant="colonies_per_player=5")) == [5, 5]
    assert colonies_in_hand(af.Game(players=4, long_game=True, variant="colonies_per_player=5")) == [5] * 4
    assert repr(af.Game(players=3, variant=v)).endswith(f"variant={v.name!r})")


@pytest.mark.parametrize("change, message", [
    ("Lunar Mne.docks=3", "unknown facility, territory or tech card 'Lunar Mne' (did you mean 'Lunar Mine'"),
    ("Lunar Mine.kind=shipyard", "the kind of a facility cannot be changed by a variant"),
    ("Lunar Mine.ship-cost=1st 1", "'Lunar Mine' has no field 'ship-cost'"),
    ("Lunar Mine.docks=99", "change 'Lunar Mine.docks=99': docks: bad number '99'"),
    ("Asimov Crater.bonus=relic_ship 1", "the kind of a territory's bonus (change its amount) cannot be changed"),
    ("remove=Lunar Mine", "only alien tech cards can be removed"),
    ("colonies_per_player=0", "0 is out of range (1 to 12)"),
    ("hand_limit=12", "unknown rule 'hand_limit' (did you mean 'resource_limit'?)"),
    ("docks", "expected LEFT=VALUE"),
])
def test_bad_changes_are_one_clear_line(change, message):
    with pytest.raises(VariantError) as e:
        Variant.parse(change, game="af").resolve()
    assert message in str(e.value) and "\n" not in str(e.value)


def test_the_engine_changes_a_bonus_amount_but_not_its_kind():
    d = af.data().with_overrides("territory: Asimov Crater\nbonus: hub_advance 2\n", "x")
    assert {t["name"]: t["amount"] for t in d.territories()}["Asimov Crater"] == 2
    with pytest.raises(af.DataError, match=r"x:2: bonus: the bonus of a territory cannot be changed, only its "
                                           r"amount \(hub_advance N\)"):
        af.data().with_overrides("territory: Asimov Crater\nbonus: relic_ship\n", "x")


def test_a_variant_belongs_to_one_game():
    with pytest.raises(ConfigError, match="Race for the Galaxy variant cannot change an Alien Frontiers game"):
        RunConfig(game="af", players=2, what_if=Variant.parse("hand_limit=12")).validate()
    with pytest.raises(ConfigError, match="unknown card field 'docks'"):
        RunConfig.from_values({"game": "rftg", "what_if": "Lunar Mine.docks=3"})
    cfg = RunConfig.from_values({"what_if": "Lunar Mine.docks=4", "game": "af", "players": 2})  # game read first
    assert cfg.what_if.game == "af"


# --- compare on paired seeds ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def cmp(tmp_path_factory):
    out = tmp_path_factory.mktemp("afcmp") / "cmp"
    cfg = RunConfig(game="af", players=2, bots=["heuristic"], games=GAMES, seed=SEED, threads=2, out=str(out),
                    quiet=True)
    variants = [Variant.parse(f"Lunar Mine.docks=5; {TECH}.vp=1; resource_limit=8", name="as printed", game="af"),
                Variant.parse(f"{TECH}.vp=4", name="rich city", game="af"),
                Variant.parse("colonies_per_player=5", name="short", game="af")]
    return compare(cfg, variants, progress=False)


def by_metric(metrics) -> dict:
    return {m.metric: m for m in metrics}


def test_printed_values_play_the_same_games(cmp):
    same = cmp.metrics[0]
    assert len(same) >= 3 + 4 + 2 and all(m.n == GAMES for m in same)
    assert f"{TECH}: held at the end (share of seats)" in by_metric(same)
    for m in same:
        assert m.diff == 0.0 and m.ci_low == 0.0 and m.ci_high == 0.0, m
        assert m.baseline == m.variant and not m.significant


def test_a_richer_tech_card_raises_its_holders_scores(cmp):
    m = by_metric(cmp.metrics[1])
    score = m[f"{TECH}: mean score of its holders"]
    assert score.diff > 0 and score.ci_low > 0 and score.significant
    assert m[f"{TECH}: win rate of its holders"].diff > 0


def test_fewer_colonies_shorten_the_game(cmp):
    rounds = by_metric(cmp.metrics[2])["rounds per game"]
    assert rounds.diff < 0 and rounds.ci_high < 0
    assert load_games(cmp.variants[2][1].path).num_rows == GAMES


def test_compare_cli_and_config_file(tmp_path, capsys):
    out = tmp_path / "c"
    args = ["compare", "--game", "af", "--players", "3", "--bots", "heuristic,random,random", "--games", "60",
            "--seed", "5", "--threads", "1", "--out", str(out), "-q", "--variant", "remove=Alien City"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "variant remove=Alien City (60 paired games):" in text and "Alien City: held at the end" in text
    rows = json.loads((out / "compare" / "compare.json").read_text())["metrics"]
    held = next(r for r in rows if r["metric"] == "Alien City: held at the end (share of seats)")
    assert held["variant"] == 0.0
    manifest = json.loads((out / "variant-1" / "manifest.json").read_text())["config"]
    assert manifest["game"] == "af" and manifest["what_if"]["changes"] == ["remove=Alien City"]
    assert main(args[:-1] + ["Lunar Mne.docks=4"]) == 2
    assert "did you mean 'Lunar Mine'" in capsys.readouterr().err

    (tmp_path / "c.toml").write_text(
        'game = "af"\nplayers = 2\nbots = "heuristic"\ngames = 40\nseed = 2\nthreads = 1\nquiet = true\n'
        f'out = "{tmp_path / "toml"}"\n'
        '[[variant]]\nname = "wide mine"\nchanges = ["Lunar Mine.docks=5", "Lunar Mine.blocked=2p 0, 3p 0"]\n')
    assert main(["compare", "--config", str(tmp_path / "c.toml")]) == 0
    assert "variant wide mine (40 paired games):" in capsys.readouterr().out


def test_run_with_a_variant_reports_and_exports(tmp_path, capsys):
    out = tmp_path / "r"
    args = ["run", "--game", "af", "--players", "2", "--bots", "heuristic,random", "--games", "30", "--seed", "8",
            "--threads", "1", "--out", str(out), "-q", "--record-decisions", "--variant",
            "remove=Alien City; resource_limit=12"]
    assert main(args) == 0
    assert main(["summary", str(out)]) == 0
    assert "what-if variant remove=Alien City; resource_limit=12" in capsys.readouterr().out
    assert main([*args[:-1], "resource_limit=11", "--resume"]) == 2
    assert "was made with variant=" in capsys.readouterr().err
    assert main(["replay", str(out), "--game", "3"]) == 0
    assert main(["export", str(out), "--out", str(tmp_path / "d.npz")]) == 0
    pytest.importorskip("matplotlib")
    assert main(["report", str(out), "--out", str(tmp_path / "rep")]) == 0
    tech = (tmp_path / "rep" / "tech_cards.csv").read_text().splitlines()
    names = [line.split(",")[1] for line in tech[1:]]
    assert "Alien City" not in names and "Alien Monument" in names  # the variant's deck has no Alien City
    assert (tmp_path / "rep" / "territories.csv").exists()
