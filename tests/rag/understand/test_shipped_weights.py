"""The classifiers' shipped weights: present for the current examples, and preferred to training."""

from __future__ import annotations

import numpy as np
import pytest

from rag.index.config import Settings
from rag.index.embedder import load_embedder
from rag.understand import intent, status
from rag.understand.entities import EntityFinder
from rag.understand.intent import SHIPPED_DIR, cached_arrays
from rag.understand.reader import Reader


def test_a_reader_for_the_default_encoder_trains_nothing(tmp_path, monkeypatch):
    # fails when an example bank (or what its hash covers) changed and scripts/ship_weights.py was not run:
    # every fresh store would then train for over a minute before its first answer
    embedder = load_embedder(Settings.from_env(store=tmp_path))
    monkeypatch.setattr(intent, "_MEMORY", {})
    monkeypatch.setattr(status, "_MEMORY", {})

    def no_training(*_args, **_kwargs):
        raise AssertionError("trained: run scripts/ship_weights.py")

    monkeypatch.setattr(intent, "train", no_training)
    monkeypatch.setattr(status, "train_on", no_training)
    reader = Reader(EntityFinder(set(), [], []), embedder.encode_queries, embedder.model_id,
                    cache_dir=tmp_path / "cache", batch_encode=embedder.encode_clauses)
    assert reader.status.model.labels == list(status.STATUSES)
    assert not (tmp_path / "cache").exists()  # read in place, not copied into the cache


def test_only_weights_a_classifier_loads_are_shipped(tmp_path):
    embedder = load_embedder(Settings.from_env(store=tmp_path))
    reader = Reader(EntityFinder(set(), [], []), embedder.encode_queries, embedder.model_id,
                    cache_dir=tmp_path / "cache", batch_encode=embedder.encode_clauses)
    assert len(reader.weights_files) == 4
    assert sorted(p.name for p in SHIPPED_DIR.glob("*.npz")) == sorted(reader.weights_files)


def test_a_shipped_file_is_read_instead_of_training(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    np.savez(shipped / "status-key.npz", w=np.arange(3.0))
    monkeypatch.setattr(intent, "SHIPPED_DIR", shipped)

    def build():
        raise AssertionError("trained although weights were shipped")

    for folder in (tmp_path / "cache", None):  # an empty cache, and none at all
        got = cached_arrays(folder, "status-key.npz", build)
        assert np.array_equal(got["w"], np.arange(3.0))
    assert not (tmp_path / "cache").exists()


def test_a_cache_file_wins_over_the_shipped_one(tmp_path, monkeypatch):
    shipped, cache = tmp_path / "shipped", tmp_path / "cache"
    shipped.mkdir()
    cache.mkdir()
    np.savez(shipped / "intent-key.npz", w=np.zeros(2))
    np.savez(cache / "intent-key.npz", w=np.ones(2))
    monkeypatch.setattr(intent, "SHIPPED_DIR", shipped)
    assert cached_arrays(cache, "intent-key.npz", lambda: {"w": np.full(2, 7.0)})["w"].tolist() == [1.0, 1.0]


@pytest.mark.parametrize("change", ["bank", "encoder"])
def test_the_weights_name_changes_with_the_examples_and_the_encoder(tmp_path, change):
    bank = tmp_path / "bank.jsonl"
    bank.write_text('{"text": "I passed {X} last year", "status": "done"}\n', encoding="utf-8")
    before = (status.weights_name("model", bank), intent.weights_name("model", {"a": ["x"]}))
    if change == "bank":
        bank.write_text('{"text": "I failed {X} last year", "status": "not_done"}\n', encoding="utf-8")
        after = (status.weights_name("model", bank), intent.weights_name("model", {"a": ["y"]}))
    else:
        after = (status.weights_name("other", bank), intent.weights_name("other", {"a": ["x"]}))
    assert before[0] != after[0] and before[1] != after[1]
