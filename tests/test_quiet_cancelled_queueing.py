"""An interrupted run prints no traceback of loky's queueing race (sim.driver ``_quiet_cancelled_queueing``): the
KeyError of loky's executor manager thread is dropped, any other thread exception still reaches the default hook."""
import threading

from joblib.externals.loky.process_executor import _ExecutorManagerThread

from sim.driver import _quiet_cancelled_queueing


def hook_args(exc_type, thread):
    return threading.ExceptHookArgs((exc_type, exc_type("x"), None, thread))


def test_the_managers_key_error_is_dropped_and_other_exceptions_reach_the_default_hook(monkeypatch):
    seen = []
    monkeypatch.setattr(threading, "__excepthook__", seen.append)
    manager = _ExecutorManagerThread.__new__(_ExecutorManagerThread)
    _quiet_cancelled_queueing(hook_args(KeyError, manager))
    assert seen == []
    other = threading.Thread()
    _quiet_cancelled_queueing(hook_args(KeyError, other))
    _quiet_cancelled_queueing(hook_args(ValueError, manager))
    assert [(a.exc_type, a.thread) for a in seen] == [(KeyError, other), (ValueError, manager)]
