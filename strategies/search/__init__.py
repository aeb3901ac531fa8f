"""``search{worlds=0,candidates=4,extend=1,rollout=greedy}``: a determinizing search player for every variant —
compiled kernels.

At a decision with a real choice the seat takes at most ``candidates`` legal actions ranked by greedy's own
ordering (``candidates``), samples ``worlds`` (0: the variant's default, ``rollout.resolve_worlds``)
determinizations of what it cannot see (``view``, ``ready_hands``, ``sampler``), plays the rest of the hand from
each world after each candidate with the engine's own hand loop and four seats of its ``rollout`` strategy (greedy,
or learned: the policy the table binds in slot 0, sim.seat_plan.table_rollout_policy; ``rollout``), and takes the
candidate with the highest mean money (common random numbers: the same worlds for every candidate). ``batch`` plays
whole hands with search seats (sim.play picks it).
"""
