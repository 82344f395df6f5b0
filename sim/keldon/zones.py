"""Each player's hand and tableau at the start of every round of a record, rebuilt from its events
(start worlds, draws, moves), so that a replay can find the round where galaxysim's position first
differs from the record's, not only the end state."""
from __future__ import annotations

from collections import Counter
from typing import Any


def round_starts(record: dict[str, Any]) -> dict[int, dict[str, dict[int, Counter]]]:
    """{round: {"hand": {p: Counter}, "tableau": {p: Counter}, "deck": cards in the draw pile} as each
    round begins."""
    zones: dict[str, Counter] = {}

    def zone(name: str) -> Counter:
        return zones.setdefault(name, Counter())

    out: dict[int, dict[str, dict[int, Counter]]] = {}
    players = [s["p"] for s in record["setup"]["seats"]]
    deck = record["config"].get("deck_size", 0)  # cards in the draw pile
    for e in record["events"]:
        ev = e.get("ev")
        if ev == "draw":
            deck -= 1
        elif ev == "reshuffle":
            deck += e["cards"]
        elif ev in ("start_world", "start_world_deal") and not e.get("chosen"):
            deck -= len(e["cards"]) if ev == "start_world_deal" else 1
        elif ev == "move" and "deck" in (e.get("from"), e.get("to")):
            deck += 1 if e["to"] == "deck" else -1
        if ev == "round":
            out[e["round"]] = {z: {p: +Counter(zone(f"{z}@{p}")) for p in players} for z in ("hand", "tableau")}
            out[e["round"]]["deck"] = deck
        elif ev == "start_world" and not e.get("chosen"):
            zone(f"tableau@{e['p']}")[e["card"]] += 1
        elif ev == "draw":
            why = e.get("why")
            to = f"good@{e['p']}" if why == "good" else "revealed" if why in ("gamble-reveal", "ante-reveal") \
                else f"hand@{e['p']}"
            zone(to)[e["card"]] += 1
        elif ev == "move":
            zone(e["from"])[e["card"]] -= 1
            zone(e["to"])[e["card"]] += 1
    return out
