"""``replay()``: the readable log of one hand, identical to what the batch engine played."""
from __future__ import annotations

from sim.game import Game
from sim.record import SHAPES, WIN_KINDS
from sim.tiles import names


#: Largest valid seed and hand index (both are 63-bit keys of the counter-based RNG).
MAX_KEY = 2**63 - 1


def _check_key(name: str, value) -> int:
    """Return ``value`` as int when it is an integer in 0..MAX_KEY; else a one-line TypeError/ValueError."""
    import numpy as np

    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer in 0..2**63-1, got {value!r}")
    if not 0 <= value <= MAX_KEY:
        raise ValueError(f"{name}={value} is out of range 0..2**63-1")
    return int(value)


def replay(seed: int, hand: int | None = None, rules="jincheng", seats=None, session_length: int = 0,
           session: int | None = None, hand_in_session: int | None = None) -> str:
    """Return a readable log of hand ``hand`` of run ``seed``: the deal, every action in tile
    notation with Chinese names, and the final settlement per seat (units of 底注).

    ``seats`` defaults to four greedy seats. Single-hand mode: the dealer is drawn from the
    hand's own key exactly as in ``sim.play.play_chunk``, whose record row this log matches.
    Session mode: ``session_length`` L > 0 and either ``hand`` (the run's hand index) or
    ``session`` and ``hand_in_session`` (then ``hand`` = session·L + hand_in_session; pass
    ``hand=None``); the log matches that row of ``play_chunk(..., session_length=L)``.
    """
    session_length = _check_key("session_length", session_length)
    session = None if session is None else _check_key("session", session)
    hand_in_session = None if hand_in_session is None else _check_key("hand_in_session", hand_in_session)
    if session is not None or hand_in_session is not None:
        if not session_length or session is None or hand_in_session is None:
            raise ValueError("session and hand_in_session go together, with session_length > 0")
        if not 0 <= hand_in_session < session_length:
            raise ValueError(f"hand_in_session={hand_in_session} must be in 0..{session_length - 1}")
        at = session * session_length + hand_in_session
        if hand is not None and hand != at:
            raise ValueError(f"hand={hand} is not hand {hand_in_session} of session {session} (hand {at})")
        hand = at
    if hand is None:
        raise ValueError("replay needs hand=, or session= and hand_in_session= with session_length > 0")
    seed, hand = _check_key("seed", seed), _check_key("hand", hand)
    seats = ["greedy"] * 4 if seats is None else list(seats)
    if any(s is None for s in seats):
        raise ValueError("replay needs four strategies (no scripted seats)")
    game = Game(rules=rules, seats=seats, seed=seed, hand_index=hand, session_length=session_length)
    where = f" (hand {hand % session_length} of session {hand // session_length})" if session_length else ""
    lines = [f"hand {hand}{where} of seed {seed}, rules {game.rules.variant}, seats {game.seat_labels}"]
    lines += [f"seat {s} dealt {h}  {names(h)}" for s, h in enumerate(_dealt_hands(game))]
    game.advance()
    lines += game.log
    record = game.record()
    if record["winner"] < 0:
        lines.append("result: 荒庄 (no winner)")
    else:
        feeder = "" if record["feeder"] < 0 else f", fed by seat {record['feeder']}"
        lines.append(f"result: seat {record['winner']} wins by {WIN_KINDS[record['win_kind']]} "
                     f"({SHAPES[record['shape']]}){feeder}")
    for s in range(4):
        parts = ", ".join(f"{k} {record[f's{s}_{k}']:+d}" for k in ("win", "kong", "genzhuang", "houbao"))
        lines.append(f"seat {s}: {record[f's{s}_delta']:+d}  ({parts})")
    return "\n".join(lines)


def _dealt_hands(game: Game) -> list[str]:
    """Return each seat's 13 dealt tiles in notation (before the dealer's first draw)."""
    from sim.tiles import format as format_tiles
    from sim.core.wall import deal_position
    import numpy as np

    out = []
    for s in range(4):
        counts = np.zeros(34, dtype=np.int8)
        for j in range(13):
            counts[game.wall[deal_position(game.dealer, s, j)]] += 1
        out.append(format_tiles(counts))
    return out
