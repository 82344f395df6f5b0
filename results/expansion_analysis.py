"""The report's sections for Race for the Galaxy's expansions (issue 23): goals, takeovers and the solo robot.

Each function takes the DuckDB connection of galaxysim.results.analysis (views `games` and `seats`) and returns
plain rows (lists of dicts) with 95% intervals, or [] when the run has nothing to say (no goals in play, no
takeovers declared, not a solo game, or an older run folder without the columns). Conventions as in
analysis.py: a seat "wins" when it is among the game's winners; rates have Wilson intervals, differences of rates
Newcombe intervals, means Student-t intervals; `small_sample` flags fewer than SMALL_N observations on either
side of a comparison.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from .row_cells import finite, hist_moments, mean_cols, quantiles, rate_cols
from .stats import SMALL_N, mean_from_sums, rate, rate_difference


_f, _rate, _mean = finite, rate_cols, mean_cols


def _lift(prefix: str, k_in: int, n_in: int, k_out: int, n_out: int) -> dict[str, Any]:
    """Win rate of the seats with the property (in) against those without (out), and the difference."""
    r_in, r_out = rate(k_in, n_in), rate(k_out, n_out)
    d, lo, hi = rate_difference(r_in, r_out)
    return {f"n_{prefix}": n_in, **_rate(f"win_rate_{prefix}", r_in), f"n_not_{prefix}": n_out,
            **_rate(f"win_rate_not_{prefix}", r_out), "win_rate_lift": _f(d), "win_rate_lift_ci_low": _f(lo),
            "win_rate_lift_ci_high": _f(hi), "small_sample": n_in < SMALL_N or n_out < SMALL_N}


def has_columns(con, view: str, names: Sequence[str]) -> bool:
    have = {r[0] for r in con.execute(f"DESCRIBE {view}").fetchall()}
    return all(n in have for n in names)


def goal_rows(con, goal_table: Mapping[str, Mapping[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Per goal in play in at least one game: games it was in play, the share of seats (of those games) that
    claimed it (first: scored; most: held the tile at the end) and that tied for a most goal without the tile,
    the mean goal VP it gave a seat, and the win rate of the claiming seats against the others of those games
    (the lift, an association: good players claim goals). `goal_table` ({name: {kind, vp, tie_vp}},
    CardDb.goal_table()) adds each goal's VP."""
    if not has_columns(con, "games", ["goals"]) or not has_columns(con, "seats", ["goals_first", "goals_most"]):
        return []
    rows = con.execute("""
        WITH sg AS (
            SELECT s.won, g.goals, coalesce(s.goals_first, []) AS gf, coalesce(s.goals_most, []) AS gm,
                   coalesce(s.goals_most_tied, []) AS gt
            FROM seats s JOIN games g USING (game_index)
            WHERE g.goals IS NOT NULL AND len(g.goals) > 0),
        per AS (SELECT unnest(goals) AS goal, won, gf, gm, gt FROM sg),
        flags AS (SELECT goal, won, list_contains(gf, goal) AS first, list_contains(gm, goal) AS most,
                         list_contains(gt, goal) AS tied FROM per)
        SELECT goal, count(*) AS n, sum(won::INT) AS wins, sum((first OR most)::INT) AS claimed,
               sum(((first OR most) AND won)::INT) AS claimed_wins, sum(first::INT) AS first, sum(tied::INT) AS tied
        FROM flags GROUP BY goal ORDER BY goal""").fetchall()
    players = con.execute("SELECT max(players) FROM games").fetchone()[0] or 1
    out = []
    for goal, n, wins, claimed, claimed_wins, first, tied in rows:
        n, wins, claimed, claimed_wins, tied = int(n), int(wins), int(claimed), int(claimed_wins), int(tied)
        info = (goal_table or {}).get(goal, {})
        kind = info.get("kind") or ("first" if int(first) else "most")
        vp, tie_vp = info.get("vp"), info.get("tie_vp")
        row: dict[str, Any] = {"goal": goal, "kind": kind, "vp": vp, "tie_vp": tie_vp if kind == "most" else None,
                               "games": n // players, "seats": n, "claimed": claimed,
                               **_rate("claim_rate", rate(claimed, n)),
                               "tied": tied if kind == "most" else None,
                               "tie_rate": _f(rate(tied, n).rate) if kind == "most" else None}
        row["mean_vp"] = (claimed * vp + tied * (tie_vp or 0)) / n if vp is not None and n else None
        row.update(_lift("claimed", claimed_wins, claimed, wins - claimed_wins, n - claimed))
        out.append(row)
    return out


def goal_vp_rows(con) -> list[dict[str, Any]]:
    """The goal VP of a seat (score_goals) in games with goals: overall, for the winners and the others."""
    if not has_columns(con, "games", ["goals"]):
        return []
    rows = con.execute("""
        SELECT won, count(*), sum(score_goals::BIGINT), sum(score_goals::BIGINT * score_goals),
               sum(score::BIGINT)
        FROM seats s JOIN games g USING (game_index)
        WHERE g.goals IS NOT NULL AND len(g.goals) > 0 GROUP BY won""").fetchall()
    if not rows:
        return []
    by = {bool(w): (int(n), int(s), int(ss), int(sc)) for w, n, s, ss, sc in rows}
    out = []
    for label, keys in (("all seats", (True, False)), ("winners", (True,)), ("others", (False,))):
        n = sum(by.get(k, (0, 0, 0, 0))[0] for k in keys)
        s = sum(by.get(k, (0, 0, 0, 0))[1] for k in keys)
        ss = sum(by.get(k, (0, 0, 0, 0))[2] for k in keys)
        sc = sum(by.get(k, (0, 0, 0, 0))[3] for k in keys)
        m = mean_from_sums(n, s, ss)
        out.append({"seats": label, "n": n, **_mean("mean_goal_vp", m),
                    "share_of_score": s / sc if sc else None, "small_sample": n < SMALL_N})
    return out


TAKEOVER_EVENTS = (("declared", "declared at least one takeover"), ("won", "won at least one takeover"),
                   ("lost", "lost a world to a takeover"), ("defended", "defended at least one takeover"))


def takeover_rows(con) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(summary, effects) when the run has takeover columns and at least one declaration: the summary gives the
    declarations, their success rate and the rates per seat-game; the effects, for each event (declared / won /
    lost / defended at least one), the share of seats and their win rate against the other seats (an
    association: seats that can declare have strong military tableaus)."""
    cols = [f"takeovers_{k}" for k, _ in TAKEOVER_EVENTS]
    if not has_columns(con, "seats", cols):
        return [], []
    n, wins, dec, won, lost, dfd, games = con.execute(f"""
        SELECT count(*), sum(won::INT), sum(takeovers_declared), sum(takeovers_won), sum(takeovers_lost),
               sum(takeovers_defended), count(DISTINCT game_index)
        FROM seats WHERE takeovers_declared IS NOT NULL""").fetchone()
    if not n or not dec:
        return [], []
    n, wins, dec, won, lost, dfd, games = (int(x or 0) for x in (n, wins, dec, won, lost, dfd, games))
    games_with = int(con.execute("""SELECT count(*) FROM (SELECT game_index FROM seats GROUP BY game_index
                                    HAVING sum(takeovers_declared) > 0)""").fetchone()[0])
    summary = [
        {"measure": "declarations", "count": dec, "n": n, "per_seat_game": dec / n, "per_game": dec / games,
         "rate": None, "rate_ci_low": None, "rate_ci_high": None, "small_sample": dec < SMALL_N},
        {"measure": "successful (the world moved)", "count": won, "n": dec, "per_seat_game": won / n,
         "per_game": won / games, **_rate("rate", rate(won, dec)), "small_sample": dec < SMALL_N},
        {"measure": "defended (failed against the holder)", "count": dfd, "n": dec, "per_seat_game": dfd / n,
         "per_game": dfd / games, **_rate("rate", rate(dfd, dec)), "small_sample": dec < SMALL_N},
        {"measure": "games with a declaration", "count": games_with, "n": games, "per_seat_game": None,
         "per_game": None, **_rate("rate", rate(games_with, games)), "small_sample": games < SMALL_N},
    ]
    sums = ", ".join(f"sum((takeovers_{k} > 0)::INT), sum(((takeovers_{k} > 0) AND won)::INT)"
                     for k, _ in TAKEOVER_EVENTS)
    got = con.execute(f"SELECT {sums} FROM seats WHERE takeovers_declared IS NOT NULL").fetchone()
    effects = []
    for j, (key, label) in enumerate(TAKEOVER_EVENTS):
        k_in, w_in = int(got[2 * j] or 0), int(got[2 * j + 1] or 0)
        effects.append({"seats": label, "event": key, **_rate("share", rate(k_in, n)),
                        **_lift("event", w_in, k_in, wins - w_in, n - k_in)})
    return summary, effects


def robot_rows(con) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, dict[int, int]]]:
    """The solo game (runs whose games have a robot score): per difficulty (games.variant solo-easy/-medium/-hard)
    the human seat's win rate against the robot, and the robot's score: mean, spread and quantiles, with its
    parts; then the histograms of the robot's score per difficulty {variant: {score: games}}."""
    if not has_columns(con, "games", ["robot_score"]):
        return [], [], {}
    hist_rows = con.execute("""SELECT variant::VARCHAR, robot_score, count(*) FROM games
                               WHERE robot_score IS NOT NULL GROUP BY ALL ORDER BY 1, 2""").fetchall()
    if not hist_rows:
        return [], [], {}
    hist: dict[str, dict[int, int]] = {}
    for v, score, c in hist_rows:
        hist.setdefault(v, {})[int(score)] = int(c)
    parts = has_columns(con, "games", ["robot_score_cards", "robot_score_chips", "robot_score_six_cost"])
    part_sql = ", ".join(f"sum(g.robot_score_{p}::BIGINT), sum(g.robot_score_{p}::BIGINT * g.robot_score_{p})"
                         for p in ("cards", "chips", "six_cost")) if parts else "NULL, NULL, NULL, NULL, NULL, NULL"
    stats = con.execute(f"""
        SELECT g.variant::VARCHAR, count(*), sum(s.won::INT), sum((s.score > g.robot_score)::INT),
               sum((s.score = g.robot_score)::INT), sum(s.score::BIGINT), sum(s.score::BIGINT * s.score), {part_sql}
        FROM games g JOIN seats s USING (game_index)
        WHERE g.robot_score IS NOT NULL AND s.seat = 0 GROUP BY 1 ORDER BY 1""").fetchall()
    win_rows, score_rows = [], []
    for v, n, wins, ahead, tied, hs, hss, *p in stats:
        n, wins = int(n), int(wins)
        win_rows.append({"difficulty": v, "games": n, "human_wins": wins, **_rate("human_win_rate", rate(wins, n)),
                         "human_ahead_on_score": int(ahead), "tied_on_score": int(tied),
                         **_mean("human_mean_score", mean_from_sums(n, int(hs), int(hss))), "small_sample": n < SMALL_N})
        h = hist[v]
        m = hist_moments(h)
        q = quantiles(h, [0.1, 0.25, 0.5, 0.75, 0.9])
        row = {"difficulty": v, "games": n, **_mean("robot_mean_score", m), "min": min(h), "p10": q[0], "p25": q[1],
               "median": q[2], "p75": q[3], "p90": q[4], "max": max(h)}
        for j, name in enumerate(("cards", "chips", "six_cost")):
            if parts and p[2 * j] is not None:
                row[f"robot_mean_{name}"] = _f(mean_from_sums(n, int(p[2 * j]), int(p[2 * j + 1])).mean)
            else:
                row[f"robot_mean_{name}"] = None
        row["small_sample"] = n < SMALL_N
        score_rows.append(row)
    return win_rows, score_rows, hist
