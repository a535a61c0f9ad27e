// A claim of the remaining tricks (docs/web.md, "Claims"): the "Claim the rest" button beside the player's choices,
// offered only to the seat the server says may claim (its key, c, is read with the phase buttons' in hand.js); and
// the panel every viewer sees while a claim stands, with the claimant's cards laid face up as at a real table, and
// Accept / Decline for a person the claim waits on. The button is no legal action: it sits apart from them.

import { cardLabel, cardSvg } from "./cards.js";
import { fill, h } from "./dom.js";
import { seatName } from "./format.js";
import { CLAIM_KEY } from "./hand.js";
import { turnLeft } from "./seats.js";

const OFFER = "Claim the rest";

export class ClaimView {
  /**
   * @param {Element} controls  the player's choices: the panel is placed before them, the button after the phase buttons
   * @param {{send: (message: object) => boolean, say: (text: string, options?: object) => void}} parts  `send`
   *        sends a websocket message; `say` shows a line (a prompt, with `{neutral: true}`)
   */
  constructor(controls, { send, say }) {
    Object.assign(this, { send, say });
    this.state = null;
    this.key = null; // the claim drawn, as text: redrawn only when it changes (the keyboard stays where it was)
    this.armed = false; // under the table's confirm option: the first tap arms, the second claims
    this.panel = h("section", { class: "claim-panel", "data-testid": "claim-panel", "aria-labelledby": "claim-text", hidden: true });
    controls.before(this.panel);
    this.offer = h("button", {
      type: "button", class: "primary claim-offer", "data-testid": "claim-button", hidden: true, text: OFFER,
      title: `Lay your cards face up and claim every trick still to play: you take them whatever the others play. Key: ${CLAIM_KEY}`,
      "aria-keyshortcuts": CLAIM_KEY, onclick: () => this.claim(),
    });
    (controls.querySelector("[data-testid=actions]") ?? controls.lastChild).after(this.offer);
  }

  /** Claim (the button, or its key): under the table's confirm option a first press arms, the second sends. */
  claim() {
    if (!this.state?.can_claim) return;
    if (this.state.table?.confirm && !this.armed) {
      this.armed = true;
      this.offer.textContent = `${OFFER}: tap again`;
      this.say(`Tap ${OFFER} again to confirm.`, { neutral: true });
      return;
    }
    this.armed = false;
    this.offer.textContent = OFFER;
    if (this.send({ type: "claim" })) this.say("");
  }

  render(state) {
    this.state = state;
    const offered = Boolean(state.can_claim) && !state.claim;
    if (!offered && this.armed) {
      this.armed = false;
      this.offer.textContent = OFFER;
    }
    this.offer.hidden = !offered;
    const claim = state.claim ?? null;
    const key = JSON.stringify([claim, state.you]);
    if (key === this.key) return;
    this.key = key;
    this.panel.hidden = !claim;
    if (!claim) return fill(this.panel);
    const asked = claim.waiting.includes(state.you);
    const others = claim.waiting.filter((seat) => seat !== state.you).map((seat) => seatName(state, seat));
    const status = claim.accepted
      ? claim.evident ? "Every card is decisive: the tricks are played out." : "Accepted: the tricks are played out."
      : asked ? "Do you accept the claim?" : `Waiting for ${others.join(" and ")} to accept or decline.`;
    fill(this.panel,
      h("p", { class: "claim-text", id: "claim-text", "data-testid": "claim-text", text: `${claim.text}.` }),
      h("div", { class: "claim-cards", role: "list", "aria-label": `${seatName(state, claim.seat)}'s cards, face up` },
        claim.cards.map((card) => h("span", { class: "card claim-card", role: "listitem", "aria-label": cardLabel(card), html: cardSvg(card) }))),
      h("p", { class: "claim-status", role: "status", "data-testid": "claim-status", text: status }),
      // At a table with a turn clock the answer has a turn's time; then their bots answer (table.js counts it down).
      claim.answer_until && h("span", {
        class: "claim-clock", "data-testid": "claim-clock", title: "Time left to answer",
        dataset: { until: String(claim.answer_until), countdown: "turn" }, text: turnLeft(claim.answer_until),
      }),
      asked && h("div", { class: "claim-answer" },
        h("button", { type: "button", class: "primary", "data-testid": "claim-accept", onclick: () => this.answer(true) }, "Accept"),
        h("button", { type: "button", "data-testid": "claim-decline", onclick: () => this.answer(false) }, "Decline")));
    if (asked) this.panel.querySelector("[data-testid=claim-accept]")?.focus();
  }

  answer(accept) {
    this.send({ type: "claim_answer", accept });
  }
}
