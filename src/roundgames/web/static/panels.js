// The Score and Rules dialogs: the money deal by deal with running totals and the settlement (UX 9), and the house
// rules this table was created with (UX 10). Both redraw from the latest state while open.

import { recordsUrl, scoresCsvUrl } from "./api.js";
import { fill, h } from "./dom.js";
import { money, seatName } from "./format.js";

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

/** A deal's number, marked when somebody played it with hints (the names in its title), and its Review button. */
function dealCell(state, number, hinted, onReview) {
  const names = (hinted ?? []).map((s) => seatName(state, s, { you: true }));
  return h("th", { scope: "row" }, String(number), names.length > 0 && h("span", {
    class: "hint-mark", "data-testid": `hint-mark-${number}`, title: `Played with hints: ${names.join(", ")}`,
    text: " ✱", "aria-label": `played with hints by ${names.join(", ")}`,
  }), onReview && h("button", { type: "button", class: "link review-link", "data-testid": `review-${number}`, text: "Review",
    title: "Your decisions in this deal, with the expert bot's value of every option", onclick: () => onReview(number) }));
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

export function renderScore(dialog, state, { onReview = null } = {}) {
  const scores = state.scores ?? {};
  const settlement = scores.over ? settlementLines(state, scores.settlement) : [];
  const id = state.table?.id;
  const pool = state.table?.game === "loo" && state.deal ? `Pool on the table: ${state.deal.pool ?? 0}` : "";
  fill(dialog, h("form", { method: "dialog", class: "panel" },
    h("h2", { text: scores.over ? "The sitting is over" : "Score" }),
    scoreTable(state, onReview),
    (scores.hints ?? []).some((seats) => seats.length) && h("p", { class: "note", text: "✱ played with hints" }),
    pool && h("p", { text: pool }),
    settlement.length > 0 && h("section", { class: "settlement", "data-testid": "settlement" },
      h("h3", { text: "Settlement" }), h("ul", {}, settlement.map((line) => h("li", { text: line })))),
    id && h("p", { class: "downloads" },
      h("a", { href: scoresCsvUrl(id), download: `${id}-scores.csv`, "data-testid": "scores-csv", text: "Score sheet (CSV)" }),
      " · ",
      // The records hold the miss and the stock of every deal: the server gives them once the sitting is over.
      scores.over
        ? h("a", { href: recordsUrl(id), download: `${id}-records.json`, "data-testid": "records-json", text: "Deal records (JSON)" })
        : h("span", { class: "note", text: "Deal records when the sitting is over" })),
    h("div", { class: "buttons" }, h("button", { value: "close", text: "Close" }))));
}

export function renderRules(dialog, state) {
  const table = state.table ?? {};
  const rules = table.rules ?? [];
  fill(dialog, h("form", { method: "dialog", class: "panel" },
    h("h2", { text: `Rules at this table: ${table.game === "nap" ? "Nap" : "Loo"} (${table.preset ?? ""})` }),
    rules.length ? h("ul", { class: "rules" }, rules.map((line) => h("li", { text: line })))
      : h("p", { text: "The preset's rules, with no house rules changed." }),
    h("p", { class: "mode", "data-testid": "rules-mode", text: table.mode === "table"
      ? "Table mode: an irregular card or declaration (a revoke, a card out of turn) is allowed after a warning, "
        + `and the laws apply (RULES.md ${table.game === "nap" ? "§8" : "§5"}); each law applied is in the log.`
      : "Strict: an action the rules forbid is refused, with the rule it breaks." }),
    h("p", { class: "hints", "data-testid": "rules-hints", text: table.hints
      ? "Hints: allowed. At your turn the Hint button shows you alone the expert bot's value of each option; the score "
        + "sheet marks each deal played with hints."
      : "Hints: off (a table allows them when it is created)." }),
    h("p", { class: "note" }, `Bots pause ${table.bot_delay ?? "?"} s between actions.`,
      table.confirm ? " Every action needs a second tap to confirm." : ""),
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
