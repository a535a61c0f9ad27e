// A claim of the remaining tricks (docs/web.md, "Claims"): the panel every viewer sees while a claim stands, with
// the claimant's cards laid face up as at a real table, and Accept / Decline for a person the claim waits on. The
// "Claim the rest" button itself is the hand's (hand.js), offered only to the seat the server says may claim.

import { cardLabel, cardSvg } from "./cards.js";
import { fill, h } from "./dom.js";
import { seatName } from "./format.js";

export class ClaimView {
  /**
   * @param {Element} before  the element the panel is placed before (the player's choices)
   * @param {{send: (message: object) => boolean}} parts  `send` sends a websocket message
   */
  constructor(before, { send }) {
    this.send = send;
    this.key = null; // the claim drawn, as text: redrawn only when it changes (the keyboard stays where it was)
    this.panel = h("section", { class: "claim-panel", "data-testid": "claim-panel", "aria-labelledby": "claim-text", hidden: true });
    before.before(this.panel);
  }

  render(state) {
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
      asked && h("div", { class: "claim-answer" },
        h("button", { type: "button", class: "primary", "data-testid": "claim-accept", onclick: () => this.answer(true) }, "Accept"),
        h("button", { type: "button", "data-testid": "claim-decline", onclick: () => this.answer(false) }, "Decline")));
    if (asked) this.panel.querySelector("[data-testid=claim-accept]")?.focus();
  }

  answer(accept) {
    this.send({ type: "claim_answer", accept });
  }
}
