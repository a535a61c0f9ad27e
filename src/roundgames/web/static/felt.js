// What lies on the felt besides the trick: the turn-up, big enough to read on a phone (UX 12), and before the play
// the table talk a player judges his hand by: who has declared what (Loo), the call to beat (Nap). The felt is never
// an empty green field while the player must decide.

import { cardLabel, cardSvg, parseCard } from "./cards.js";
import { byTestId, fill, h } from "./dom.js";
import { contractText, seatName } from "./format.js";

const BEFORE_PLAY = new Set(["declare", "call", "purchase"]);

/** The turn-up in the felt's corner, and (before the play) what has been declared or called so far. */
export function renderFelt(root, state) {
  const deal = state.deal;
  const turnup = byTestId("felt-turnup", root);
  const live = deal && !deal.complete && deal.phase !== "complete";
  if (live && deal.turnup && parseCard(deal.turnup)) {
    fill(turnup,
      h("span", { class: "felt-card", html: cardSvg(deal.turnup, { pam: deal.turnup === deal.pam }), role: "img",
        "aria-label": `Turn-up: ${cardLabel(deal.turnup, deal.pam)}` }),
      h("span", { class: "felt-caption", text: "Turn-up" }));
    turnup.dataset.card = deal.turnup;
    turnup.hidden = false;
  } else {
    fill(turnup);
    delete turnup.dataset.card;
    turnup.hidden = true;
  }
  const talk = byTestId("felt-talk", root);
  const before = live && BEFORE_PLAY.has(deal.phase) && !(deal.trick ?? []).length;
  talk.hidden = !before;
  fill(talk, ...(before ? talkLines(state) : []));
}

function talkLines(state) {
  const deal = state.deal;
  const lines = [];
  if (deal.phase === "call" || deal.high_call !== undefined) {
    const high = deal.high_call;
    lines.push(h("p", { class: "felt-high", dataset: { testid: "felt-high-call" },
      text: high ? `To beat: ${contractText(high.call)} by ${seatName(state, high.seat, { you: true })}` : "No call yet" }));
  }
  if (deal.phase === "declare" && deal.all_play) {
    // Club law: why nobody is offered Throw up this deal (LOO-VAR-CLUBLAW).
    lines.push(h("p", { class: "felt-law", dataset: { testid: "felt-all-play" },
      text: `${deal.all_play.text}: nobody may throw up (${deal.all_play.rule})` }));
  }
  const notes = (deal.notes ?? []).map((note, seat) => [seat, note]).filter(([, note]) => note);
  if (notes.length) {
    lines.push(h("ul", { class: "felt-notes" },
      ...notes.map(([seat, note]) => h("li", { text: `${seatName(state, seat, { you: true })}: ${note}` }))));
  } else if (deal.phase === "declare") {
    lines.push(h("p", { class: "felt-none", text: "Nobody has declared yet" }));
  }
  return lines;
}
