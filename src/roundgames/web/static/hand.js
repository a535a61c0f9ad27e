// The viewer's hand and the phase buttons: what may be played is highlighted, what may not is dimmed and says why
// when tried; several-card choices (Nap buy, the spare hand's keep) are picked first and sent with their button;
// with the table's confirm option, a first tap arms and a second tap on the same thing sends (UX 6, 7, 13).
// At a table in table mode a dimmed card (or a card out of turn in the play) may still be played: it is sent, and
// the server answers with the law it would bring into force, which the page asks the person to confirm.

import { cardBackSvg, cardLabel, cardName, cardSvg, cardsWords } from "./cards.js";
import { fill, h } from "./dom.js";
import { seatName } from "./format.js";

// The key that claims the remaining tricks where the claim is offered (the terminal's too).
export const CLAIM_KEY = "c";

// A prompt or a word of guidance, not a refusal: the message line shows it in the text's colour, not the error's.
const NEUTRAL = { neutral: true };

export class PlayControls {
  /**
   * @param {{hand: Element, actions: Element, hint: Element, act: (action: string) => boolean,
   *          say: (text: string, options?: {neutral?: boolean}) => void}} parts  `act` sends an action and says
   *          whether it could be sent; `say` shows a line, a refusal unless `neutral`; `claim` presses the
   *          "Claim the rest" button (claim.js), offered where the server says this seat may (`state.can_claim`).
   */
  constructor({ hand, actions, hint, act, say, claim = null }) {
    Object.assign(this, { hand, actions, hint, act, say, claim });
    this.state = null;
    this.turnKey = null; // legal actions and keeping, as text: a change starts the choosing afresh
    this.chosen = new Set(); // cards picked for a several-card action
    this.selected = null; // the card picked by a number key or a first tap
    this.armed = null; // "card:QH" or "action:stand": waiting for the confirming tap
  }

  get legal() {
    return this.state?.legal ?? [];
  }

  /** The several-card entry in force (Nap buy, keep), if any. */
  get chooser() {
    return this.legal.find((entry) => Array.isArray(entry.choose)) ?? null;
  }

  /** The cards shown: the ten to choose from while keeping the spare hand, else the hand. */
  get cards() {
    const keeping = this.state?.keeping;
    return keeping && this.chooser ? keeping.cards ?? [] : this.state?.hand ?? [];
  }

  entriesFor(card) {
    return this.legal.filter((entry) => entry.card === card);
  }

  render(state) {
    this.state = state;
    const key = JSON.stringify([state.legal, state.keeping]);
    if (key !== this.turnKey) {
      // The first state clears nothing: a refusal said before it (a revoked rejoin link's) stands.
      const changed = this.turnKey !== null;
      this.turnKey = key;
      this.chosen.clear();
      this.armed = null;
      if (!this.cards.includes(this.selected)) this.selected = null;
      if (changed) this.say(""); // the choices changed: advice about the old ones is stale
    }
    this.draw();
  }

  draw() {
    const focusKey = document.activeElement?.dataset?.card ?? document.activeElement?.dataset?.action;
    this.drawHand();
    this.drawActions();
    // Redrawing replaces the buttons: keep the keyboard where it was.
    if (focusKey) [...this.hand.children, ...this.actions.children].find((b) => (b.dataset.card ?? b.dataset.action) === focusKey)?.focus();
  }

  drawHand() {
    const choosing = Boolean(this.chooser);
    const yourTurn = this.legal.length > 0;
    // Only in the play, at his turn, are the cards that may not be played dimmed; while he declares, exchanges or
    // calls, the whole hand is what he judges, and it is drawn at full contrast.
    const playing = yourTurn && !choosing && this.state.deal?.phase === "play";
    const pam = this.state.deal?.pam ?? null;
    this.hand.classList.toggle("off-turn", !yourTurn);
    this.hand.classList.toggle("choosing", choosing);
    this.hand.classList.toggle("judging", yourTurn && !playing);
    const unseen = this.cards.length ? null : this.state.unseen;
    this.hand.classList.toggle("unseen", Boolean(unseen));
    if (unseen) return this.drawBacks(unseen);
    this.hand.style.setProperty("--n", Math.max(this.cards.length, 1));
    fill(this.hand, this.cards.map((card, i) => {
      const legal = choosing || this.entriesFor(card).length > 0;
      const dimmed = playing && !legal;
      const irregular = dimmed && this.mayBreakRules(card);
      const reason = this.state.illegal?.[card] ?? "";
      return h("button", {
        type: "button",
        class: ["card", legal ? "legal" : dimmed ? "illegal" : "held", irregular && "irregular",
          card === pam && "pam", this.chosen.has(card) && "chosen", this.selected === card && "selected",
          this.armed === `card:${card}` && "armed"],
        dataset: { card, index: i + 1 },
        "aria-label": cardLabel(card, pam),
        "aria-pressed": choosing ? String(this.chosen.has(card)) : null,
        title: !dimmed ? "" : irregular ? `${reason ? `${reason}. ` : ""}Table mode: it may be played anyway, and the law applies` : reason,
        html: cardSvg(card, { pam: card === pam }),
        onclick: () => this.tapCard(card),
      });
    }));
  }

  /** The cards held but not looked at yet, face down, and why (LOO-DECL-1: at his turn to declare he looks). */
  drawBacks({ cards, text, rule }) {
    this.hand.style.setProperty("--n", Math.max(cards, 1));
    const why = rule ? `${text} (${rule}).` : `${text}.`;
    fill(this.hand,
      h("div", { class: "backs", role: "img", "aria-label": `${cards} card${cards === 1 ? "" : "s"}, face down` },
        Array.from({ length: cards }, () => h("span", { class: "card back", html: cardBackSvg() }))),
      h("p", { class: "unseen-note", "data-testid": "unseen-note", text: why }));
  }

  drawActions() {
    const buttons = this.legal.filter((entry) => !entry.card).map((entry) => this.button(entry));
    // A card that can be played in more than one way ("play AT" or "play AT civil") offers each way.
    const ways = this.selected ? this.entriesFor(this.selected) : [];
    if (ways.length > 1) buttons.push(...ways.map((entry) => this.button(entry)));
    fill(this.actions, buttons);
    const chooser = this.chooser;
    // A card offered in more than one way says why (the ace of trumps led saying "Pam be civil", LOO5-4).
    const why = ways.length > 1 ? ways.find((entry) => entry.note)?.note ?? "" : "";
    this.hint.textContent = chooser ? this.chooseHint(chooser) : why || this.allPlayHint();
  }

  /** At his turn to declare under club law: why Throw up is not among his choices (LOO-VAR-CLUBLAW). */
  allPlayHint() {
    const deal = this.state.deal;
    if (!deal?.all_play || deal.phase !== "declare" || !this.legal.length) return "";
    return `${deal.all_play.text}: nobody may throw up (${deal.all_play.rule}).`;
  }

  button(entry) {
    const key = `action:${entry.action}`;
    // A several-card entry says how many are marked: "Exchange 2 cards" (LOO5-2).
    const marked = entry.choose ? this.cards.filter((c) => this.chosen.has(c)).length : 0;
    const label = marked ? `${entry.label} ${marked} card${marked === 1 ? "" : "s"}` : entry.label;
    return h("button", {
      type: "button", class: ["action", this.armed === key && "armed"], dataset: { action: entry.action },
      text: this.armed === key ? `${label}: tap again` : label,
      title: entry.key ? `Key: ${entry.key}` : null, "aria-keyshortcuts": entry.key ?? null,
      onclick: () => (entry.choose ? this.sendChosen(entry) : this.trigger(key, entry.action, entry.label)),
    });
  }

  chooseHint({ choose: [min, max], label }) {
    const count = min === max ? `${min}` : `${min} to ${max}`;
    const picked = this.cards.filter((c) => this.chosen.has(c));
    const stock = this.state.deal?.stock;
    // The stock's count bounds an exchange (LOO5-2): said where the cards are chosen.
    const left = stock !== null && stock !== undefined ? ` The stock holds ${stock} card${stock === 1 ? "" : "s"}.` : "";
    return `Pick ${count} card${max === 1 ? "" : "s"}, then ${label}. Picked ${picked.length}: `
      + `${picked.length ? cardsWords(picked) : "none"}.${left}`;
  }

  tapCard(card) {
    if (this.chooser) return this.toggleChosen(card);
    const way = this.onlyWay(card);
    if (!way) return;
    this.selected = card;
    this.trigger(`card:${card}`, way.action, cardName(card));
  }

  /**
   * Whether this card, which the rules forbid now, may still be played at this table: in table mode, in the play,
   * a card of the hand (RULES.md §5, §8). Strict tables never.
   */
  mayBreakRules(card) {
    const state = this.state;
    const deal = state?.deal;
    if (state?.table?.mode !== "table" || !deal || deal.complete || deal.phase !== "play") return false;
    return !this.chooser && !state.keeping && (state.hand ?? []).includes(card);
  }

  /** The one legal action a card stands for; otherwise explains why not, or asks which, and returns null. */
  onlyWay(card) {
    const ways = this.entriesFor(card);
    if (ways.length === 0) {
      // Table mode: send it; the server names the law and the page asks before it is sent again, confirmed.
      if (this.mayBreakRules(card)) this.act(`play ${card}`);
      else this.explain(card);
      return null;
    }
    if (ways.length > 1) {
      this.selected = card;
      this.say(`Choose how to play the ${cardName(card).toLowerCase()}.`, NEUTRAL);
      this.draw();
      return null;
    }
    return ways[0];
  }

  explain(card) {
    const reason = this.state.illegal?.[card];
    if (reason) return this.say(`${cardName(card)}: ${reason}`);
    const toAct = this.state.deal?.to_act;
    if (this.legal.length === 0 && toAct !== null && toAct !== undefined) {
      return this.say(`Wait: it is ${seatName(this.state, toAct)}'s turn.`, NEUTRAL);
    }
    const buttons = this.legal.filter((entry) => !entry.card).map((entry) => entry.label);
    const phase = this.state.deal?.phase;
    if (buttons.length && phase !== "play") {
      // Tapping a card before the play: say what the turn wants instead (the buttons), not a bare refusal.
      const first = { declare: "Declare first", call: "Call first", purchase: "Buy or stand first" }[phase] ?? "Choose first";
      const choices = buttons.length > 1 ? `${buttons.slice(0, -1).join(", ")} or ${buttons.at(-1)}` : buttons[0];
      return this.say(`${first}: ${choices}. The cards are played after that.`, NEUTRAL);
    }
    this.say(`${cardName(card)} cannot be played now.`);
  }

  toggleChosen(card) {
    if (this.chosen.has(card)) this.chosen.delete(card);
    else this.chosen.add(card);
    this.armed = null;
    this.draw();
  }

  sendChosen(entry) {
    const [min, max] = entry.choose;
    const picked = this.cards.filter((c) => this.chosen.has(c));
    if (picked.length < min || picked.length > max) {
      return this.say(`Pick ${min === max ? min : `${min} to ${max}`} cards first (you have picked ${picked.length}).`);
    }
    this.trigger(`action:${entry.action}`, [entry.action, ...picked].join(" "), entry.label);
  }

  /** Send now, or under the table's confirm option arm first and send on the second tap of the same thing. */
  trigger(key, action, label) {
    if (this.state.table?.confirm && this.armed !== key) {
      this.armed = key;
      this.say(`Tap ${label} again to confirm.`, NEUTRAL);
      return this.draw();
    }
    this.armed = null;
    if (this.act(action)) this.say("");
    this.draw();
  }

  // --- the keyboard (UX 14): number keys pick a card, Enter confirms ---

  /** Number key n (1 to 9, and 0 for the tenth, as n = 10): pick the n-th card (toggle it when choosing several). */
  pick(n) {
    const card = this.cards[n - 1];
    if (!card) return;
    if (this.chooser) this.toggleChosen(card);
    else {
      this.selected = card;
      this.armed = null;
      this.draw();
    }
    this.hand.querySelector(`[data-card="${card}"]`)?.focus();
  }

  /** Enter on a card (or with a card picked): play it, or send the several-card choice. */
  confirm(card = this.selected) {
    const chooser = this.chooser;
    if (chooser) return this.sendChosen(chooser);
    if (!card) return;
    const way = this.onlyWay(card);
    if (!way) return;
    // The number key (or first tap) was the first step; Enter is the second, so it sends even under confirm.
    this.armed = `card:${card}`;
    this.trigger(`card:${card}`, way.action, cardName(card));
  }

  /** A phase button's key (s for Stand, p for Pass, 3 for Call 3...): press that button; whether there was one. */
  press(key) {
    // c claims the remaining tricks, as at the terminal, where the claim is offered (no verb of a game has c)
    if (key === CLAIM_KEY && this.state?.can_claim && this.claim) {
      this.claim();
      return true;
    }
    const entry = this.legal.find((e) => e.key === key && !e.card);
    if (!entry) return false;
    this.actions.querySelector(`[data-action="${CSS.escape(entry.action)}"]`)?.click();
    return true;
  }

  clear() {
    this.selected = null;
    this.armed = null;
    this.draw();
  }
}
