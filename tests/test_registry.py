"""Strategy registry: parsing of seat specs and one-line errors for bad names, parameters and values."""
import pytest

from sim.seat_plan import REGISTRY, check_seats_for_rules, check_seats_for_variant, resolve_seats


def test_specs_in_every_accepted_form_give_the_same_config():
    a, b, c, d = resolve_seats([
        "selective_ting{min_live_waits=3}",
        {"name": "selective_ting", "min_live_waits": 3},
        {"name": "selective_ting", "params": {"min_live_waits": "3"}},
        "selective_ting{ min_live_waits = 3 }",
    ])
    assert a == b == c == d
    assert a.params["min_live_waits"] == 3 and a.params["give_up_turn"] == 10
    assert a.label() == "selective_ting{min_live_waits=3}"


@pytest.mark.parametrize(
    "seat, fragment",
    [
        ("greedier", "unknown strategy 'greedier' (valid: "),
        ("greedy{fold=1}", "unknown parameter 'fold' for strategy 'greedy' (valid: pong, kong, dingque)"),
        ("greedy{pong=sometimes}", "valid: improves, always, never"),
        ("thirteen_orphans{min_distinct=-3}", "thirteen_orphans.min_distinct (valid: 0..13)"),
        ("thirteen_orphans{min_distinct=14}", "thirteen_orphans.min_distinct (valid: 0..13)"),
        ("defensive{fold_shanten=x}", "defensive.fold_shanten (valid: a number)"),
        ("selective_ting{min_live_waits=0}", "selective_ting.min_live_waits (valid: 1..136)"),
        ({"name": "defensive", "fold_shanten": 2.5}, "defensive.fold_shanten (valid: a whole number)"),
        ("baotou{min_live=3}",
         "unknown parameter 'min_live' for strategy 'baotou' (valid: pong, kong, min_live_tiles)"),
        ("baotou{min_live_tiles=69}", "baotou.min_live_tiles (valid: 0..68)"),
        ("baotou{min_live_tiles=-1}", "baotou.min_live_tiles (valid: 0..68)"),
        ("baotou{min_live_tiles=many}", "baotou.min_live_tiles (valid: a number)"),
    ],
)
def test_bad_specs_give_one_line_errors_naming_the_valid_choices(seat, fragment):
    with pytest.raises(ValueError) as info:
        resolve_seats([seat, "greedy", "greedy", "greedy"])
    assert fragment in str(info.value) and "\n" not in str(info.value)


def test_unknown_strategy_error_lists_every_registered_name():
    with pytest.raises(ValueError) as info:
        resolve_seats("nope")
    assert all(name in str(info.value) for name in REGISTRY)


def test_every_numeric_parameter_default_is_inside_its_range():
    for spec in REGISTRY.values():
        for key, (low, high) in spec.ranges.items():
            assert low <= dict(spec.defaults)[key] <= high, (spec.name, key)


@pytest.mark.parametrize("variant", ["jincheng", "jinzhong"])
def test_baotou_is_refused_outside_jinhua_in_one_line_naming_where_it_plays(variant):
    seats = resolve_seats(["greedy", "baotou{min_live_tiles=8}", "greedy", "greedy"])
    with pytest.raises(ValueError) as info:
        check_seats_for_variant(seats, variant)
    message = str(info.value)
    assert message.startswith(f"strategy 'baotou' means nothing under rules={variant}: it plays only under "
                              "rules=jinhua") and "\n" not in message and "baotou" not in message.split("valid:")[1]
    check_seats_for_variant(seats, "jinhua")  # plays there


@pytest.mark.parametrize("variant", ["jincheng", "jinzhong"])
def test_the_simulator_refuses_baotou_outside_jinhua_as_the_config_does(variant):
    """The run-start check (``check_seats_for_rules``, what Game and play_chunk call) refuses what config validation
    refuses: baotou plays only under 金华 (RULES §3.4 r15)."""
    from sim.rules import resolve_rules

    seats = resolve_seats(["greedy", "baotou", "greedy", "greedy"])
    with pytest.raises(ValueError, match=f"^strategy 'baotou' means nothing under rules={variant}: it plays only"):
        check_seats_for_rules(seats, resolve_rules({"variant": variant}))
    check_seats_for_rules(seats, resolve_rules({"variant": "jinhua"}))


def test_seat_arrays_index_the_tables_policies():
    """The compiled seat switch reads each seat's slot in the table's distinct policies (sim.core.seat_dispatch):
    every policy once, a seat's id is its policy's slot, strategies sharing a policy share its slot (early_ting
    plays greedy's), the parameter rows stay per seat; a seat decided outside the loop (search) is SCRIPTED and
    puts greedy in slot 0, the policy its rollouts play."""
    from sim.core.seat_dispatch import SCRIPTED
    from sim.seat_plan import seat_arrays, table_policies

    GREEDY_POLICY = REGISTRY["greedy"].policy

    seats = resolve_seats(["defensive", "greedy{pong=always}", "early_ting", "random"])
    policies = table_policies(seats)
    assert sorted(policies) == sorted({"strategies.seats.defensive", GREEDY_POLICY, "strategies.seats.random"})
    ids, params = seat_arrays(seats)
    assert [policies[i] for i in ids] == [s.policy for s in seats]
    assert ids[1] == ids[2] and params.shape == (4, 8) and params[1, 0] == 1 and params[2, 0] == 0
    assert table_policies(resolve_seats(["random", "greedy", "defensive", "random"])) == \
        table_policies(resolve_seats(["defensive", "random", "random", "greedy"]))  # one engine, any seat order

    search = resolve_seats(["search", "random", "random", "random"])
    assert table_policies(search)[0] == GREEDY_POLICY
    ids, _ = seat_arrays(search)
    assert ids[0] == SCRIPTED and [table_policies(search)[i] for i in ids[1:]] == ["strategies.seats.random"] * 3
    assert all(1 <= len(table_policies(resolve_seats([name] * 4))) <= 4 for name in REGISTRY)
