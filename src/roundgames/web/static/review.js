// What the expert bot makes of a person's play (docs/web.md, "Reviews and hints"): the review of a finished deal,
// one decision at a time with the expert's value of each option, and the hint at the person's turn. The server
// works both out in its workers and sends them to this connection alone; this page only draws them.

import { cardName, parseCard, pipSvg, rankText } from "./cards.js";
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
  // Drawn as rank and pip; named in words to a screen reader and on hover ("Queen of hearts").
  return h("span", { class: ["chip", `suit-${card.suit}`], dataset: { reviewCard: code }, title: cardName(code),
    role: "img", "aria-label": cardName(code) },
  h("span", { "aria-hidden": "true" }, rankText(card.rank), h("span", { html: pipSvg(card.suit) })));
}

/** An option's label with its cards drawn: "QH" as a chip, "Buy 2C 3D" as a word and chips. */
function label(text) {
  return (text ?? "").split(" ").map((word) => (parseCard(word) ? cardChip(word) : h("span", { text: `${word} ` })));
}

function cards(list) {
  return h("span", { class: "chips" }, (list ?? []).length ? list.map(cardChip) : h("span", { text: "none" }));
}

/** A value in words, for a screen reader: "plus 1.13", "minus 0.75" (never a bare sign read as a dash). */
function spokenValue(amount) {
  const text = value(amount);
  return text.startsWith("+") ? `plus ${text.slice(1)}` : text.startsWith("-") ? `minus ${text.slice(1)}` : text;
}

/** An interval's half-width to show ("0.21"), or null where there is none (too few worlds to say). */
function halfText(half) {
  return typeof half === "number" && Number.isFinite(half) ? Math.abs(half).toFixed(2) : null;
}

/** Whether the expert's strategy mixes among these options: it takes one of them sometimes, neither never nor always. */
export function mixes(options) {
  return options.some((o) => typeof o.prob === "number" && o.prob > 0 && o.prob < 1);
}

/** How often a mixed strategy takes an option: "40%", "never", or "" where not known. A share that would round to
 *  0% or 100% while the strategy mixes shows as 1% or 99%: it must not read as never or always when it is not. */
export function shareText(prob) {
  if (typeof prob !== "number") return "";
  if (prob <= 0) return "never";
  return `${prob >= 1 ? 100 : Math.min(99, Math.max(1, Math.round(100 * prob)))}%`;
}

/** The value cell: "+1.13 ± 0.21" on screen, "plus 1.13, give or take 0.21" to a screen reader. */
function valueCell(amount, half) {
  const spread = halfText(half);
  const shown = spread === null ? value(amount) : `${value(amount)} ± ${spread}`;
  const spoken = spread === null ? spokenValue(amount) : `${spokenValue(amount)}, give or take ${spread}`;
  return h("td", { class: ["money", amount < 0 && "minus"], dataset: { value: String(amount ?? ""), half: spread ?? "" } },
    h("span", { "aria-hidden": "true", text: shown }), h("span", { class: "visually-hidden", text: spoken }));
}

/** The note where the expert's choice is not the best valued (a strategy that mixes, values within each other's
 *  intervals, the model's choice kept within the worlds' noise), as a sentence. */
function noteLine(note, id) {
  if (!note) return null;
  const sentence = note.endsWith(".") ? note : `${note}.`;
  return h("p", { class: "expert-note", id, "data-testid": "expert-note" },
    h("strong", { text: "Why this choice: " }), sentence);
}

/**
 * The options, the expert's choice first and the others best first, each with its value and the half-width of its 95%
 * interval, and how often the strategy takes it where it mixes; the expert's choice and the one played marked. An
 * option below the expert's choice may be valued higher only where the note says why: that is the server's to say,
 * so nothing here calls another option better.
 */
function optionsTable(options, { taken = null, takenLabel = null, takenValue = null, note = "", noteId } = {}) {
  const listed = options.some((o) => o.action === taken);
  const shares = mixes(options);
  const rows = options.map((o, i) => h("tr", { class: [i === 0 && "best", o.action === taken && "taken"] },
    h("td", {}, label(o.label)),
    valueCell(o.value, o.half),
    shares && h("td", { class: "share", text: shareText(o.prob) }),
    h("td", { class: "marks", text: [i === 0 && "the expert's choice", o.action === taken && "played"].filter(Boolean).join(", ") })));
  if (taken && !listed) {
    // The expert tries a few of a verb's many actions (or an irregular action has no value): the one played still shows.
    rows.push(h("tr", { class: "taken" }, h("td", {}, label(takenLabel ?? taken)),
      takenValue === null ? h("td", { class: "money", text: "–", "aria-label": "no value" }) : valueCell(takenValue, null),
      shares && h("td", { class: "share" }),
      h("td", { class: "marks", text: takenValue === null ? "played (not weighed)" : "played (weighed apart)" })));
  }
  const table = h("table", { class: "expert-options", "data-testid": "expert-options", "aria-describedby": note ? noteId : null },
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Option" }),
      h("th", { scope: "col", text: "Expected", title: "The expected net by the deal's end, give or take its 95% interval" }),
      shares && h("th", { scope: "col", text: "How often", title: "How often the expert's strategy takes it here" }),
      h("th", { scope: "col" }, h("span", { class: "visually-hidden", text: "Marks" })))),
    h("tbody", {}, rows));
  return [table, noteLine(note, noteId)];
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
        optionsTable(d.options, { taken: d.taken, takenLabel: d.taken_label, takenValue: d.taken_value,
          note: d.note, noteId: "review-note" }),
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

/** The hint at the person's turn: the expert's value of each option with its interval, its choice first; the note. */
export function renderHint(box, hint) {
  if (!hint) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  fill(box, h("p", { class: ["note", "hint-intro"], text: "The expert's expected net of each option by the deal's end, give or take its 95% interval:" }),
    optionsTable(hint.options ?? [], { note: hint.note, noteId: "hint-note" }),
    h("p", { class: ["note", "hint-marked"], text: "This deal is marked on the score sheet as played with hints." }));
}
