"""What a run on Ray may be told: the cluster address and the [ray] table of a config file.

    # my-run.toml
    games = 10_000_000
    [ray]
    address = "auto"            # or "local", "10.0.0.1:6379", "ray://10.0.0.1:10001"  (flag: --ray ADDRESS)
    max_in_flight = 16          # chunks submitted at once (default: 2 per task slot of the cluster)
    retries = 3                 # new attempts of a chunk whose worker or node was lost (default 3)
    runtime_env = { py_modules = ["dist/galaxysim-0.2.0-cp311-cp311-linux_x86_64.whl"] }

Nothing here imports Ray: a config is checked before any cluster is reached.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from galaxysim.user_text import shown

#: address forms: "auto" (the cluster this machine belongs to: RAY_ADDRESS, or the last `ray start` here),
#: "local" (a private Ray started for this run on this machine, stopped after it), HOST:PORT (a head node's
#: GCS port, 6379 unless `ray start --port` said otherwise), ray://HOST:PORT (Ray Client, port 10001).
SPECIAL_ADDRESSES = ("auto", "local")
_HOST_PORT = re.compile(r"^(?:ray://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")
DEFAULT_RETRIES = 3


class OptionError(ValueError):
    """A bad --ray address or [ray] option."""


@dataclass
class RayOptions:
    max_in_flight: int | None = None
    retries: int = DEFAULT_RETRIES
    runtime_env: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, options: Mapping[str, Any], label: str = "ray") -> "RayOptions":
        check_options(options, label)
        return cls(**{k: v for k, v in options.items()})


def split_address(address: str) -> tuple[str, int] | None:
    """(host, port) of a HOST:PORT or ray://HOST:PORT address; None for "auto" and "local"."""
    if address in SPECIAL_ADDRESSES:
        return None
    m = _HOST_PORT.match(address)
    if not m:
        raise OptionError(f"not a Ray address: {shown(address)}")
    return m.group(1).strip("[]"), int(m.group(2))


def check_address(address: str | None, label: str = "--ray") -> None:
    if address is None:
        return
    if not isinstance(address, str) or not address.strip():
        raise OptionError(f"{label} must name a Ray cluster: auto, local, HOST:PORT or ray://HOST:PORT")
    try:
        host_port = split_address(address)
    except OptionError:
        raise OptionError(f"{label} {shown(address)}: expected auto, local, HOST:PORT (the head node's GCS address, "
                          "e.g. 10.0.0.1:6379) or ray://HOST:PORT") from None
    if host_port is not None and not 1 <= host_port[1] <= 65535:
        raise OptionError(f"{label} {shown(address)}: port {host_port[1]} is not between 1 and 65535")


def check_options(options: Mapping[str, Any], label: str = "ray") -> None:
    """Checks the [ray] table (without its address)."""
    known = {f for f in RayOptions.__dataclass_fields__}
    for key, value in options.items():
        where = f"{label}.{key}" if label else key
        if key not in known:
            raise OptionError(f"{label}: unknown Ray option {shown(key)} (known: address, {', '.join(sorted(known))})")
        if key == "max_in_flight" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise OptionError(f"{where} must be a positive integer, not {shown(value)}")
        if key == "retries" and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise OptionError(f"{where} must be an integer of at least 0, not {shown(value)}")
        if key == "runtime_env" and not isinstance(value, dict):
            raise OptionError(f"{where} must be a table (Ray's runtime_env, e.g. {{ py_modules = [\"x.whl\"] }}), "
                              f"not {shown(value)}")
