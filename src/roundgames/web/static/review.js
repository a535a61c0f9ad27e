// What the expert bot makes of a person's play (docs/web.md, "Reviews and hints"): the review of a finished deal,
// one decision at a time with the expert's value of each option, and the hint at the person's turn. The server
// works both out in its workers and sends them to this connection alone; this page only draws them.

import { parseCard, pipSvg, rankText } from "./cards.js";
import { fill, h } from "./dom.js";
import { seatName } from "./format.js";

/** A value as the expert gives it: what the seat is expected to net by the deal's end, in counters. */
export function value(amount) {
  if (typeof amount !== "number") return "?";
  const text = Math.abs(amount).toFixed(2);
  return amount > 0.005 ? `+${text}` : amount < -0.005 ? `-${text}` : text;
}

/** A card as small text with its pip drawn ("Q" and a heart), or the text as it is where it is not a card. */
function cardChip(code) {
  const card = parseCard(code);
  if (!card) return h("span", { text: code });
  return h("span", { class: ["chip", `suit-${card.suit}`], dataset: { reviewCard: code }, title: code },
    rankText(card.rank), h("span", { html: pipSvg(card.suit) }));
}

/** An option's label with its cards drawn: "QH" as a chip, "Buy 2C 3D" as a word and chips. */
function label(text) {
  return (text ?? "").split(" ").map((word) => (parseCard(word) ? cardChip(word) : h("span", { text: `${word} ` })));
}

function cards(list) {
  return h("span", { class: "chips" }, (list ?? []).length ? list.map(cardChip) : h("span", { text: "none" }));
}

/** The options, the expert's choice first and the others best first, each with its value; the expert's choice and the one played marked. */
function optionsTable(options, { taken = null, takenLabel = null, takenValue = null } = {}) {
  const listed = options.some((o) => o.action === taken);
  // The expert keeps the sensible model's choice unless its worlds show another clearly better: say so when a
  // higher estimate is listed below its choice.
  const kept = options.length > 1 && options.slice(1).some((o) => o.value > options[0].value);
  const choice = kept ? "the expert's choice (the model's: none clearly better)" : "the expert's choice";
  const rows = options.map((o, i) => h("tr", { class: [i === 0 && "best", o.action === taken && "taken"] },
    h("td", {}, label(o.label)),
    h("td", { class: ["money", o.value < 0 && "minus"], text: value(o.value) }),
    h("td", { class: "marks", text: [i === 0 && choice, o.action === taken && "played"].filter(Boolean).join(", ") })));
  if (taken && !listed) {
    // The expert tries a few of a verb's many actions (or an irregular action has no value): the one played still shows.
    rows.push(h("tr", { class: "taken" }, h("td", {}, label(takenLabel ?? taken)),
      h("td", { class: "money", text: takenValue === null ? "–" : value(takenValue) }),
      h("td", { class: "marks", text: takenValue === null ? "played (not weighed)" : "played (weighed apart)" })));
  }
  return h("table", { class: "expert-options", "data-testid": "expert-options" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Option" }), h("th", { scope: "col", text: "Expected" }),
      h("th", { scope: "col", text: "" }))),
    h("tbody", {}, rows));
}

function trickLine(state, trick) {
  if (!trick?.length) return h("span", { text: "nothing yet: the lead" });
  return h("span", {}, trick.map((c, i) => h("span", {}, i ? ", " : "", `${seatName(state, c.seat, { you: true })} `, cardChip(c.card))));
}

/** The review dialog: a summary, the deal's tricks, then each decision in turn (Previous / Next). */
export class ReviewDialog {
  constructor(dialog, { ask }) {
    this.dialog = dialog;
    this.ask = ask; // ask(deal, seat): send the request; false when it could not be sent
    this.review = null;
    this.step = 0;
    this.waiting = null;
  }

  open(state, deal, seat = null) {
    this.state = state;
    this.waiting = { deal, seat };
    this.review = null;
    fill(this.dialog, h("form", { method: "dialog", class: "panel review" },
      h("h2", { text: `Deal ${deal}: the expert's review` }),
      h("p", { class: "note", "data-testid": "review-status", role: "status", text: "The expert is weighing each decision…" }),
      h("div", { class: "buttons" }, h("button", { value: "close", text: "Close" }))));
    if (!this.dialog.open) this.dialog.showModal();
    if (!this.ask(deal, seat)) this.fail("Not connected: try again in a moment.");
  }

  fail(text) {
    const status = this.dialog.querySelector("[data-testid=review-status]");
    if (status) status.textContent = text;
  }

  /** The server's answer; one for another deal than the one asked for (an older request) is left alone. */
  show(message, state) {
    if (!this.dialog.open || !this.waiting || message.deal !== this.waiting.deal) return;
    this.state = state ?? this.state;
    this.review = message;
    this.step = 0;
    this.draw();
  }

  move(by) {
    const count = this.review?.decisions?.length ?? 0;
    this.step = Math.min(Math.max(this.step + by, 0), Math.max(count - 1, 0));
    this.draw();
  }

  draw() {
    const r = this.review;
    const state = this.state;
    const count = r.decisions.length;
    const s = r.summary;
    const summary = s.decisions
      ? `${s.decisions} decision${s.decisions === 1 ? "" : "s"}; ${s.matched} as good as the expert's; expected loss ${value(s.loss).replace("+", "")}`
        + (s.unweighed ? ` (${s.unweighed} not weighed)` : "")
      : "No decision to weigh: every action was forced.";
    const d = r.decisions[this.step];
    fill(this.dialog, h("form", { method: "dialog", class: "panel review", "data-testid": "review" },
      h("h2", { text: `Deal ${r.deal}: ${r.name}'s decisions, as the expert weighs them` }),
      h("p", { "data-testid": "review-summary", text: summary }),
      r.result && h("p", { class: "note", text: r.result }),
      h("p", {}, "Dealt: ", cards(r.dealt)),
      d && h("section", { class: "decision", "data-testid": "review-decision" },
        h("h3", { text: `Decision ${this.step + 1} of ${count} (action ${d.number} of the deal, ${d.stage === "play" ? "the play" : "the bidding"})` }),
        h("p", {}, r.seat === state?.you ? "Your hand: " : `${r.name}'s hand: `, cards(d.hand)),
        d.stage === "play" && h("p", {}, "On the table: ", trickLine(state, d.trick)),
        optionsTable(d.options, { taken: d.taken, takenLabel: d.taken_label, takenValue: d.taken_value }),
        h("p", { "data-testid": "review-loss", text: d.loss === null ? "Not weighed." : d.matched
          ? "As good as the expert's choice." : `${value(d.loss).replace("+", "")} less than the expert's choice.` })),
      count > 1 && h("div", { class: "stepper" },
        h("button", { type: "button", "data-testid": "review-prev", disabled: this.step === 0, text: "Previous", onclick: () => this.move(-1) }),
        h("button", { type: "button", "data-testid": "review-next", disabled: this.step >= count - 1, text: "Next", onclick: () => this.move(1) })),
      h("details", { class: "tricks" }, h("summary", { text: "The tricks" }),
        h("ol", {}, (r.tricks ?? []).map((t) => h("li", {}, trickLine(state, t.cards),
          t.winner === null ? "" : `: ${seatName(state, t.winner, { you: true })} won it`)))),
      r.hands && h("details", { class: "hands", "data-testid": "review-hands" }, h("summary", { text: "Every card dealt" }),
        h("ul", {}, r.hands.map((hand, seat) => h("li", {}, `${seatName(state, seat, { you: true })}: `, cards(hand))),
          Object.entries(r.heaps ?? {}).map(([heap, list]) => h("li", {}, `${heap}: `, cards(list))))),
      h("div", { class: "buttons" }, h("button", { value: "close", text: "Close" }))));
  }
}

/** The hint at the person's turn: the expert's value of each option, its choice first. */
export function renderHint(box, hint) {
  if (!hint) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  fill(box, h("p", { class: "note", text: "The expert's expected net of each option by the deal's end:" }),
    optionsTable(hint.options ?? []),
    h("p", { class: "note", text: "This deal is marked on the score sheet as played with hints." }));
}
