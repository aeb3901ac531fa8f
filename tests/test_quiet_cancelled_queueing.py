"""An interrupted run prints no traceback of loky's queueing race (sim.driver ``quiet_cancelled_queueing``): the
KeyError of loky's executor manager thread is dropped, any other thread exception still reaches the hook it
replaced (a user's own hook, or the default), and installing it again does not stack."""
import threading

from joblib.externals.loky.process_executor import _ExecutorManagerThread

from sim.driver import quiet_cancelled_queueing


def hook_args(exc_type, thread):
    return threading.ExceptHookArgs((exc_type, exc_type("x"), None, thread))


def test_the_managers_key_error_is_dropped_and_other_exceptions_reach_the_replaced_hook():
    seen = []
    hook = quiet_cancelled_queueing(seen.append)  # a user's own hook was in place
    manager = _ExecutorManagerThread.__new__(_ExecutorManagerThread)
    hook(hook_args(KeyError, manager))
    assert seen == []
    other = threading.Thread()
    hook(hook_args(KeyError, other))
    hook(hook_args(ValueError, manager))
    assert [(a.exc_type, a.thread) for a in seen] == [(KeyError, other), (ValueError, manager)]


def test_installing_it_again_keeps_one_hook_over_the_users():
    seen = []
    once = quiet_cancelled_queueing(seen.append)
    assert quiet_cancelled_queueing(once) is once
    once(hook_args(ValueError, threading.Thread()))
    assert len(seen) == 1  # reached the user's hook once, not through a second layer
