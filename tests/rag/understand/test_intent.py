"""The classifiers' weight cache: read when there, trained once when not, even by processes at once."""

from __future__ import annotations

import threading
import time

import numpy as np

from rag.understand.intent import cached_arrays


def test_a_cached_file_is_read_and_training_is_skipped(tmp_path):
    path = tmp_path / "status-key.npz"
    first = cached_arrays(tmp_path, "status-key.npz", lambda: {"w": np.arange(3.0)})
    again = cached_arrays(tmp_path, "status-key.npz", lambda: {"w": np.zeros(3)})  # would differ if it trained again
    assert np.array_equal(first["w"], again["w"]) and path.is_file()
    assert not list(tmp_path.glob("*.tmp.npz"))


def test_two_at_once_train_once_and_both_get_the_weights(tmp_path):
    path, calls, got = tmp_path / "intent-key.npz", [], []

    def build():
        calls.append(1)
        time.sleep(0.3)  # long enough for the other to arrive while this one trains
        return {"w": np.ones(4)}

    workers = [threading.Thread(target=lambda: got.append(cached_arrays(tmp_path, path.name, build))) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert len(calls) == 1 and [g["w"].sum() for g in got] == [4.0, 4.0]
