"""The evaluation report: a Markdown summary and two PNG charts."""

from __future__ import annotations

from pathlib import Path


def _fmt(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}" if value <= 1.0 else f"{value:.0f}"
    return str(value)


def markdown_report(summary: dict, meta: dict, ks: tuple[int, ...]) -> str:
    k0 = ks[0]
    lines = [f"# ubcal evaluation: {meta['testset']}", "",
             f"index version `{meta['index_version']}`, commit `{meta['commit']}`, model `{meta['llm']}`, "
             f"{meta['questions']} questions, k = {', '.join(map(str, ks))}, seed {meta['seed']}", ""]
    cols = [f"recall@{k}" for k in ks] + [f"ndcg@{k}" for k in ks] + ["mrr"]
    extra = ["route_accuracy", "answer_contains_rate_all", "decline_accuracy", "false_declines",
             "guard_replaced", "ungrounded_answers", "llm_calls_per_q", "tokens_per_q", "latency_p50_ms",
             "latency_p95_ms"]
    lines.append("## Overall")
    lines.append("| system | " + " | ".join(cols + extra) + " |")
    lines.append("|---" * (len(cols) + len(extra) + 1) + "|")
    for system, s in summary.items():
        lines.append(f"| {system} | " + " | ".join(_fmt(s.get(c)) for c in cols + extra) + " |")
    if any("recall@agent_depth" in s for s in summary.values()):
        lines += ["", "Equal-depth control: recall at the agent's merged depth (per question) — "
                  + ", ".join(f"{name} {s['recall@agent_depth']:.3f}" for name, s in summary.items()
                              if "recall@agent_depth" in s)]
    categories = sorted({c for s in summary.values() for c in s["categories"]})
    lines += ["", f"## recall@{k0} by category", "| system | " + " | ".join(categories) + " |",
              "|---" * (len(categories) + 1) + "|"]
    for system, s in summary.items():
        lines.append(f"| {system} | " + " | ".join(
            _fmt(s["categories"].get(c, {}).get(f"recall@{k0}")) for c in categories) + " |")
    best = {}
    for c in categories:
        scored = [(s["categories"][c][f"recall@{k0}"], name) for name, s in summary.items() if c in s["categories"]]
        if scored:
            best[c] = max(scored)
    lines += ["", f"## Best system per category (recall@{k0})", "| category | best | recall |", "|---|---|---|"]
    for c, (value, name) in best.items():
        lines.append(f"| {c} | {name} | {value:.3f} |")
    lines += ["", "Metrics: recall@k = share of gold entries found in the top k; nDCG@k with binary gains; "
              "MRR over the top max(k). `answer_contains_rate_all` = answerable questions whose answer holds "
              "every expected string; `decline_accuracy` = unanswerable questions declined; "
              "`ungrounded_answers` = answers naming a course absent from their cited excerpts.", ""]
    return "\n".join(lines)


def charts(summary: dict, out: Path, k: int) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    systems = list(summary)
    categories = sorted({c for s in summary.values() for c in s["categories"]})
    fig, ax = plt.subplots(figsize=(max(8, len(categories) * 1.4), 5))
    width = 0.8 / max(1, len(systems))
    for i, system in enumerate(systems):
        values = [summary[system]["categories"].get(c, {}).get(f"recall@{k}", 0.0) for c in categories]
        ax.bar([x + i * width for x in range(len(categories))], values, width, label=system)
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(categories))])
    ax.set_xticklabels(categories, rotation=20, ha="right")
    ax.set_ylabel(f"recall@{k}")
    ax.set_ylim(0, 1.05)
    ax.set_title(f"recall@{k} by system and category")
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    first = out / "recall_by_system_category.png"
    fig.savefig(first, dpi=110)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 5))
    for system in systems:
        s = summary[system]
        ax.scatter(s["latency_p50_ms"], s[f"recall@{k}"])
        ax.annotate(system, (s["latency_p50_ms"], s[f"recall@{k}"]), fontsize=8)
    ax.set_xscale("log")
    ax.set_xlabel("latency p50 (ms, log scale)")
    ax.set_ylabel(f"recall@{k}")
    ax.set_title("latency against recall")
    fig.tight_layout()
    second = out / "latency_vs_recall.png"
    fig.savefig(second, dpi=110)
    plt.close(fig)
    return [first, second]
