// The middle of the table: the info panel (phase, turn, pool or kitty, trumps, Nap contract), the trick, and the
// finished deal's result. A finished trick is held in view for the player's chosen pause, or until tapped (UX 8).

import { cardLabel, cardName, cardSvg, parseCard, pipSvg, suitTitle } from "./cards.js";
import { byTestId, fill, h } from "./dom.js";
import { contractText, epochMs, money, secondsUntil, seatName, turnText } from "./format.js";
import { trickMoves } from "./motion.js";
import { renderReplayLink } from "./replaylink.js";

function trickCard(state, { seat, card }, winner = null) {
  const who = seatName(state, seat, { you: true });
  const pam = state.deal?.pam ?? null;
  return h("figure", {
    class: ["trick-card", seat === winner && "winner", card === pam && "pam"], dataset: { card, seat },
    "aria-label": `${who}: ${cardLabel(card, pam)}${seat === winner ? ", wins" : ""}`,
  },
  h("span", { class: "card-face", html: cardSvg(card, { pam: card === pam }) }),
  h("figcaption", { text: who }));
}

function trumpBadge(suit) {
  return h("span", { class: `trump-badge suit-${suit}` },
    h("span", { html: pipSvg(suit, { size: "1.1em" }) }), `Trumps: ${suitTitle(suit)}`);
}

/** The info panel: always in view, so pool and trumps never need looking for (UX 7). */
export function renderInfo(root, state) {
  const deal = state.deal;
  byTestId("phase", root).textContent = deal?.phase ?? "";
  // "Deal 3 of 5" where the server counts the sitting's deals (state.sitting.words); else the deal's number.
  byTestId("deal-number", root).textContent = deal ? (state.sitting?.words ?? `Deal ${deal.number}`) : "Waiting for the first deal";
  const turn = byTestId("turn", root);
  turn.textContent = turnText(state);
  turn.classList.toggle("yours", turn.textContent === "Your turn");

  // The pot in the game's word for it, as the server says it ("Pool 12", "Kitty 4"; empty where there is none).
  byTestId("pool", root).textContent = state.pot ?? "";

  const trump = byTestId("trump", root);
  if (!deal) fill(trump);
  else {
    fill(trump,
      deal.turnup && parseCard(deal.turnup) && h("span", {
        class: "mini-card", html: cardSvg(deal.turnup, { pam: deal.turnup === deal.pam }), dataset: { card: deal.turnup },
        title: `Turn-up: ${cardLabel(deal.turnup, deal.pam)}`, "aria-label": `Turn-up: ${cardLabel(deal.turnup, deal.pam)}`,
        role: "img",
      }),
      // While no trump is fixed, the server's words say why (NAP-PLAY-1, NAP-PLAY-5).
      deal.trump ? trumpBadge(deal.trump) : h("span", { class: "hint", text: deal.no_trumps ?? "No trumps" }));
  }

  const contract = byTestId("contract", root);
  const parts = [];
  if (deal?.phase === "call" && !deal.contract) {
    // While calling, the call to beat (NAP-CALL-2) is what each caller weighs his hand against.
    const high = deal.high_call;
    parts.push(high ? `Highest call: ${contractText(high.call)} (${seatName(state, high.seat, { you: true })})` : "No call yet");
  }
  if (deal?.contract) parts.push(`${seatName(state, deal.declarer, { you: true })}: ${contractText(deal.contract)}`);
  else if (deal && deal.declarer !== null && deal.declarer !== undefined) parts.push(`Declarer: ${seatName(state, deal.declarer, { you: true })}`);
  if (deal?.multiplier > 1) parts.push(`stakes ×${deal.multiplier}`);
  if (deal?.widow && parseCard(deal.widow)) parts.push(`Widow: ${cardName(deal.widow)}`); // seen by peeping
  if (deal?.kind_text) parts.push(deal.kind_text); // a deal of a kind other than the usual one, in the server's words
  // Five-card and Irish Loo: what the stock still holds for exchanges (LOO5-2), and which card is Pam (LOO5-3).
  if (deal?.stock !== null && deal?.stock !== undefined) parts.push(`Stock: ${deal.stock} card${deal.stock === 1 ? "" : "s"}`);
  if (deal?.pam) parts.push(`Pam: ${cardName(deal.pam)}`);
  contract.textContent = parts.join(" · ");
}

/** What each seat won or paid this deal, from deal.net (an array by seat, or an object keyed by seat). */
function netText(state, net) {
  if (!net) return "";
  const entries = Array.isArray(net) ? net.map((v, i) => [i, v]) : Object.entries(net);
  return entries.map(([seat, amount]) => {
    const n = Number(seat);
    return `${Number.isInteger(n) ? seatName(state, n, { you: true }) : seat} ${money(amount)}`;
  }).join(" · ");
}

/** The result box: the finished deal, its payments, the countdown to the next and the button that skips it. */
export function renderResult(root, state, { seated }) {
  const deal = state.deal;
  const over = Boolean(state.scores?.over);
  const finished = !deal || deal.complete || deal.phase === "complete";
  const box = byTestId("result-box", root);
  byTestId("deal-result", root).textContent = deal?.result ?? "";
  byTestId("deal-net", root).textContent = deal?.complete ? netText(state, deal.net) : "";
  const looed = (deal?.looed ?? []).map((s) => seatName(state, s, { you: true }));
  // deal.result usually names the looed already; say it only when the result line is missing.
  byTestId("deal-looed", root).textContent = looed.length && !deal?.result ? `Looed: ${looed.join(", ")}` : "";
  const countdown = byTestId("next-countdown", root);
  const at = epochMs(state.next_deal_at);
  if (at && !over) {
    countdown.dataset.until = at; // the page's ticker counts it down between messages
    countdown.dataset.countdown = "next";
    countdown.textContent = nextText(at);
  } else {
    delete countdown.dataset.until;
    countdown.textContent = over ? "The sitting is over: see the score for the settlement." : "";
  }
  const next = byTestId("next-deal", root);
  next.hidden = !seated || over || !finished;
  next.textContent = deal ? "Next deal" : "Deal";
  renderReplayLink(byTestId("replay-deal", root), state);
  box.hidden = !(deal?.result || deal?.complete || at || over || (!deal && seated));
}

export function nextText(at, now = Date.now()) {
  const left = secondsUntil(at, now);
  return left ? `Next deal in ${left} s` : "Next deal starting…";
}

/**
 * The trick in the centre. When a trick is completed (deal.last_trick changes), it stays for the pause in the
 * settings or until tapped; "Last trick" shows the previous one the same way.
 */
export class TrickView {
  constructor(el, { pauseSeconds }) {
    this.el = el;
    this.pauseSeconds = pauseSeconds;
    this.lastKey = undefined; // undefined until the first state: the trick in view on arrival is not "new"
    this.held = null; // {cards, winner, peek}
    this.timer = null;
    this.state = null;
    el.addEventListener("click", () => this.release());
  }

  render(state) {
    this.state = state;
    const last = state.deal?.last_trick ?? null;
    const key = state.deal ? `${state.deal.number}:${JSON.stringify(last)}` : null;
    if (this.lastKey !== undefined && key !== this.lastKey && last?.cards?.length) this.hold(last, false);
    // Table mode's replay took every card of this deal back (LOO-LAW-0b, NAP-LAW-6): no trick is left to hold.
    // (A new deal has no last trick either, but the last one of the deal before stays in view for its pause.)
    const sameDeal = state.deal && this.lastKey?.startsWith(`${state.deal.number}:`);
    if (sameDeal && this.lastKey !== `${state.deal.number}:null` && !last?.cards?.length) this.release();
    this.lastKey = key;
    this.draw();
  }

  hold(trick, peek) {
    clearTimeout(this.timer);
    const seconds = peek ? Math.max(3, this.pauseSeconds()) : this.pauseSeconds();
    if (seconds <= 0) return (this.held = null);
    this.held = { ...trick, peek };
    this.timer = setTimeout(() => this.release(), seconds * 1000);
  }

  /** Show the last trick again (the "Last trick" button); pressing it again puts the live trick back. */
  peek() {
    const last = this.state?.deal?.last_trick;
    if (this.held?.peek || !last?.cards?.length) this.release();
    else {
      this.hold(last, true);
      this.draw();
    }
  }

  release() {
    clearTimeout(this.timer);
    if (!this.held) return;
    this.held = null;
    this.draw();
  }

  draw() {
    const state = this.state;
    if (!state) return;
    const held = this.held;
    const cards = held ? held.cards : state.deal?.trick ?? [];
    const winner = held ? held.winner : null;
    this.el.classList.toggle("held", Boolean(held));
    this.el.title = held ? "Tap to collect the trick" : "";
    const caption = held && h("p", { class: "trick-caption" },
      `${held.peek ? "Last trick: " : ""}${seatName(state, winner, { you: true })} ${winner === state.you ? "win" : "wins"}`
      + " the trick · tap to collect");
    // Card movement (motion.js): measured before the trick is drawn anew, moved once it is; the drawing never waits.
    const moves = trickMoves(this.el);
    fill(this.el, h("div", { class: "trick-cards" }, cards.map((c) => trickCard(state, c, winner))), caption);
    moves.play(state);
  }
}
