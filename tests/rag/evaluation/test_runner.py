"""Evaluation: test-set validation, metric arithmetic, and a full `ubcal eval` run on the sample index."""

import json
import subprocess
import sys

import pytest

from rag.evaluation.metrics import mrr, ndcg_at, recall_at, relevance
from rag.evaluation.testset import GoldEntry, TestSetError, load_testset
from tests.conftest import ROOT

SAMPLE_SET = ROOT / "data" / "eval" / "sample.jsonl"
REAL_SET = ROOT / "data" / "eval" / "real-2026-27.jsonl"


def test_gold_matching_uses_url_and_anchor_when_given():
    page = GoldEntry.parse("https://h/p")
    section = GoldEntry.parse("https://h/p#a")
    assert page.matches("https://h/p", "anything") and section.matches("https://h/p", "a")
    assert not section.matches("https://h/p", "b") and not page.matches("https://h/q", "a")


def test_metrics_count_each_gold_entry_once():
    gold = [GoldEntry.parse("u#a"), GoldEntry.parse("v")]
    ranked = [("x", ""), ("u", "a"), ("u", "a"), ("v", "1"), ("v", "2")]
    rel = relevance(ranked, gold)
    assert rel == [0, 1, 0, 1, 0]
    assert recall_at(rel, 2, 2) == 0.5 and recall_at(rel, 2, 5) == 1.0
    assert mrr(rel) == 0.5
    assert ndcg_at(rel, 2, 5) == pytest.approx((1 / 1.5849625 + 1 / 2.3219281) / (1 + 1 / 1.5849625), rel=1e-6)


@pytest.mark.parametrize("line,message", [
    ('{"id": "a"}', "missing"),
    ('not json', "not valid JSON"),
    ('{"id": "a", "question": "q", "category": "c", "expected_route": "maybe", "gold": ["u"], '
     '"answer_contains": [], "answerable": true}', "expected_route"),
    ('{"id": "a", "question": "q", "category": "c", "expected_route": "simple", "gold": [], '
     '"answer_contains": [], "answerable": true}', "needs gold"),
])
def test_bad_test_sets_name_the_line(tmp_path, line, message):
    path = tmp_path / "t.jsonl"
    path.write_text(line + "\n")
    with pytest.raises(TestSetError, match=f"t.jsonl:1: .*{message}"):
        load_testset(path)


def test_shipped_test_sets_load():
    sample = load_testset(SAMPLE_SET)
    real = load_testset(REAL_SET)
    assert len(sample) >= 12 and len(real) >= 80
    cats = {q.category for q in real}
    assert {"code_lookup", "paraphrase", "credits", "code_collision", "multi_hop", "comparison",
            "program_course", "unanswerable"} <= cats


ANSWER_SYSTEMS = "hybrid,agent,router"


@pytest.fixture(scope="module")
def eval_run(sample_store, tmp_path_factory):
    out = tmp_path_factory.mktemp("eval")
    # retrieval is scored for every system; answers are generated for the production systems only,
    # as in the README's real-set run (the other systems' answers were the bulk of the model calls)
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "eval", "--testset", str(SAMPLE_SET), "--out", str(out),
                           "--store", str(sample_store), "--k", "5,10", "--answer-systems", ANSWER_SYSTEMS],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return out, json.loads((out / "results.json").read_text())


@pytest.mark.slow  # every system generates answers with the model: minutes on two cores
def test_eval_writes_report_results_and_charts(eval_run):
    out, data = eval_run
    report = (out / "report.md").read_text()
    assert "## Overall" in report and "| hybrid |" in report and "recall@5" in report
    for png in ("recall_by_system_category.png", "latency_vs_recall.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    systems = set(data["summary"])
    assert systems == {"dense", "bm25", "hybrid", "rerank", "hyde", "rewrite", "advanced", "agent", "router",
                       "hybrid_at_agent_depth"}
    assert len(data["questions"]) == 16 * len(systems)
    # the shipped answer path is scored too: one answer per question, with who answered it
    answers = json.loads((out / "answers.json").read_text())
    assert len(answers["questions"]) == 16 and (out / "answers.md").read_text().startswith("## Answers")
    assert answers["summary"]["_overall"]["ungrounded_answers"] == 0
    assert {q["answered_by"] for q in answers["questions"]} <= {"facts", "model", "extractive", "decline"}


@pytest.mark.slow  # every system generates answers with the model: minutes on two cores
def test_eval_numbers_on_the_sample(eval_run):
    _, data = eval_run
    s = data["summary"]
    assert s["hybrid"]["categories"]["code_lookup"]["recall@5"] == 1.0
    assert s["router"]["route_accuracy"] >= 0.9
    assert s["router"]["decline_accuracy"] == 1.0
    assert s["router"]["ungrounded_answers"] == 0
    assert s["agent"]["categories"]["multi_hop"]["recall@5"] == 1.0
    # answering costs at most one call; rewriting adds one before it, reranking twenty
    assert s["bm25"]["llm_calls_per_q"] <= 1 and s["rewrite"]["llm_calls_per_q"] > s["bm25"]["llm_calls_per_q"]
    assert s["rerank"]["llm_calls_per_q"] >= 10
    assert "recall@agent_depth" in s["hybrid_at_agent_depth"]


@pytest.mark.slow  # every system generates answers with the model: minutes on two cores
def test_eval_is_reproducible(eval_run, sample_store, tmp_path):
    _, first = eval_run
    systems = ["rewrite", "agent", "router"]  # the ones where the model's output decides the ranking
    # the repeat generates answers for the router only (the model's rankings are repeated for all three):
    # enough to catch nondeterminism without running the model-heavy evaluation twice
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "eval", "--testset", str(SAMPLE_SET), "--out",
                           str(tmp_path), "--store", str(sample_store), "--k", "5,10", "--systems", ",".join(systems),
                           "--answer-systems", "router"], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    second = json.loads((tmp_path / "results.json").read_text())
    strip = lambda rows: [(r["system"], r["qid"], r["ranked"], r["metrics"],  # noqa: E731
                           r["answer"] if r["system"] == "router" else None)
                          for r in rows if r["system"] in systems]
    assert strip(first["questions"]) == strip(second["questions"])
    assert any(r["answer"] for r in second["questions"] if r["system"] == "router")


def test_eval_rejects_unknown_system(sample_store, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "rag.cli", "eval", "--testset", str(SAMPLE_SET), "--out",
                           str(tmp_path), "--store", str(sample_store), "--systems", "hybrid,magic"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 2 and "unknown systems: magic" in proc.stderr


def test_each_question_is_read_once_for_every_system_it_is_scored_on(sample_store, embedder, llm, monkeypatch):
    """The systems compare retrieval over one reading of the question, the one the pipeline would use."""
    import rag.answer.pipeline as pipeline
    from rag.answer import Answerer
    from rag.evaluation.runner import evaluate
    from rag.index.config import Settings

    calls: list[str] = []
    real = pipeline.understand
    monkeypatch.setattr(pipeline, "understand", lambda text, reader: calls.append(text) or real(text, reader))
    questions = load_testset(SAMPLE_SET)[:6]
    answerer = Answerer(Settings.from_env(store=sample_store), embedder=embedder, llm=llm)
    results = evaluate(answerer, questions, ["dense", "bm25", "hybrid"], (5,), answer_systems=set())
    assert calls == [q.question for q in questions]
    assert len(results) == 3 * len(questions)
