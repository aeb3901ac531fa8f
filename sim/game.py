"""Step-by-step play of one hand over the same kernels as the batch loop (scripted tests, replays, Python policies).

Example::

    g = Game(seats=[None, "greedy", "greedy", "greedy"], seed=7)   # seat 0 scripted
    g.advance()                    # strategies play until seat 0 must decide
    g.legal_actions(0)             # ['discard 1m', ..., 'shangjia 7z']
    g.step(0, "discard 7z"); g.advance()
    h = g.copy()                   # an independent copy of the hand as it stands: playing h leaves g unchanged
"""
from __future__ import annotations

from importlib import import_module

import numpy as np

from sim import kernel_cache

kernel_cache.ensure_fresh()  # before any kernel below is compiled or loaded

from sim.core import state as S  # noqa: E402
from sim.core.invariants import N_TRACKS, T_DISCARDS
from sim.core.record_fill import fill_record
from sim.core.turn import seat_to_act, seed_seats
from sim.table_engines import table_kernels
from sim.game_log import action_text, event_text, parse_action
from sim.hand_tables import get_scan_tables
from sim.record import KERNEL_COLUMNS, N_KERNEL_COLUMNS
from sim.rules import resolve_rules
from sim.tiles import format as format_tiles
from sim.tiles import name
from sim.core.wall import NO_TILE, fill_wall, wall_size
from sim.seat_plan import SCRIPTED_STAND_IN, check_seats_for_rules, outside_driver, resolve_seats

PHASE_NAMES = {S.PHASE_SELF: "self", S.PHASE_CLAIM: "claim", S.PHASE_OVER: "over"}
MELD_NAMES = {S.MELD_PONG: "peng", S.MELD_MINGGANG: "minggang", S.MELD_BUGANG: "bugang", S.MELD_ANGANG: "angang"}


class Game:
    """One hand of any variant the engine plays (晋城, 晋中 or 金华, ``sim.rules.VARIANTS``), action by action.

    ``rules``: variant name / a variant's config (RulesConfig, JinzhongRules, JinhuaRules) / mapping
    (sim.rules.resolve_rules). ``seats``: None
    (all four scripted) or a list of 4 where None = a scripted seat and anything else a
    strategy (name, ``"name{k=v}"``, dict, StrategyConfig). ``wall``: an int8[136] (e.g. from
    sim.stacked.stacked_wall; under ``jz_tiles=108`` its first 108 entries the suit tiles, the rest -1) or None for the shuffled wall of ``(seed, hand_index)``.
    ``dealer``: a seat, or None = 0 with a given wall, else the batch engine's (sim.core.turn.session_first_dealer:
    wall.draw_dealer(seed, hand_index), or the rule set's first dealer). Strategy seats use the decision streams of
    ``(seed, hand_index)``, so ``Game(seats=4 strategies, seed=s, hand_index=i).advance()``
    plays exactly hand *i* of ``play_chunk(..., seed=s, ...)``.

    ``session_length`` L > 0 plays hand ``hand_index`` of session mode (sessions of L hands):
    its dealer is the one the session's earlier hands pass on (the variant's rule: 晋城 RULES §1.10 r52–r53,
    晋中 §2.6 r23, 金华 §3.1 r2), found by playing them
    with the batch kernel and the same seats, so the hand equals its row of
    ``play_chunk(..., session_length=L)``. ``check=True`` checks the engine invariants
    (sim.core.invariants) after every decision and raises RuntimeError naming the first broken one.
    """

    def __init__(self, rules="jincheng", seats=None, wall=None, dealer=None, seed: int = 0, hand_index: int = 0,
                 session_length: int = 0, check: bool = False):
        self.rules = resolve_rules(rules)
        self._rule_vec = self.rules.pack()
        self._tables = self.rules.hand_tables()
        self._scan_tables = get_scan_tables()  # the hand loop's discard scan only
        seats = [None] * 4 if seats is None else list(seats)
        if len(seats) != 4:
            raise ValueError(f"seats must list 4 entries (None = scripted), got {len(seats)}")
        self.scripted = np.array([s is None for s in seats], dtype=np.bool_)
        configs = resolve_seats([s if s is not None else SCRIPTED_STAND_IN for s in seats])
        check_seats_for_rules(configs, self.rules)
        self.seat_labels = [None if s is None else c.label() for s, c in zip(seats, configs)]
        played = [c if s is not None else None for s, c in zip(seats, configs)]
        # the hand's kernels: its variant and the policies of its strategy seats (a table of scripted seats: random's)
        self._engine, self._ids, self._params, self._step = table_kernels(self.rules.variant, played, "step")
        # [seat] seats deciding outside the loop (search): the loop hands their decisions back and advance() lets them
        self._search = np.array([s is not None and c.policy is None for s, c in zip(seats, configs)], dtype=np.bool_)
        # self._step: their step kernel's "module:name", None without them (table_kernels)
        self._scratch_maker = outside_driver(played, "scratch")  # ... and the maker of its scratch
        self._search_scratch = None  # the step's scratch, made at the first step
        self.seed, self.hand_index = int(seed), int(hand_index)
        if not isinstance(session_length, (int, np.integer)) or session_length < 0:
            raise ValueError(f"session_length={session_length!r} must be an integer >= 0")
        self.session_length = int(session_length)
        self.check = bool(check)
        self.wall, self._hands, self._frozen, self._melds, self._rivers, self._st, self._money = S.new_state()
        n_tiles = int(wall_size(self._rule_vec))
        if wall is None:
            fill_wall(self.seed, self.hand_index, self.wall, n_tiles)
            if dealer is None:
                dealer = self._batch_dealer(seats)
        else:
            wall = np.asarray(wall, dtype=np.int8)
            n_kinds = n_tiles // 4
            if (wall.shape != (136,) or (wall[n_tiles:] != NO_TILE).any() or (wall[:n_tiles] < 0).any()
                    or np.bincount(wall[:n_tiles], minlength=n_kinds).tolist() != [4] * n_kinds):
                raise ValueError(f"wall must be {n_tiles} tile kinds with four copies of each of kinds 0..{n_kinds - 1}"
                                 f"{', then -1 up to 136 entries' if n_tiles < 136 else ''} "
                                 f"(see sim.stacked.stacked_wall)")
            self.wall[:] = wall
            dealer = 0 if dealer is None else dealer
        if dealer not in (0, 1, 2, 3):
            raise ValueError(f"dealer={dealer!r} must be a seat 0..3")
        self._events = np.zeros((S.EVENT_CAP, 4), dtype=np.int32)  # event log rows (code, seat, tile, extra)
        self._rngs = np.zeros((4, 2), dtype=np.uint64)             # per-seat decision generators
        self._mask = np.zeros(S.N_ACTIONS, dtype=np.bool_)         # scratch legal-action mask
        self._seen = np.zeros(34, dtype=np.int8)                   # scratch visible-copies row
        self._tracks = np.zeros(N_TRACKS, dtype=np.int64)          # check mode: the checker's memory of the hand
        self._after_shanten = np.zeros(34, dtype=np.int8)          # the hand loop's scratch: [kind] shanten after it
        self._after_useful = np.zeros(34, dtype=np.int64)          # ... [kind] useful kinds after it
        self._floors = np.zeros(4, dtype=np.int64)                 # ... [seat] shanten floors
        seed_seats(self._rngs, self.seed, self.hand_index)
        self._engine.start_hand(self._rule_vec, self.wall, self._hands, self._frozen, self._melds, self._rivers, self._st,
                   self._money, self._events, int(dealer), self.seed, self.hand_index)
        self._engine.after_deal(self._rule_vec, self._hands, self._st, self._ids, self._params, self._rngs, self.seed,
                                self.hand_index)

    def _batch_dealer(self, seats) -> int:
        """Return the dealer the batch engine gives this hand (single hands: its own key; sessions: passed on)."""
        if not self.session_length:
            return int(self._engine.session_first_dealer(self._rule_vec, self.seed, self.hand_index))
        start = self.hand_index - self.hand_index % self.session_length
        if start == self.hand_index:
            return int(self._engine.session_first_dealer(self._rule_vec, self.seed, start))
        if any(s is None for s in seats):
            raise ValueError("a later hand of a session needs four strategies (its dealer comes from the earlier hands)")
        from sim.play import play_chunk
        from sim.record import COLUMN_INDEX

        rows = play_chunk(self.rules, seats, self.seed, start, self.session_length, session_length=self.session_length)
        return int(rows[self.hand_index - start, COLUMN_INDEX["dealer"]])

    # --- state views ---------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """'self' (the current seat acts), 'claim' (a seat answers a discard/kong) or 'over'."""
        return PHASE_NAMES[int(self._st[S.ST_PHASE])]

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is due, None when the hand is over."""
        seat = int(seat_to_act(self._st))
        return None if seat < 0 else seat

    @property
    def dealer(self) -> int:
        return int(self._st[S.ST_DEALER])

    @property
    def hands(self) -> list[str]:
        """Concealed tiles of each seat in notation (frozen and meld tiles excluded)."""
        return [format_tiles(self._hands[s]) for s in range(4)]

    @property
    def rivers(self) -> list[list[str]]:
        """Face-up discards still in each river, in order."""
        return [[name(int(t)) for t in self._rivers[s, : self._st[S.ST_RIVER_LEN + s]]] for s in range(4)]

    @property
    def melds(self) -> list[list[tuple[str, str]]]:
        """Each seat's melds as (kind of meld: peng/minggang/bugang/angang, tile)."""
        return [[(MELD_NAMES[int(c)], name(k)) for k, c in enumerate(self._melds[s]) if c] for s in range(4)]

    @property
    def meld_records(self) -> np.ndarray:
        """The meld values, a read-only int64[4 seats, 4 melds, 3] view: (MELD_* type, lowest tile kind, from-seat;
        -1 = concealed) per declared meld in order; rows past a seat's meld count are zero (sim.core.melds)."""
        view = self._st[S.ST_MELD_RECS:S.ST_MELD_RECS + 4 * S.MAX_MELDS * S.MELD_FIELDS].reshape(4, S.MAX_MELDS,
                                                                                             S.MELD_FIELDS)
        view.flags.writeable = False
        return view

    @property
    def frozen(self) -> list[str]:
        """Each seat's frozen 拾/抢 tiles in notation."""
        return [format_tiles(self._frozen[s]) for s in range(4)]

    @property
    def shangjia(self) -> list[bool]:
        """True for each seat that has 上架."""
        return [bool(self._st[S.ST_TING + s]) for s in range(4)]

    @property
    def shangjia_tiles(self) -> list[str | None]:
        """The face-down 上架 tile of each seat (None = not 上架)."""
        return [None if self._st[S.ST_SHANGJIA_TILE + s] < 0 else name(int(self._st[S.ST_SHANGJIA_TILE + s]))
                for s in range(4)]

    @property
    def waits(self) -> list[list[str]]:
        """Each seat's fixed wait kinds since 上架 (empty before)."""
        return [[name(k) for k in range(34) if (int(self._st[S.ST_WAITS + s]) >> k) & 1] for s in range(4)]

    @property
    def last_drawn(self) -> str | None:
        """The tile the current seat just drew (None after a call)."""
        t = int(self._st[S.ST_LAST_DRAWN])
        return None if t < 0 else name(t)

    @property
    def front_draws(self) -> int:
        return int(self._st[S.ST_FRONT_DRAWS])

    @property
    def kongs(self) -> int:
        return int(self._st[S.ST_KONGS])

    @property
    def money(self) -> dict[str, list[int]]:
        """Payment ledger so far, per seat: win, kong (void on 荒庄), genzhuang (前包), huang (后包)."""
        rows = ("win", "kong", "genzhuang", "huang")
        return {r: [int(v) for v in self._money[i]] for i, r in enumerate(rows)}

    @property
    def log(self) -> list[str]:
        """Readable events so far (draws, discards, calls, 上架, wins, settlements)."""
        n = int(self._st[S.ST_N_EVENTS])
        return [event_text(*map(int, row)) for row in self._events[:n]]

    # --- decisions ---------------------------------------------------------------------------
    def _legal_codes(self, seat: int) -> list[int]:
        if seat != self.to_act:
            return []
        args = (self._rule_vec, self._tables, self._hands, self._frozen, self._melds, self._st)
        if self._st[S.ST_PHASE] == S.PHASE_SELF:
            self._engine.legal_self(*args, self._mask)
        else:
            self._engine.legal_claim(*args, seat, self._mask)
        return [int(a) for a in np.flatnonzero(self._mask)]

    def legal_actions(self, seat: int) -> list[str]:
        """Return ``seat``'s legal actions in readable form ([] when it is not that seat's decision)."""
        return [action_text(a) for a in self._legal_codes(seat)]

    def step(self, seat: int, action: str) -> None:
        """Apply ``seat``'s ``action`` (readable form); ValueError when it is not legal now."""
        code = parse_action(action)
        legal = self._legal_codes(seat)
        if code not in legal:
            choices = ", ".join(action_text(a) for a in legal) or "none (not this seat's turn)"
            raise ValueError(f"action {action!r} is not legal for seat {seat} now (legal: {choices})")
        state = (self._rule_vec, self._tables, self.wall, self._hands, self._frozen, self._melds, self._rivers,
                 self._st, self._money, self._events)
        if self._st[S.ST_PHASE] == S.PHASE_SELF:
            self._engine.apply_self(*state, code)
            if code < S.ACT_SHANGJIA:
                self._tracks[T_DISCARDS] += 1
        else:
            self._st[S.ST_STEPS] += 1
            self._engine.apply_claim(*state, seat, code)
        self._check_after_action()

    def _check_after_action(self) -> None:
        """In check mode, check the engine invariants after an applied action and raise on the first broken one."""
        if self.check:
            error = self._engine.check_state(self._rule_vec, self._tables, self.wall, self._hands, self._frozen, self._melds,
                                self._rivers, self._st, self._money, self._tracks)
            if error:
                self._st[S.ST_ERROR] = error
            self._raise_on_error()

    def _raise_on_error(self) -> None:
        """Raise RuntimeError naming the broken invariant when check mode found one."""
        error = int(self._st[S.ST_ERROR])
        if error:
            from sim.core import invariants

            names = {v: k for k, v in vars(invariants).items() if k.startswith("ERR_")}
            raise RuntimeError(f"engine invariant broken: {names.get(error, error)} (hand {self.hand_index} "
                               f"of seed {self.seed})")

    def advance(self) -> int | None:
        """Let strategy seats play until a scripted seat must decide or the hand ends; returns ``to_act``.

        Seats deciding outside the loop (search) are handed back by the loop like scripted ones and decide with
        their strategy's compiled step kernel (its spec's ``step`` driver), exactly as in the batch engine."""
        loop = self._engine.run_until_checked if self.check else self._engine.run_until  # the one loop, with or without its checks
        stop = self.scripted | self._search  # the loop returns at these seats
        while True:
            board = (self.wall, self._hands, self._frozen, self._melds, self._rivers, self._st, self._money)
            scratch = (self._mask, self._seen, self._tracks, self._after_shanten, self._after_useful, self._floors)
            seat = loop(self._rule_vec, self._tables, self._scan_tables, board, self._events, self._rngs, self._ids,
                        self._params, stop, scratch)
            self._raise_on_error()
            if seat < 0 or not self._search[seat]:
                return None if seat < 0 else int(seat)
            self._search_decides(int(seat))

    def _search_decides(self, seat: int) -> None:
        """Let search seat ``seat`` decide and apply its action (the batch engine's step), then check it."""
        if self._search_scratch is None:
            module, _, name = self._scratch_maker.partition(":")
            self._search_scratch = getattr(import_module(module), name)()
        self_phase = self._st[S.ST_PHASE] == S.PHASE_SELF
        code = self._engine.driver(self._step)(self._rule_vec, self._tables, self._scan_tables, self.wall, self._hands, self._frozen,
                           self._melds, self._rivers, self._st, self._money, self._events, seat, self._params,
                           *self._search_scratch)
        if self_phase and code < S.ACT_SHANGJIA:
            self._tracks[T_DISCARDS] += 1
        self._check_after_action()

    def copy(self) -> "Game":
        """Return an independent copy of this hand as it stands: the same state arrays (wall, hands, melds, rivers,
        counters, ledger, event log, decision generators, checker memory), seats and rules. Playing the copy (step,
        advance) leaves this game unchanged, and both play on exactly as this game would from here."""
        other = object.__new__(Game)
        for key, value in self.__dict__.items():
            if isinstance(value, np.ndarray):
                value = value.copy()
            elif isinstance(value, list):
                value = list(value)
            other.__dict__[key] = value
        other._search_scratch = None  # scratch only: made again at the copy's first search
        return other

    # --- results -------------------------------------------------------------------------------
    def record(self) -> dict[str, int]:
        """Return the hand's record row (sim.record.KERNEL_COLUMNS -> int), as the batch kernel fills it."""
        row = np.zeros(N_KERNEL_COLUMNS, dtype=np.int32)
        if self.session_length:
            session, in_session = divmod(self.hand_index, self.session_length)
        else:
            session, in_session = self.hand_index, 0
        fill_record(row, self._st, self._money, self.hand_index, session, in_session)
        return dict(zip(KERNEL_COLUMNS, (int(v) for v in row)))

    def observation(self, seat: int) -> dict:
        """Return what ``seat`` may see: own hand and draw, rivers, exposed melds (others' 暗杠 hidden), frozen
        tiles, who has 上架, own waits, dealer, phase, the offered tile and the front draws left."""
        melds = [m if s == seat else [(k, t if k != "angang" else "?") for k, t in m] for s, m in enumerate(self.melds)]
        pending = int(self._st[S.ST_PENDING_TILE]) if self.phase == "claim" else -1
        return {
            "seat": seat, "dealer": self.dealer, "phase": self.phase, "to_act": self.to_act,
            # its own draw only: in a claim window the tile the discarder drew is the discarder's to know
            "hand": self.hands[seat], "last_drawn": self.last_drawn if self.phase == "self" and self.to_act == seat
            else None,
            "rivers": self.rivers, "melds": melds, "frozen": self.frozen, "shangjia": self.shangjia,
            "waits": self.waits[seat], "offered": name(pending) if pending >= 0 else None,
            "front_draws": self.front_draws, "kongs": self.kongs,
        }
