// The seat badges: name, cards, tricks, balance, note, dealer button, whose turn, and how each seat is connected
// (online, away with its countdown, a bot playing it). The others go across the top; the viewer's own badge sits
// above the hand. On a phone (style.css, up to 480px wide) each badge shrinks to short lines, four to a row (UX 12):
// the name with its marks (a dot for online or away, "bot", the dealer's D), then cards, tricks and balance as
// numbers with small icons, then the note if any; a Peel single's face-up cards show as text ("10♥").

import { cardName, cardSvg, parseCard, pipSvg, rankText } from "./cards.js";
import { fill, h } from "./dom.js";
import { clock, epochMs, money, seatName, secondsUntil } from "./format.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The other seats in the order shown: from the viewer's left round to the viewer's right (all, to a spectator). */
export function seatOrder(state) {
  const seats = (state.seats ?? []).map((s, i) => s.seat ?? i);
  const you = seats.indexOf(state.you);
  return you < 0 ? seats : [...seats.slice(you + 1), ...seats.slice(0, you)];
}

/** "away 0:42" while a person's countdown runs; "away" once it has run out. */
export function awayText(awayUntil, now = Date.now()) {
  const left = secondsUntil(awayUntil, now);
  return left ? `away ${clock(left)}` : "away";
}

/** The phone badge's short form: "0:42" while the countdown runs, "away" after. */
export function awayShort(awayUntil, now = Date.now()) {
  const left = secondsUntil(awayUntil, now);
  return left ? clock(left) : "away";
}

/** The time left for the turn in hand: "0:08", counting down on the seat whose turn it is (for everyone). */
export function turnLeft(turnUntil, now = Date.now()) {
  return clock(secondsUntil(turnUntil, now) ?? 0);
}

/** The turn clock on the seat to act: on the badge's second line, where it never squeezes the name. */
function turnClock(seat, n) {
  const until = epochMs(seat.turn_until);
  return until && h("span", {
    class: "turn-clock", "data-testid": `turn-clock-${n}`, title: "Time left for this turn",
    text: turnLeft(until), dataset: { until, countdown: "turn" },
  });
}

/** A mark on a seat whose turns ran out (its bot played them), on the status line. */
function timedOut(seat, n) {
  return seat.timeouts > 0 && h("span", {
    class: "badge timed-out", "data-testid": `timeouts-${n}`, title: `${plural(seat.timeouts, "turn")} running ran out of time`,
    text: seat.timeouts >= 3 ? "away: out of time" : `out of time ×${seat.timeouts}`,
  });
}

/** A bot's badge with its strength: "sensible bot" ("bot" from a server that does not say). */
const botBadge = (seat) => h("span", { class: "badge bot", text: seat.bot ? `${seat.bot} bot` : "bot" });

function status(seat) {
  if (seat.kind === "bot") return botBadge(seat);
  const parts = [];
  if (seat.kind === "open") parts.push(h("span", { class: "badge open", text: "open" }));
  else if (seat.connected) parts.push(h("span", { class: "conn-dot online", text: "online" }));
  else {
    const until = epochMs(seat.away_until);
    parts.push(h("span", {
      class: "conn-dot away", text: awayText(seat.away_until),
      dataset: until ? { until, countdown: "away" } : {},
    }));
  }
  if (seat.bot_playing) parts.push(h("span", { class: "badge bot", text: seat.bot ? `${seat.bot} bot playing` : "bot playing" }));
  return parts;
}

/** The phone badge's marks on the name line, in place of the status line (aria-hidden: the label says it all). */
function marks(seat) {
  if (seat.kind === "bot") return h("span", { class: "badge bot", text: "bot", title: seat.bot ? `${seat.bot} bot` : "bot" });
  if (seat.kind === "open") return h("span", { class: "badge open", text: "open" });
  const parts = [];
  if (seat.connected) parts.push(h("span", { class: "conn-dot online", title: "online" }));
  else {
    const until = epochMs(seat.away_until);
    parts.push(h("span", {
      class: "conn-dot away", title: "away", text: awayShort(seat.away_until),
      dataset: until ? { until, countdown: "away-short" } : {},
    }));
  }
  if (seat.bot_playing) parts.push(h("span", { class: "badge bot", text: "bot" }));
  return parts;
}

/** A count with its word: "3 cards"; on a phone the word gives way to a small icon (style.css). */
function count(n, word, cls) {
  return h("span", { class: ["count", cls], title: plural(n, word) },
    h("span", { text: String(n) }), h("span", { class: "word", text: ` ${word}${n === 1 ? "" : "s"}` }));
}

/** A Peel single's face-up cards: small faces, or on a phone their rank and suit as text. */
function faceUp(cards) {
  return h("span", { class: "faces", role: "img", "aria-label": `face up: ${cards.map(cardName).join(", ")}` },
    cards.map((card) => {
      const parsed = parseCard(card);
      return h("span", { class: "face-up" },
        h("span", { class: "mini-card", html: cardSvg(card), dataset: { card } }),
        parsed && h("span", { class: `face-text suit-${parsed.suit}`, "aria-hidden": "true" },
          rankText(parsed.rank), h("span", { html: pipSvg(parsed.suit, { size: "0.85em" }) })));
    }));
}

function badge(state, seat, { muted, onMute }) {
  const n = seat.seat;
  const deal = state.deal;
  const you = n === state.you;
  const toAct = deal && deal.to_act === n && !deal.complete;
  const dealer = seat.dealer || deal?.dealer === n;
  const faces = deal?.faces?.[n] ?? deal?.faces?.[String(n)];
  const name = seatName(state, n);
  const words = [you ? `${name} (you)` : name, seat.kind === "bot" && (seat.bot ? `${seat.bot} bot` : "bot"), dealer && "dealer",
    plural(seat.cards ?? 0, "card"), plural(seat.tricks ?? 0, "trick"), `balance ${money(seat.balance ?? 0)}`,
    seat.note, seat.kind === "person" && (seat.connected ? "online" : "away"), seat.bot_playing && "bot playing",
    toAct && "to act", seat.timeouts > 0 && `out of time ${plural(seat.timeouts, "turn")} running`].filter(Boolean);
  const canMute = !you && seat.kind === "person";
  return h("div", {
    class: ["seat", you && "you", toAct && "to-act", `kind-${seat.kind}`, !seat.connected && seat.kind === "person" && "away"],
    "data-testid": `seat-${n}`, dataset: { seat: n }, role: "group", "aria-label": words.join(", "),
    "aria-current": toAct ? "true" : null,
  },
  h("div", { class: "seat-line head" },
    h("span", { class: "name", text: name }),
    you && h("span", { class: "badge you", "aria-hidden": "true", text: "you" }),
    h("span", { class: "marks", "aria-hidden": "true" }, marks(seat)),
    dealer && h("span", { class: "dealer-button", title: "Dealer", "aria-hidden": "true", text: "D" })),
  h("div", { class: "seat-line stats", "aria-hidden": "true" },
    count(seat.cards ?? 0, "card", "cards"),
    count(seat.tricks ?? 0, "trick", "tricks"),
    h("span", { class: ["balance", (seat.balance ?? 0) < 0 && "minus"], text: money(seat.balance ?? 0) }),
    turnClock(seat, n)),
  h("div", { class: "seat-line status", "aria-hidden": "true" }, status(seat), timedOut(seat, n),
    seat.note && h("span", { class: "note", text: seat.note })),
  Array.isArray(faces) && faces.length > 0 && faceUp(faces),
  canMute && h("button", {
    type: "button", class: "mute", "data-testid": `mute-${n}`, "aria-pressed": String(muted.has(n)),
    "aria-label": `${muted.has(n) ? "Unmute" : "Mute"} ${name}'s chat`,
    text: muted.has(n) ? "muted" : "mute", onclick: () => onMute(n),
  }));
}

/** Draw the others' badges into `others` and the viewer's own into `mine` (left empty for a spectator). */
export function renderSeats({ others, mine }, state, { muted, onMute }) {
  const bySeat = new Map((state.seats ?? []).map((s, i) => [s.seat ?? i, { ...s, seat: s.seat ?? i }]));
  const draw = (n) => badge(state, bySeat.get(n), { muted, onMute });
  fill(others, seatOrder(state).map(draw));
  fill(mine, bySeat.has(state.you) ? draw(state.you) : null);
}
