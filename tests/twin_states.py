"""Twins for the information-boundary test: decision states of real hands, and for each a second state the deciding
seat sees identically, with every hidden fact drawn again consistently with what it sees (plain Python).

Hidden from the deciding seat, and drawn again in the twin: the other seats' concealed tiles (a declared
上架/报听 seat's stay ready, with waits that may change but avoid every kind it let pass), their face-down 上架
tiles, the kinds of their 暗杠, the order of every undrawn wall position, and every field that follows from them
or that only its owner knows: waits, live waits, passed wins (过胡), declined pongs, dealt 幺九/财神 counts, claim
options and answers in an open window, the drawn tile of another seat, the other seats' decision generators, the
run seed and hand index (the true wall can be dealt again from them), and under 晋城 with
``genzhuang_shangjia_breaks=false`` the 前包 tracking (it compares a face-down 上架 tile with the dealer's first
discard; re-derived here from the event log with the twin's tiles). Public and kept: the seat's own tiles and
draws, rivers, exposed melds, frozen tiles, who declared, counters, money, the tile of an open kong window, the
金华 indicator, 定缺 suits, and under 血战 the winners' revealed hands and which seats have shown, by a discard
outside their void suit, that they hold no void tile (the twin deals them none).
"""
import numpy as np

from search_states import apply_code, greedy_code
from sim.core import state as S
from sim.core.melds import meld_slot
from sim.game import Game
from sim.rules import VARIANTS

#: the variant/flag combinations the twin test plays (a name: the rules mapping Game takes)
COMBOS = {
    "jincheng": {"variant": "jincheng"},
    "jincheng-flags": {"variant": "jincheng", "genzhuang_shangjia_breaks": False, "genzhuang_angang_breaks": True,
                       "ting_kong_policy": "still_tenpai", "guo_hu": "restricted", "rob_angang": True},
    "jinzhong": {"variant": "jinzhong"},
    "jinzhong-flags": {"variant": "jinzhong", "jz_chi": True, "jz_dingque_upfront": True, "guo_hu": "restricted"},
    "jinhua": {"variant": "jinhua"},
    "plain": {"variant": "plain", "chi": True},
    "sichuan": {"variant": "sichuan"},
}
COMBOS = {name: rules for name, rules in COMBOS.items() if rules["variant"] in VARIANTS}  # a removed one drops out

READY_SWAPS = 400  # Metropolis proposals per declared seat (one tile against an unseen one, kept iff still ready)


def decision_states(rules, seed, hands, every=1, seats=("greedy",) * 3):
    """Yield (Game copy, hand) at seat 0's decisions (seat 0 scripted, playing greedy's choice), every ``every``-th
    one, over hands 0..hands-1 of run ``seed`` under ``rules``; the other seats play ``seats``."""
    for hand in range(hands):
        g = Game(rules, seats=[None, *seats], seed=seed, hand_index=hand)
        count = 0
        while g.advance() == 0:
            if count % every == 0:
                yield g.copy()
            count += 1
            apply_code(g, 0, greedy_code(g, 0))


def _hooks(g):
    return g._engine.module(f"sim.variants.{g.rules.variant}.hooks")


def _shown(st, s):
    """(kind, copies) seat ``s`` shows of an open 补杠/暗杠 window it declared, (-1, 0) otherwise."""
    if st[S.ST_PHASE] == S.PHASE_CLAIM and st[S.ST_PENDING_FROM] == s:
        if st[S.ST_PENDING_KIND] == S.PEND_BUGANG:
            return int(st[S.ST_PENDING_TILE]), 1
        if st[S.ST_PENDING_KIND] == S.PEND_ANGANG:
            return int(st[S.ST_PENDING_TILE]), 4
    return -1, 0


def has_won(st, s):
    """True when seat ``s`` won already in a hand that plays on (its hand is then revealed)."""
    return st[S.ST_WIN_HOW + s] != 0


def hidden_angangs(g, seat):
    """Return [(seat, meld index)] of the other seats' 暗杠 (their kinds are hidden)."""
    st = g._st
    return [(s, i) for s in range(4) if s != seat and not has_won(st, s) for i in range(st[S.ST_N_MELDS + s])
            if st[meld_slot(s, i) + S.REC_TYPE] == S.MELD_ANGANG]


def undrawn(g):
    """Return the undrawn wall positions (the 金华 indicator's excluded)."""
    first, last = g._engine.undrawn_positions(g._rule_vec, g._st)
    positions = list(range(first, last + 1))
    if g._st[S.ST_WILD_KIND] >= 0:
        fixed = int(_hooks(g).wild_indicator_position(g._rule_vec))
        positions = [p for p in positions if p != fixed]
    return positions


def _ready(g, h, s, hooks):
    """Return the waits of declared seat ``s`` in ``h`` when its hand is ready and its waits avoid what it let pass,
    0 otherwise (the shown tiles of an open kong window aside)."""
    kind, shown = _shown(h._st, s)
    if shown:
        h._hands[s, kind] -= shown
    waits = int(hooks.ting_waits(h._rule_vec, h._tables, h._hands, h._frozen, h._melds, h._st, s))
    if shown:
        h._hands[s, kind] += shown
    passable = int(g._engine.kernel("strategies.search.ready_hands", "passable_kinds")(h._rule_vec))
    passed = int(h._st[S.ST_PASSED + s])  # an open discard only once the seat answered (sim.core.claims)
    if waits & passed & ~passable:
        return 0
    return waits


def replay_genzhuang(g, shangjia_tiles):
    """Return (GZ state, GZ tile, GZ count) of 晋城's 前包 tracking replayed from ``g``'s event log (RULES §1.9
    r47–r49, with ``genzhuang_shangjia_breaks`` off: a 上架 tile counts as put out) with ``shangjia_tiles[s]`` as
    seat s's face-down 上架 tile."""
    r = g.rules
    st = g._st
    dealer = int(st[S.ST_DEALER])
    state, tile, count = (0 if r.genzhuang else 1), 0, 0
    for code, seat, t, _ in g._events[:st[S.ST_N_EVENTS]]:
        if state != 0:
            break
        if code == S.EV_SHANGJIA:
            t = shangjia_tiles[seat]
        if code in (S.EV_DISCARD, S.EV_SHANGJIA):
            if count == 0:
                if seat != dealer:
                    state = 1
                else:
                    tile, count = t, 1
            elif count < 4 and seat == (dealer + count) % 4 and t == tile:
                count += 1
            else:
                state = 1
        elif code in (S.EV_PENG, S.EV_MINGGANG, S.EV_SHI, S.EV_QIANG, S.EV_HU, S.EV_CHOW, S.EV_BUGANG):
            state = 1
        elif code == S.EV_ANGANG and seat != dealer and r.genzhuang_angang_breaks:
            state = 1
        elif code == S.EV_GENZHUANG:
            state = 1
    return state, tile, count


def twin(g, seat, rng):
    """Return (h, changed): a copy of Game ``g`` that ``seat`` sees identically with every hidden fact drawn again
    (module docstring) from ``rng``, and the number of hidden tile places whose kind changed."""
    h = g.copy()
    st, wall, hands = h._st, h.wall, h._hands
    hooks = _hooks(g)
    others = [s for s in range(4) if s != seat and not has_won(st, s)]
    positions = undrawn(g)
    # the unseen tiles, one entry per copy
    pool = [int(wall[p]) for p in positions]
    for s in others:
        kind, shown = _shown(st, s)
        hand = hands[s].astype(np.int64)
        if shown:
            hand[kind] -= shown
        pool += [k for k in range(34) for _ in range(hand[k])]
        if st[S.ST_SHANGJIA_TILE + s] >= 0:
            pool.append(int(st[S.ST_SHANGJIA_TILE + s]))
    angangs = hidden_angangs(g, seat)
    before = (hands.copy(), wall.copy(), st.copy(), h._melds.copy())
    for s, i in angangs:
        k = int(st[meld_slot(s, i) + S.REC_TILE])
        pool += [k] * 4
        h._melds[s, k] = 0
    declared = [s for s in others if st[S.ST_TING + s] == 1]
    pool = np.array(pool, dtype=np.int64)
    counts = np.bincount(pool, minlength=34)
    for s in declared:  # a declared seat starts from its true ready hand (the Metropolis start below)
        kind, shown = _shown(st, s)
        counts -= hands[s]
        if shown:
            counts[kind] += shown
    wild = int(st[S.ST_WILD_KIND])
    # 暗杠 kinds: uniform among the kinds with four unseen copies the seat may 暗杠
    for s, i in angangs:  # a declared seat's must keep its hand ready (晋中's 缺一门 counts the 暗杠)
        forbidden = int(hooks.declared_suit_kinds(g._rule_vec, st, s))
        kinds = [k for k in range(34) if counts[k] >= 4 and k != wild and not (forbidden >> k) & 1]
        for k in rng.permutation(kinds):
            h._melds[s, k] = S.MELD_ANGANG
            st[meld_slot(s, i) + S.REC_TILE] = k
            if s not in declared or _ready(g, h, s, hooks):
                break
            h._melds[s, k] = 0
        counts[k] -= 4
    rest = [int(k) for k in np.repeat(np.arange(34), counts)]
    # declared seats: swap tiles with the rest while they stay ready (waits may change)
    for s in declared:
        kind, shown = _shown(st, s)
        assert _ready(g, h, s, hooks), "a declared seat's true hand is not ready"
        for _ in range(READY_SWAPS):
            mine = [k for k in range(34) for _ in range(hands[s, k] - (shown if k == kind else 0))]
            x = int(rng.choice(mine))
            j = int(rng.integers(len(rest)))
            y = rest[j]
            if x == y:
                continue
            hands[s, x] -= 1
            hands[s, y] += 1
            if _ready(g, h, s, hooks):
                rest[j] = x
            else:
                hands[s, x] += 1
                hands[s, y] -= 1
        st[S.ST_WAITS + s] = _ready(g, h, s, hooks)
    rng.shuffle(rest)
    # the other seats' concealed tiles, the shown tiles of an open kong window kept; a seat publicly known to hold
    # none of some kinds (血战: its void suit once it discarded another suit, hook kinds_never_held) is dealt first,
    # from the other kinds
    open_seats = sorted((s for s in others if s not in declared),
                        key=lambda s: int(hooks.kinds_never_held(g._rule_vec, st, s)) == 0)
    for s in open_seats:
        never = int(hooks.kinds_never_held(g._rule_vec, st, s))
        kind, shown = _shown(st, s)
        n = int(hands[s].sum()) - shown
        hands[s] = 0
        for _ in range(n):
            j = max(i for i in range(len(rest)) if not (never >> rest[i]) & 1)  # the last allowed of the shuffled rest
            hands[s, rest.pop(j)] += 1
        if shown:
            hands[s, kind] += shown
    rng.shuffle(rest)
    for s in others:  # face-down 上架 tiles
        if st[S.ST_SHANGJIA_TILE + s] >= 0:
            st[S.ST_SHANGJIA_TILE + s] = rest.pop()
    for p in positions:
        wall[p] = rest.pop()
    assert not rest
    # the fields only their owners know
    for s in range(4):
        if s == seat:
            continue
        st[S.ST_GUO_HU + s] = int(rng.integers(1 << 34))
        st[S.ST_YAOJIU_START + s] = int(rng.integers(14))
        st[S.ST_DECLINED_PONGS + s] = int(rng.integers(1 << 34))
        if st[S.ST_LIVE_WAITS + s] >= 0:
            st[S.ST_LIVE_WAITS + s] = int(rng.integers(30))
        if st[S.ST_WILDS_DEALT + s] >= 0:
            st[S.ST_WILDS_DEALT + s] = int(rng.integers(5))
        h._rngs[s] = rng.integers(1 << 63, size=2, dtype=np.uint64)
    st[S.ST_SEED] = int(rng.integers(1 << 40))
    st[S.ST_HAND] = int(rng.integers(1 << 20))
    if st[S.ST_CURRENT] != seat or st[S.ST_PHASE] != S.PHASE_SELF:
        st[S.ST_LAST_DRAWN] = int(rng.integers(34)) if st[S.ST_LAST_DRAWN] >= 0 else -1
    if g.rules.variant == "jincheng" and not g.rules.genzhuang_shangjia_breaks and not st[S.ST_GENZHUANG]:
        from sim.variants.jincheng.genzhuang import ST_GZ_COUNT, ST_GZ_STATE, ST_GZ_TILE
        true = [int(t) for t in g._st[S.ST_SHANGJIA_TILE:S.ST_SHANGJIA_TILE + 4]]
        assert replay_genzhuang(g, true) == (g._st[ST_GZ_STATE], g._st[ST_GZ_TILE], g._st[ST_GZ_COUNT])
        new = [int(t) for t in st[S.ST_SHANGJIA_TILE:S.ST_SHANGJIA_TILE + 4]]
        st[ST_GZ_STATE], st[ST_GZ_TILE], st[ST_GZ_COUNT] = replay_genzhuang(g, new)
    if st[S.ST_PHASE] == S.PHASE_CLAIM:  # options re-derived; the seats asked before this one answered (passed)
        source = int(st[S.ST_PENDING_FROM])
        before_me = True
        for i in range(1, 4):
            s = (source + i) % 4
            if s == seat:
                before_me = False
                continue
            bits = int(g._engine.claim_bits(h._rule_vec, h._tables, hands, h._frozen, h._melds, st, s)) \
                if s in others else 0
            st[S.ST_CLAIM_BITS + s] = bits
            if bits == 0:
                st[S.ST_CLAIM + s] = S.CLAIM_NOT_ELIGIBLE
            else:
                st[S.ST_CLAIM + s] = S.ACT_PASS if before_me else S.CLAIM_WAITING
    changed = int((hands != before[0]).sum() + (wall != before[1]).sum()
                  + (st[S.ST_SHANGJIA_TILE:S.ST_SHANGJIA_TILE + 4] != before[2][S.ST_SHANGJIA_TILE:
                                                                           S.ST_SHANGJIA_TILE + 4]).sum()
                  + (h._melds != before[3]).sum())
    return h, changed
