"""``replay()``: the readable log of one hand, identical to what the batch engine played."""
from __future__ import annotations

import numpy as np

from sim.core import codes as C
from sim.core import state as S
from sim.game import Game
from sim.game_log import features_text, meld_text, tile_text
from sim.record import SHAPES, WIN_KINDS
from sim.tiles import format as format_tiles
from sim.tiles import names
from sim.win_reading import ANY, WHITE, wild_reading


#: Largest valid seed and hand index (both are 63-bit keys of the counter-based RNG).
MAX_KEY = 2**63 - 1
#: The record's money parts a seat's result line shows, in order: ``win`` always, each other one when some seat's
#: is not 0 (a rule set without kong money, 前包 or 后包 then shows none of them).
MONEY_PARTS = ("win", "kong", "genzhuang", "houbao")


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
    notation with Chinese names, the result and the final settlement per seat (units of 底注), and last,
    for a won hand, each winner's final hand and melds (``win_lines``: what each 财神 stood for under 金华,
    the features and the multiplier).

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
    shown = [k for k in MONEY_PARTS if k == "win" or any(record[f"s{s}_{k}"] for s in range(4))]
    for s in range(4):
        parts = ", ".join(f"{k} {record[f's{s}_{k}']:+d}" for k in shown)
        lines.append(f"seat {s}: {record[f's{s}_delta']:+d}  ({parts})")
    if record["winner"] >= 0:
        lines += win_lines(game, record)
    return "\n".join(lines)


def win_lines(game: Game, record: dict[str, int]) -> list[str]:
    """Return the 胡牌 block of a won hand, one group of lines per winner (``record['winner']`` first, then any
    other winner of a 一炮多响): the concealed hand and the winning tile, the melds, under 金华 what each 财神
    stood for (``sim.win_reading``), and the features (番种) and total multiplier (倍数) the record holds for
    the first winner."""
    first = record["winner"]
    winners = [first] + [s for s in range(4) if record["winners"] >> s & 1 and s != first]
    tile = record["win_tile"]
    lines = []
    for seat in winners:
        hand = game._hands[seat].astype(np.int64)
        if seat != first and record["feeder"] >= 0:
            hand[tile] += 1  # a further winner of one discard shares the tile, which stayed with the first
        rest = hand.copy()
        rest[tile] -= 1
        lines.append(f"胡牌 seat {seat}：手牌 {format_tiles(rest)}，胡 {tile_text(tile)}")
        frozen = format_tiles(game._frozen[seat])
        if frozen:
            lines.append(f"  拾/抢：{frozen}")
        melds = _melds(game, seat)
        lines.append("  副露：" + ("、".join(meld_text(*m) for m in melds) if melds else "无"))
        if record["caishen"] >= 0:
            lines.append("  " + _wild_line(hand, melds, record, seat == first))
        if seat == first:
            lines.append(f"  番种：{features_text(record['win_features'])}；倍数 ×{record['multiplier']}")
        else:
            lines.append(f"  番种与倍数只记录 seat {first}（第一位胡牌者）的")
    return lines


def _melds(game: Game, seat: int) -> list[tuple[int, int, int]]:
    """Return ``seat``'s melds as (MELD_* type, lowest tile kind, from-seat or -1) in the order declared."""
    return [tuple(int(v) for v in row) for row in game.meld_records[seat, :game._st[S.ST_N_MELDS + seat]]]


def _wild_line(hand: np.ndarray, melds: list[tuple[int, int, int]], record: dict[str, int], scored: bool) -> str:
    """Return the 财神 line of a 金华 winner: the 财神 kind and what each of its 财神 stood for."""
    wild = record["caishen"]
    if hand[wild] == 0:
        return f"财神 {tile_text(wild)}：胡牌时手中没有财神"
    meld_tiles = np.zeros(34, dtype=np.int64)
    for meld_type, lowest, _ in melds:
        if meld_type == C.MELD_CHOW:
            meld_tiles[lowest:lowest + 3] += 1
        else:
            meld_tiles[lowest] += 4 if meld_type in (C.MELD_MINGGANG, C.MELD_BUGANG, C.MELD_ANGANG) else 3
    shape = record["shape"] if scored else C.SHAPE_REGULAR
    features = record["win_features"] if scored else 0
    reading = wild_reading(hand, len(melds), meld_tiles, wild, shape, features, record["win_tile"])
    if reading is None:
        return f"财神 {tile_text(wild)} ×{int(hand[wild])}：找不到所记牌型的读法"
    stood = "、".join("任意（财神自成一组）" if k == ANY else f"作 {tile_text(k)}" for k in reading)
    whites = int(hand[WHITE]) if wild != WHITE and shape != C.SHAPE_QIFENG else 0
    face = f"；白板 ×{whites} 作 {tile_text(wild)} 本身" if whites else ""
    return f"财神 {tile_text(wild)} ×{int(hand[wild])}：{stood}{face}"


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
