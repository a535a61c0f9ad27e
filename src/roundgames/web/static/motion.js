// Cards that move: dealt cards slide from the dealer into the hand, a played card moves from its seat (or the
// viewer's hand) to its place in the trick, a finished trick gathers toward its winner, the turn-up flips over.
// Every move is FLIP: the page draws each state at once as it always did; the card's place is measured before and
// after that drawing and the card is then animated from where it was to where it now is. So nothing waits on a
// move: a message that comes mid-move is drawn at once, and the cards drawn anew take up the move from where they
// were seen. The cards that leave (a trick gathered) fly as copies in a layer of their own, gone when they land.
// Moves are short (150-350 ms); there are none while the system asks for reduced motion or the person turned
// "Card movement" off (settings.js), and the page's transitions stop with them then (style.css).

import { movementOn } from "./settings.js";

const PLAY_MS = 260; // a card to the trick
const GATHER_MS = 300; // a finished trick to its winner
const SLIDE_MS = 220; // a card already in view to its new place (the hand closing up, the trick re-centred)
const DEAL_MS = 230; // a dealt card from the dealer; the cards follow one another within DEAL_SPREAD
const DEAL_SPREAD = 120;
const FLIP_MS = 220; // the turn-up, and a hand looked at (LOO-DECL-1)
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";
const REDUCED = window.matchMedia?.("(prefers-reduced-motion: reduce)") ?? null;

/** Whether cards move now: the person's setting, and the system's preference read afresh each time. */
export function motionAllowed() {
  return movementOn() && !REDUCED?.matches;
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const drawn = (r) => r.width > 0 && r.height > 0;
const moved = (a, b) => Math.abs(a.left - b.left) > 1 || Math.abs(a.top - b.top) > 1 || Math.abs(a.width - b.width) > 1;

/**
 * Move `el` from the rectangle `from` to where it is drawn now. `scale` overrides the starting size (a card out
 * of a seat's badge starts small); the element is marked `in-motion` while it moves (style.css: it takes no taps
 * and passes over its neighbours).
 */
function glide(el, from, { duration, delay = 0, scale = null, fade = false }) {
  const to = el.getBoundingClientRect();
  if (!drawn(from) || !drawn(to)) return null;
  const a = centre(from);
  const b = centre(to);
  const size = scale ?? from.width / to.width;
  const start = { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${size})`, opacity: fade ? 0.3 : 1 };
  return animate(el, [start, { transform: "none", opacity: 1 }], { duration, delay });
}

function animate(el, frames, { duration, delay = 0 }) {
  el.classList.add("in-motion");
  const move = el.animate(frames, { duration, delay, easing: EASE, fill: "backwards" });
  const done = () => el.classList.remove("in-motion");
  move.addEventListener("finish", done);
  move.addEventListener("cancel", done);
  return move;
}

/** A seat's badge (the viewer's own above the hand, the others' across the top). */
function seatRect(seat) {
  const badge = seat === null || seat === undefined ? null : document.querySelector(`.seat[data-seat="${seat}"]`);
  return badge ? badge.getBoundingClientRect() : null;
}

// --- the trick ------------------------------------------------------------------------------------------------------

const trickKey = (fig) => `${fig.dataset.seat}:${fig.dataset.card}`;
const face = (fig) => fig.querySelector(".card-face") ?? fig;
let landed = { deal: null, keys: new Set() }; // the cards of the deal in hand already brought to the trick
let trickSeen = false; // whether the page has drawn a trick yet: the one found on arrival was played unseen

/**
 * Measure the trick before it is drawn again (centre.js); the answer's `play(state)`, called once it is drawn,
 * moves what changed: a card new to the trick comes from the viewer's hand (still drawn: the hand is drawn after
 * the trick) or from its seat; a card still there slides to its new place; a trick that left gathers toward its
 * winner (the winner marked on the held trick, else the deal's last trick's).
 */
export function trickMoves(el) {
  if (!motionAllowed()) return { play: () => {} };
  const before = new Map();
  let winner = null;
  for (const fig of el.querySelectorAll(".trick-card")) {
    before.set(trickKey(fig), { rect: face(fig).getBoundingClientRect(), face: face(fig) });
    if (fig.classList.contains("winner")) winner = fig.dataset.seat;
  }
  return { play: (state) => settleTrick(el, before, winner, state) };
}

function settleTrick(el, before, heldWinner, state) {
  const deal = state.deal?.number ?? null;
  if (landed.deal !== deal) landed = { deal, keys: new Set() };
  const first = !trickSeen; // the trick found on arrival was played before this page saw it: it stays put
  trickSeen = true;
  const now = new Set();
  for (const fig of el.querySelectorAll(".trick-card")) {
    const key = trickKey(fig);
    now.add(key);
    const old = before.get(key);
    if (old) {
      if (moved(old.rect, face(fig).getBoundingClientRect())) glide(face(fig), old.rect, { duration: SLIDE_MS });
    } else if (!landed.keys.has(key) && !first) {
      bringIn(fig, state);
    }
    landed.keys.add(key);
  }
  const gone = [...before].filter(([key]) => !now.has(key));
  const lastTrick = state.deal?.last_trick;
  const inLast = (key) => (lastTrick?.cards ?? []).some((c) => `${c.seat}:${c.card}` === key);
  const winner = heldWinner ?? (gone.length && gone.every(([key]) => inLast(key)) ? lastTrick.winner : null);
  if (gone.length && winner !== null && winner !== undefined) gather(gone, seatRect(winner));
}

/** A card new to the trick: from the viewer's hand if it was there, else out of its seat's badge. */
function bringIn(fig, state) {
  const { seat, card } = fig.dataset;
  const mine = Number(seat) === state.you
    ? document.querySelector(`[data-testid=hand] [data-card="${CSS.escape(card)}"] svg`) : null;
  const from = mine?.getBoundingClientRect();
  if (from && drawn(from)) glide(face(fig), from, { duration: PLAY_MS });
  else {
    const badge = seatRect(Number(seat));
    if (badge) glide(face(fig), badge, { duration: PLAY_MS, scale: 0.45, fade: true });
  }
}

/** The cards of a trick gone from the centre fly to the winner's badge as copies, and are removed once there. */
function gather(gone, target) {
  if (!target || !drawn(target)) return;
  const layer = motionLayer();
  const to = centre(target);
  for (const [, { rect, face: shown }] of gone) {
    if (!drawn(rect)) continue;
    const ghost = shown.cloneNode(true);
    ghost.className = "card-face motion-ghost";
    const { left, top, width, height } = rect;
    Object.assign(ghost.style, { left: `${left}px`, top: `${top}px`, width: `${width}px`, height: `${height}px` });
    layer.append(ghost);
    const from = centre(rect);
    const move = ghost.animate([
      { transform: "none", opacity: 1 },
      { transform: `translate(${to.x - from.x}px, ${to.y - from.y}px) scale(0.35)`, opacity: 0 },
    ], { duration: GATHER_MS, easing: EASE, fill: "forwards" });
    const remove = () => ghost.remove();
    move.addEventListener("finish", remove);
    move.addEventListener("cancel", remove);
  }
}

/** The layer the gathered cards fly in: over the table, hidden from assistive technology, taking no taps. */
function motionLayer() {
  let layer = document.querySelector(".motion-layer");
  if (!layer) {
    layer = document.createElement("div");
    layer.className = "motion-layer";
    layer.setAttribute("aria-hidden", "true");
    document.body.append(layer);
  }
  return layer;
}

// --- the hand and the turn-up ---------------------------------------------------------------------------------------

/** A card of the hand by what it shows: its code, or its place among the backs. */
function handCards(root) {
  const found = new Map();
  root.querySelectorAll("[data-testid=hand] .card").forEach((card, i) => {
    const svg = card.querySelector("svg");
    if (svg) found.set(card.dataset.card ?? `back:${i}`, svg);
  });
  return found;
}

/**
 * The table's moves around each drawing of a state (table.js): `before()` measures the hand, `after(state)` moves
 * it. A new deal slides the hand in from the dealer's badge, one card after another, and flips the turn-up; a hand
 * looked at (backs to faces, LOO-DECL-1) turns over; a card that kept its place in a hand drawn anew slides there
 * from where it was seen. The first state the page draws moves nothing. The cards are animated inside their buttons,
 * so a button stays where it is, to be tapped at once.
 */
export class TableMotion {
  constructor(root) {
    this.root = root;
    this.deal = undefined; // undefined until the first state is drawn
    this.turnup = null;
    this.rects = new Map();
    this.backs = false;
  }

  before() {
    this.rects = new Map();
    if (!motionAllowed()) return;
    for (const [key, svg] of handCards(this.root)) this.rects.set(key, svg.getBoundingClientRect());
  }

  after(state) {
    const deal = state.deal?.number ?? null;
    const turnup = state.deal?.turnup ?? null;
    const cards = handCards(this.root);
    const backs = [...cards.keys()].some((key) => key.startsWith("back:"));
    const known = this.deal !== undefined;
    if (known && motionAllowed()) {
      if (deal !== null && deal !== this.deal) this.dealIn(cards, state);
      else if (this.backs && !backs && cards.size) this.turnOver(cards);
      else this.closeUp(cards);
      if (turnup && turnup !== this.turnup) this.flipTurnup();
    }
    Object.assign(this, { deal, turnup, backs });
  }

  dealIn(cards, state) {
    const from = seatRect(state.deal?.dealer);
    if (!from) return;
    const gap = cards.size > 1 ? Math.min(40, DEAL_SPREAD / (cards.size - 1)) : 0;
    [...cards.values()].forEach((svg, i) =>
      glide(svg, from, { duration: DEAL_MS, delay: i * gap, scale: 0.4, fade: true }));
  }

  turnOver(cards) {
    for (const svg of cards.values()) {
      animate(svg, [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }], { duration: FLIP_MS });
    }
  }

  closeUp(cards) {
    for (const [key, svg] of cards) {
      const was = this.rects.get(key);
      if (was && moved(was, svg.getBoundingClientRect())) glide(svg, was, { duration: SLIDE_MS });
    }
  }

  flipTurnup() {
    const card = this.root.querySelector("[data-testid=felt-turnup] .felt-card");
    if (card) {
      animate(card, [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }],
        { duration: FLIP_MS, delay: DEAL_SPREAD });
    }
  }
}
