// The Score and Rules dialogs: the money deal by deal with running totals and the settlement (UX 9), and the house
// rules this table was created with, in words, with the text that teaches the game (UX 10). Both redraw from the
// latest state while open.

import { recordsUrl, scoresCsvUrl } from "./api.js";
import { fill, h } from "./dom.js";
import { money, seatName } from "./format.js";
import { markupBlocks } from "./guide.js";
import { replayHrefFor } from "./replaylink.js";

const cell = (tag, amount) => h(tag, { class: ["money", amount < 0 && "minus"], text: money(amount) });

/** The settlement's lines, whatever shape each item has: a balance by seat, a sentence, or {seat, balance}. */
function settlementLines(state, settlement) {
  if (!settlement) return [];
  const items = Array.isArray(settlement) ? settlement.map((v, i) => [i, v]) : Object.entries(settlement);
  return items.map(([key, item]) => {
    if (typeof item === "string") return item;
    if (typeof item === "number") return `${seatName(state, Number(key), { you: true })}: ${money(item)}`;
    const seat = item?.seat ?? Number(key);
    const amount = item?.balance ?? item?.amount ?? item?.total;
    return item?.text ?? `${item?.name ?? seatName(state, seat, { you: true })}: ${money(amount)}`;
  });
}

/** Each deal's payments with every seat's balance after it (the running totals). */
function runningRows(deals) {
  let balance = [];
  return deals.map((row) => {
    balance = row.map((v, seat) => (balance[seat] ?? 0) + v);
    return [row, balance];
  });
}

/** The replay page of a finished deal (replay.js): null where the viewer may not replay it (replaylink.js). */
function replayLink(state, number) {
  const href = replayHrefFor(state, number);
  return href && h("a", { class: "replay-link", href, "data-testid": `replay-${number}`, text: "Replay",
    title: "This deal step by step, as the seat saw it" });
}

/** A deal's number, marked when somebody played it with hints (the names in its title), and its Review button. */
function dealCell(state, number, hinted, onReview) {
  const names = (hinted ?? []).map((s) => seatName(state, s, { you: true }));
  return h("th", { scope: "row" }, String(number), names.length > 0 && h("span", {
    class: "hint-mark", "data-testid": `hint-mark-${number}`, title: `Played with hints: ${names.join(", ")}`,
    text: " ✱", "aria-label": `played with hints by ${names.join(", ")}`,
  }), onReview && h("button", { type: "button", class: "link review-link", "data-testid": `review-${number}`, text: "Review",
    title: "Your decisions in this deal, with the expert bot's value of every option", onclick: () => onReview(number) }),
  " ", replayLink(state, number));
}

function scoreTable(state, onReview) {
  const scores = state.scores ?? { deals: [], totals: [] };
  const seats = (state.seats ?? []).map((s, i) => s.seat ?? i);
  // A seat reviews its own deals (the expert's view of each decision); a spectator has none.
  const review = onReview && state.you !== null && state.you !== undefined;
  return h("div", { class: "score-scroll" }, h("table", { class: "score" },
    h("caption", { text: "Each deal's payments, by seat" }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Deal" }),
      seats.map((n) => h("th", { scope: "col", text: seatName(state, n, { you: true }) })))),
    h("tbody", {}, runningRows(scores.deals ?? []).map(([row, after], i) =>
      h("tr", {}, dealCell(state, i + 1, scores.hints?.[i], review ? onReview : null),
        row.map((v, seat) => h("td", { class: ["money", v < 0 && "minus"] }, h("span", { class: "net", text: money(v) }),
          h("small", { class: "running", title: "balance after this deal", text: ` (${money(after[seat])})` })))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row", text: "Total" }), (scores.totals ?? []).map((v) => cell("td", v))))));
}

/** The sittings played at this table before the one in play (after Play again): each one's final balances. */
function earlierSittings(state) {
  const earlier = state.scores?.sittings ?? [];
  if (!earlier.length) return null;
  return h("section", { class: "earlier-sittings", "data-testid": "earlier-sittings" },
    h("h3", { text: "Earlier sittings" }),
    h("ul", {}, earlier.map((sitting) => h("li", { "data-testid": `sitting-${sitting.number}` },
      `Sitting ${sitting.number}, ${sitting.deals.length} deal${sitting.deals.length === 1 ? "" : "s"}: `,
      (sitting.totals ?? []).map((amount, seat) =>
        `${sitting.names?.[seat] ?? seatName(state, seat)} ${money(amount)}`).join(", ")))));
}

export function renderScore(dialog, state, { onReview = null } = {}) {
  const scores = state.scores ?? {};
  const settlement = scores.over ? settlementLines(state, scores.settlement) : [];
  const id = state.table?.id;
  const pool = state.deal?.pool !== null && state.deal?.pool !== undefined ? `Pool on the table: ${state.deal.pool}` : "";
  fill(dialog, h("form", { method: "dialog", class: "panel" },
    h("h2", { text: scores.over ? "The sitting is over" : (scores.sitting ?? 1) > 1 ? `Score: sitting ${scores.sitting}` : "Score" }),
    scoreTable(state, onReview),
    (scores.hints ?? []).some((seats) => seats.length) && h("p", { class: "note", text: "✱ played with hints" }),
    pool && h("p", { text: pool }),
    settlement.length > 0 && h("section", { class: "settlement", "data-testid": "settlement" },
      h("h3", { text: "Settlement" }), h("ul", {}, settlement.map((line) => h("li", { text: line })))),
    earlierSittings(state),
    id && h("p", { class: "downloads" },
      h("a", { href: scoresCsvUrl(id), download: `${id}-scores.csv`, "data-testid": "scores-csv", text: "Score sheet (CSV)" }),
      " · ",
      // The records hold the miss and the stock of every deal: the server gives them once the sitting is over.
      scores.over
        ? h("a", { href: recordsUrl(id), download: `${id}-records.json`, "data-testid": "records-json", text: "Deal records (JSON)" })
        : h("span", { class: "note", text: "Deal records when the sitting is over" })),
    h("div", { class: "buttons" }, h("button", { value: "close", text: "Close" }))));
}

// The teaching text of each rules page (GET /api/rules/...), fetched once when the Rules dialog first opens.
const teaching = new Map();
const TAUGHT = ["deal", "declaring", "play", "payments"]; // the worked example and the rules are on the page

function teachingOf(page, redraw) {
  if (!page) return null;
  if (!teaching.has(page)) {
    teaching.set(page, null);
    fetch(`/api${page}`).then((r) => (r.ok ? r.json() : null)).then((json) => {
      teaching.set(page, json);
      if (json) redraw();
    }).catch(() => teaching.delete(page)); // asked again the next time the dialog opens
  }
  return teaching.get(page);
}

/** How to play, from the rules page: the deal, declaring or calling, the play and the payments. */
function teachingText(page, redraw) {
  const json = teachingOf(page, redraw);
  if (!json) return h("p", { class: "note", text: "Loading how to play…" });
  return h("section", { class: "rules-teaching", "data-testid": "rules-teaching" },
    h("h3", { text: `How to play ${json.title}` }),
    json.sections.filter((s) => TAUGHT.includes(s.key)).flatMap((s) =>
      [h("h3", { text: s.title }), ...markupBlocks(s.paragraphs, page)]));
}

/** The documentation site's page of the form a rules page teaches (`/rules/loo/irish` -> `/docs/play/loo-irish/`),
 * when the server has the site built (the page's `data-docs`). */
function docsPage(page) {
  const docs = document.body.dataset.docs;
  const parts = docs && page ? page.split("/").filter(Boolean) : [];
  if (parts.length !== 3) return null;
  const [, game, form] = parts;
  return `${docs}play/${game === form ? game : `${game}-${form}`}/`;
}

export function renderRules(dialog, state) {
  const table = state.table ?? {};
  const rules = table.rules ?? [];
  const page = table.rules_page ?? null;
  const redraw = () => dialog.open && renderRules(dialog, state);
  fill(dialog, h("form", { method: "dialog", class: "panel" },
    h("h2", { text: "Rules at this table" }),
    h("ul", { class: "rules", "data-testid": "house-rules" }, rules.map((line) =>
      h("li", { class: line.endsWith("(house rule)") ? "house-rule" : null, text: line }))),
    h("p", { class: "mode", "data-testid": "rules-mode" }, table.mode === "table"
      ? ["Table mode: an irregular card or declaration (a revoke, a card out of turn) is allowed after a warning, "
        + "and the period's laws apply; each law applied is in the log. ",
      page && h("a", { href: `${page}#rules`, target: "_blank", rel: "noopener", text: "The laws, by ID" })]
      : "Strict: an action the rules forbid is refused, with the rule it breaks."),
    h("p", { class: "hints", "data-testid": "rules-hints", text: table.hints
      ? "Hints: allowed. At your turn the Hint button shows you alone the expert bot's value of each option; the score "
        + "sheet marks each deal played with hints."
      : "Hints: off (a table allows them when it is created)." }),
    // A table that shows each hand at once says so, as its departure from the law (LOO-DECL-1).
    table.hand_at_once && h("p", { class: "house-rule", "data-testid": "rules-hand-at-once",
      text: "This table departs from LOO-DECL-1: each player sees his cards as soon as they are dealt, not only when "
        + "his turn to declare comes. The law guards against signs at a real table; online there are none. "
        + "Declarations still go in turn." }),
    h("p", { class: "note" }, `Bots pause ${table.bot_delay ?? "?"} s between actions.`,
      table.confirm ? " Every action needs a second tap to confirm." : ""),
    page && teachingText(page, redraw),
    page && h("p", {}, h("a", { href: page, target: "_blank", rel: "noopener", "data-testid": "rules-page-link",
      text: "The whole page: a deal step by step, and every rule by its ID" })),
    docsPage(page) && h("p", {}, h("a", { href: docsPage(page), target: "_blank", rel: "noopener",
      "data-testid": "rules-docs-link", text: "Full documentation: how to play, the laws, every house rule" })),
    h("div", { class: "buttons" }, h("button", { value: "close", text: "Close" }))));
}

/** Open a dialog drawn by `render`, and keep it up to date while it stays open. */
export class Panel {
  constructor(dialog, render) {
    this.dialog = dialog;
    this.renderFn = render;
  }

  open(state) {
    if (!state) return;
    this.renderFn(this.dialog, state);
    if (!this.dialog.open) this.dialog.showModal();
  }

  refresh(state) {
    if (!this.dialog.open || !state) return;
    const focused = this.dialog.contains(document.activeElement);
    this.renderFn(this.dialog, state);
    if (focused) this.dialog.querySelector("button")?.focus(); // the redraw must not drop the keyboard
  }
}
