// The ubcal page. Every piece of calendar text, model output and user input reaches the DOM through
// textContent (via el() below), never innerHTML, and links only ever point at http(s) URLs. The one
// picture, the server's prerequisite graph, is parsed as SVG and cleaned the same way (safeSvg).
"use strict";

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key === "href") { const safe = safeHref(value); if (safe) node.href = safe; }
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function safeHref(url) {
  try {
    const parsed = new URL(String(url), window.location.href);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch (e) { return null; }
}

const $ = (id) => document.getElementById(id);
const short = (id) => (id ? String(id) : "-");
const fmt = (n, digits) => (typeof n === "number" ? n.toFixed(digits) : "–");

async function getJSON(url) {
  const response = await fetch(url);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(`${response.status}: ${data.error || response.statusText}`);
  return data;
}

function showError(box, message) {
  box.hidden = !message;
  box.textContent = message || "";
}

// ---- editions, versions, health ----------------------------------------------------------------
let versionRows = [];

async function loadEditions() {
  // the store's editions, newest first; the empty choice is the default (CURRENT: the newest edition)
  const data = await getJSON("/api/editions");
  const picker = $("edition");
  const chosen = picker.value;
  picker.replaceChildren(el("option", { value: "" }, `newest (${data.default || "-"})`),
    ...data.editions.map((e) => el("option", { value: e.edition }, `${e.edition} · ${short(e.version)}`)));
  picker.value = data.editions.some((e) => e.edition === chosen) ? chosen : "";
  fillComparePickers(data.editions);
}

async function loadVersions() {
  const data = await getJSON("/api/versions");
  versionRows = data.versions;
  const picker = $("version");
  const chosen = picker.value;
  picker.replaceChildren(el("option", { value: "" }, `CURRENT (${short(data.serving)})`),
    ...versionRows.map((v) => el("option", { value: v.id },
      `${v.id} · ${v.edition || "?"} · ${v.created || "?"}${v.current ? " · current" : ""}${v.pinned ? " · pinned" : ""}`)));
  picker.value = versionRows.some((v) => v.id === chosen) ? chosen : "";
  for (const [id, index] of [["diff-a", 1], ["diff-b", 0]]) {
    const select = $(id);
    const before = select.value;
    select.replaceChildren(...versionRows.map((v) => el("option", { value: v.id }, `${v.id} · ${v.created || "?"}`)));
    select.value = versionRows.some((v) => v.id === before) ? before
      : (versionRows[Math.min(index, versionRows.length - 1)] || {}).id || "";
  }
  const body = $("versions-table").tBodies[0];
  body.replaceChildren(...versionRows.map((v) => el("tr", {},
    el("td", { class: "mono" }, v.id), el("td", {}, v.created || ""), el("td", {}, v.pages ?? ""),
    el("td", {}, v.chunks ?? ""),
    el("td", {}, [v.current ? "current" : "", v.pinned ? "pinned" : "", v.problem || ""].filter(Boolean).join(", ")),
    el("td", {}, manifestButton(v.id)))));
  setServing(data.serving);
}

function manifestButton(id) {
  const button = el("button", { type: "button", class: "small" }, "manifest");
  button.addEventListener("click", () => showManifest(id));
  return button;
}

function setServing(id, problem) {
  const pill = $("serving");
  pill.textContent = id ? `index version ${id}` : "no index version";
  pill.className = problem || !id ? "pill warn" : "pill";
  pill.title = problem || "index version answering by default";
}

let canDrawGraphs = false;  // the server has Graphviz (health says so): only then is a graph asked for

async function pollHealth() {
  try {
    const h = await getJSON("/api/health");
    canDrawGraphs = h.graphs === true;
    const before = $("serving").textContent;
    setServing(h.serving, h.problem);
    if (before !== $("serving").textContent) { loadVersions().catch(() => {}); loadEditions().catch(() => {}); }
  } catch (e) { setServing(null, String(e)); }
}

// ---- asking ----------------------------------------------------------------------------------
const STAGE_LABELS = {
  accepted: "request accepted", question: "question", injection_suspected: "instructions in the question",
  entities: "entities", route: "route", decompose: "sub-questions",
  retrieve: "retrieval: ranked excerpts", merge: "merge", model_wait: "waiting for the model", generate: "model answer",
  guard: "grounding guard", extractive_answer: "quoted answer", decline: "declined", answer: "answer",
  understand: "how the question was read", facts: "calendar facts",
};

function list(items) {
  return items && items.length ? items.join(", ") : "none";
}

function stageBody(e) {
  switch (e.step) {
    case "accepted": return el("div", {}, "the server took the question");
    case "question": return el("div", {}, `edition ${e.edition} · index version ${e.index_version} · ${e.mode} · top-${e.top_k}`);
    case "entities": return el("div", {}, `courses: ${list(e.courses)} · programs: ${list(e.programs)}`
      + (e.unknown_courses && e.unknown_courses.length ? ` · not in the calendar: ${list(e.unknown_courses)}` : ""));
    case "understand": return el("div", {}, el("b", { class: "reading" }, e.reading || ""),
      el("div", { class: "meta" }, `intent ${e.intent} (${fmt((e.confidence || 0) * 100, 0)}%)`
        + (e.parts && e.parts.length ? ` · ${e.parts.length} parts` : "")));
    case "facts": return el("div", { class: e.answered ? "ok" : "meta" },
      `${e.intent}: ${e.answered ? "answered from the calendar's facts" : "not settled by facts"}`
      + (e.verdict ? ` · verdict ${e.verdict}` : ""));
    case "route": return el("div", {}, el("b", {}, e.path), ` — ${e.reason}`);
    case "decompose": return el("div", {}, `made by: ${e.source}`,
      el("ol", {}, (e.subquestions || []).map((q) => el("li", {}, q))),
      e.problems && e.problems.length ? el("div", { class: "meta" }, `model's attempt rejected: ${e.problems.join("; ")}`) : null);
    case "retrieve": return el("div", {}, el("div", {}, `${e.hop !== undefined ? `hop ${e.hop + 1}: ` : ""}“${e.query}” → `
      + `${(e.chunk_ids || []).length} excerpts in ${e.ms} ms`
      + (e.year_levels && e.year_levels.length ? ` · year level ${e.year_levels.join("/")}` : "")), hitsTable(e));
    case "merge": return el("div", {}, `kept ${e.kept}, dropped ${e.duplicates_dropped} duplicates`);
    case "model_wait": return el("div", {}, `${e.ahead} question(s) ahead; ${e.note}`);
    case "generate": return el("div", {}, `${e.model}: ${e.prompt_tokens} prompt + ${e.completion_tokens} answer tokens in ${e.ms} ms`,
      el("div", { class: "quote" }, e.output));
    case "guard": return el("div", { class: e.passed ? "ok" : "bad" },
      e.passed ? "passed: the answer is grounded in its excerpts" : "failed — " + list(e.reasons));
    case "extractive_answer": return el("div", {}, `answer quoted from excerpts ${list(e.cited)}`);
    case "decline": return el("div", { class: "bad" }, e.reason);
    case "answer": return el("div", {}, e.declined ? "declined" : `${(e.citations || []).length} citation(s)`);
    default: {
      const rest = Object.fromEntries(Object.entries(e).filter(([k]) => !["step", "t_ms"].includes(k)));
      return el("pre", { class: "small" }, JSON.stringify(rest, null, 1));
    }
  }
}

function hitsTable(e) {
  const cell = (ranks, scores, name, digits) =>
    el("td", { class: "num" }, ranks[name] ? `#${ranks[name]}` : "–", el("br"), fmt(scores[name], digits));
  return el("div", {}, el("div", { class: "meta" }, `${e.mode}: why each excerpt ranked where it did`),
    el("table", { class: "hits" },
      el("thead", {}, el("tr", {}, ["#", "excerpt", "BM25", "dense", "fused"].map((h) => el("th", {}, h)))),
      el("tbody", {}, (e.hits || []).map((h, i) => el("tr", {},
        el("td", {}, i + 1),
        el("td", {}, el("a", { href: h.citation, target: "_blank", rel: "noopener noreferrer" }, h.title),
          h.pinned ? el("span", { class: "tag" }, `pinned: ${h.pinned}`) : null),
        cell(h.ranks, h.scores, "bm25", 2), cell(h.ranks, h.scores, "dense", 3),
        el("td", { class: "num" }, `#${h.fused_rank || "–"}`, el("br"), fmt(h.fused_score, 4)))))));
}

function addStage(e) {
  const item = el("li", { class: `stage stage-${e.step}`, "data-step": e.step },
    el("div", { class: "stage-head" }, el("span", {}, STAGE_LABELS[e.step] || e.step),
      el("span", { class: "meta" }, `${fmt(e.t_ms, 0)} ms`)), stageBody(e));
  $("stages").append(item);
  $("stage-clock").textContent = `${fmt(e.t_ms, 0)} ms`;
}

function renderAnswer(d) {
  const box = $("answer");
  box.className = d.declined ? "answer declined" : "answer";
  box.textContent = d.answer;
  $("citations").replaceChildren(...d.citations.map((c) => el("li", { value: c.n },
    el("a", { href: c.citation, target: "_blank", rel: "noopener noreferrer", class: "citation" }, c.title),
    el("div", { class: "meta mono" }, c.citation))));
  const notes = [`edition ${d.edition} · index version ${d.index_version}`, `route ${d.route} (${d.route_reason})`,
    `${d.tokens.llm_calls} model call(s)`, `total ${fmt(d.timings_ms.total, 0)} ms`];
  if (d.guard.replaced) notes.push(`model answer replaced by quotes: ${list(d.guard.reasons)}`);
  $("answer-meta").replaceChildren(el("span", { id: "answer-version", "data-version": d.index_version },
    notes.join(" · ")));
}

async function ask(event) {
  event.preventDefault();
  showError($("ask-error"), "");
  $("stages").replaceChildren();
  $("citations").replaceChildren();
  $("answer-meta").replaceChildren();
  $("answer").className = "answer empty";
  $("answer").textContent = "working…";
  hideGraph();
  const body = { question: $("question").value, route: $("route").value, mode: $("mode").value };
  if ($("top-k").value) body.top_k = Number($("top-k").value);
  if ($("version").value) body.version = $("version").value;
  else if ($("edition").value) body.edition = $("edition").value;
  const button = $("ask-button");
  button.disabled = true;
  try {
    const response = await fetch("/api/ask/stream", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new Error(`${response.status}: ${data.error || response.statusText}`);
    }
    await readEvents(response, (kind, data) => {
      if (kind === "stage" || kind === "accepted") addStage(data);
      else if (kind === "answer") { renderAnswer(data); showGraph(data); }
      else if (kind === "error") throw new Error(`${data.status}: ${data.message}`);
    });
  } catch (e) {
    $("answer").textContent = "";
    showError($("ask-error"), String(e.message || e));
  } finally {
    button.disabled = false;
  }
}

async function readEvents(response, handle) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let kind = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) kind = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      if (data) handle(kind, JSON.parse(data));
    }
  }
}

// ---- the prerequisite graph beside the answer ---------------------------------------------------
const OPENS_INTENTS = ["reverse_prereq", "unlocks"];  // questions about what a course leads to
const SVG_NS = "http://www.w3.org/2000/svg";

function graphCourse(d) {
  const u = d.understood || {};
  const unknown = u.unknown_courses || [];
  return [u.target, ...(u.targets || []), ...(u.courses || [])].find((c) => c && !unknown.includes(c)) || "";
}

let graphAsked = 0;  // a graph that arrives after the next question was asked is dropped

function hideGraph() {
  graphAsked += 1;
  $("graph-panel").hidden = true;
  $("columns").classList.remove("with-graph");
  $("graph").replaceChildren();
  $("graph-meta").textContent = "";
}

async function showGraph(d) {
  const course = graphCourse(d);
  if (!course || !canDrawGraphs) return;
  const asked = ++graphAsked;
  const opens = OPENS_INTENTS.includes((d.understood || {}).intent);
  const params = new URLSearchParams({ course, direction: opens ? "opens" : "needs" });  // the server's depth
  if (d.index_version) params.set("version", d.index_version);
  $("graph-panel").hidden = false;
  $("columns").classList.add("with-graph");
  try {
    const response = await fetch(`/api/graph?${params}`);
    if (!response.ok) {
      const data = await response.json().catch(() => ({}));
      throw new Error(`${response.status}: ${data.error || response.statusText}`);
    }
    const svg = safeSvg(await response.text());
    if (asked !== graphAsked) return;
    $("graph").replaceChildren(svg);
    $("graph-meta").textContent = `${course}: ${opens ? "the courses that require it" : "what it requires"}. `
      + "Arrows lead from a requirement to the course it opens; dashed: may be taken at the same time; "
      + "notes: conditions that are not courses. Click a course for its calendar entry.";
  } catch (e) {
    if (asked !== graphAsked) return;
    $("graph").replaceChildren();
    $("graph-meta").textContent = `no graph: ${e.message || e}`;
  }
}

function safeSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.namespaceURI !== SVG_NS || svg.localName !== "svg" || doc.querySelector("parsererror")) {
    throw new Error("the server's graph is not an SVG picture");
  }
  for (const node of svg.querySelectorAll("script, foreignObject, style")) node.remove();
  for (const node of svg.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) {
      const bad = attr.name.toLowerCase().startsWith("on") || attr.name === "style"
        || (attr.localName === "href" && !safeHref(attr.value));
      if (bad) node.removeAttributeNode(attr);
    }
    if (node.localName === "a") { node.setAttribute("target", "_blank"); node.setAttribute("rel", "noopener noreferrer"); }
  }
  return document.importNode(svg, true);
}

// ---- auditing --------------------------------------------------------------------------------
async function showManifest(id) {
  try {
    const manifest = await getJSON(`/api/versions/${encodeURIComponent(id)}`);
    $("manifest-title").hidden = false;
    $("manifest-title").textContent = `Manifest of ${id}`;
    $("manifest").hidden = false;
    $("manifest").textContent = JSON.stringify(manifest, null, 2);
    $("manifest").scrollIntoView({ block: "nearest" });
  } catch (e) { showError($("audit-error"), String(e.message || e)); }
}

async function showDiff() {
  showError($("audit-error"), "");
  const a = $("diff-a").value, b = $("diff-b").value;
  try {
    const d = await getJSON(`/api/diff?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`);
    const box = $("diff");
    const parts = [el("h3", {}, `From ${d.from} to ${d.to}`)];
    if (!d.pages_added.length && !d.pages_removed.length && !d.pages_changed.length) {
      parts.push(el("p", { class: "meta" }, "no differences"));
    }
    for (const url of d.pages_added) parts.push(el("div", { class: "add" }, "+ page ", pageLink(url)));
    for (const url of d.pages_removed) parts.push(el("div", { class: "del" }, "− page ", pageLink(url)));
    for (const page of d.pages_changed) {
      parts.push(el("div", { class: "changed" }, "~ page ", pageLink(page.url),
        el("span", { class: "meta" }, ` sections +${page.sections_added.length} −${page.sections_removed.length}`
          + ` ~${page.sections_changed.length}; chunks +${page.chunks_added.length} −${page.chunks_removed.length}`)));
      for (const s of page.sections_added) parts.push(el("div", { class: "add indent" }, `+ section ${s}`));
      for (const s of page.sections_removed) parts.push(el("div", { class: "del indent" }, `− section ${s}`));
      for (const s of page.sections_changed) {
        parts.push(el("div", { class: "indent" }, `~ section ${s.section_id}`));
        parts.push(el("pre", { class: "udiff" }, s.diff.split("\n").map((line) => el("div", {
          class: line.startsWith("+++") || line.startsWith("---") ? "file" : line.startsWith("@@") ? "hunk"
            : line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "" }, line))));
      }
    }
    box.replaceChildren(...parts);
  } catch (e) { showError($("audit-error"), String(e.message || e)); }
}

function pageLink(url) {
  return el("a", { href: url, target: "_blank", rel: "noopener noreferrer", class: "mono" }, url);
}

async function loadAudit() {
  try {
    const data = await getJSON("/api/audit?limit=50");
    $("audit-table").tBodies[0].replaceChildren(...data.records.slice().reverse().map((r) => {
      const details = Object.fromEntries(Object.entries(r).filter(([k]) =>
        !["time", "event", "version", "pid", "host", "user"].includes(k)));
      return el("tr", {}, el("td", {}, r.time || ""), el("td", {}, r.event || ""),
        el("td", { class: "mono" }, r.version || ""), el("td", { class: "small" }, JSON.stringify(details)));
    }));
  } catch (e) { showError($("audit-error"), String(e.message || e)); }
}

// ---- one course in two editions ----------------------------------------------------------------
function fillComparePickers(editions) {
  // the older picker defaults to the second newest edition, the newer to the newest (as the server does)
  for (const [id, index] of [["compare-old", 1], ["compare-new", 0]]) {
    const select = $(id);
    const before = select.value;
    select.replaceChildren(...editions.map((e) => el("option", { value: e.edition }, e.edition)));
    select.value = editions.some((e) => e.edition === before) ? before
      : (editions[Math.min(index, editions.length - 1)] || {}).edition || "";
  }
}

function compareCell(segments, side) {
  // the old side reads same + removed words (<del>), the new side same + added words (<ins>); a "same"
  // run keeps the old calendar's own punctuation on the old side ("old")
  const marked = side === "old" ? "removed" : "added";
  const parts = [];
  for (const s of segments) {
    if (s.op !== "same" && s.op !== marked) continue;
    if (parts.length) parts.push(" ");
    if (s.op === "same") parts.push(side === "old" && s.old !== undefined ? s.old : s.text);
    else parts.push(el(side === "old" ? "del" : "ins", {}, s.text));
  }
  return parts.length ? parts : [el("span", { class: "meta" }, "—")];
}

function compareHead(side) {
  return el("th", {}, side.edition, el("div", { class: "meta mono" }, short(side.version_id)),
    side.citation ? el("a", { href: side.citation, target: "_blank", rel: "noopener noreferrer", class: "meta" },
      "calendar entry") : el("div", { class: "meta" }, "not in this edition"));
}

async function showCompare(event) {
  event.preventDefault();
  showError($("compare-error"), "");
  const params = new URLSearchParams({ course: $("compare-course").value.trim() });
  if ($("compare-old").value) params.set("old", $("compare-old").value);
  if ($("compare-new").value) params.set("new", $("compare-new").value);
  try {
    const d = await getJSON(`/api/editions/compare?${params}`);
    const rows = d.facets.map((f) => el("tr", { class: f.changed ? "changed" : "same", "data-facet": f.facet },
      el("td", { class: "facet" }, f.facet, f.changed ? null : el("div", { class: "meta" }, "unchanged")),
      el("td", { class: "old" }, compareCell(f.segments, "old")),
      el("td", { class: "new" }, compareCell(f.segments, "new"))));
    $("compare").replaceChildren(...[
      el("h3", { id: "compare-title" }, `${d.course}: ${d.changed_facets} of ${d.facets.length} facets changed `
        + `from ${d.old.edition} to ${d.new.edition}`),
      d.note ? el("p", { class: "note" }, d.note) : null,
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { class: "facet" }, "facet"), compareHead(d.old),
        compareHead(d.new))), el("tbody", {}, rows))].filter(Boolean));
  } catch (e) {
    $("compare").replaceChildren();
    showError($("compare-error"), String(e.message || e));
  }
}

// ---- wiring ----------------------------------------------------------------------------------
function showTab(name) {
  for (const button of document.querySelectorAll(".tab")) {
    button.classList.toggle("active", button.dataset.tab === name);
    button.setAttribute("aria-selected", String(button.dataset.tab === name));
  }
  $("tab-ask").hidden = name !== "ask";
  $("tab-audit").hidden = name !== "audit";
  if (name === "audit") { loadVersions().catch((e) => showError($("audit-error"), String(e))); loadAudit(); }
}

document.addEventListener("DOMContentLoaded", () => {
  $("ask-form").addEventListener("submit", ask);
  $("diff-button").addEventListener("click", showDiff);
  $("compare-form").addEventListener("submit", showCompare);
  for (const button of document.querySelectorAll(".tab")) button.addEventListener("click", () => showTab(button.dataset.tab));
  loadVersions().catch((e) => showError($("ask-error"), String(e.message || e)));
  loadEditions().catch((e) => showError($("ask-error"), String(e.message || e)));
  pollHealth();
  setInterval(pollHealth, 5000);
});
