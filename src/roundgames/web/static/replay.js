// The step-by-step replay of a finished deal (docs/web.md, "Replaying a deal"): the server sends every step as the
// chosen seat saw it (web/replay.py, made by the game's observer); this page only draws them and steps through them,
// by its buttons, its slider and the keys (arrows, Home, End). While the sitting goes on, a seated person replays his
// own seat's view, with his seat's token; once it is over, anyone with the link replays any seat's. The link names
// its sitting (`?sitting=1`), since deal numbers start again after Play again; without one, the sitting in play.

import { cardName, parseCard, pipSvg, rankText } from "./cards.js";
import { byTestId, fill, h, isTyping } from "./dom.js";
import { money } from "./format.js";
import { replayHref } from "./replaylink.js";
import { seatFor } from "./store.js";

const root = document.getElementById("replay");
const tableId = root.dataset.table;
const deal = Number(root.dataset.deal);
const query = new URLSearchParams(location.search);
const digits = (name) => (/^\d+$/.test(query.get(name) ?? "") ? Number(query.get(name)) : null);
// The sitting the link names (the server refuses a malformed one, naming it); none: the sitting in play.
const sittingAsked = query.has("sitting") ? query.get("sitting") : null;
const $ = (id) => byTestId(id, root);

let replay = null; // the server's answer for the seat shown
let at = 0; // the step shown, from 0 (as dealt)

/** A card drawn as rank and pip, named in words to a screen reader ("Queen of hearts"). */
function chip(code) {
  const card = parseCard(code);
  if (!card) return h("span", { text: code });
  return h("span", { class: ["chip", `suit-${card.suit}`], dataset: { card: code }, role: "img",
    "aria-label": cardName(code), title: cardName(code) },
  h("span", { "aria-hidden": "true" }, rankText(card.rank), h("span", { html: pipSvg(card.suit) })));
}

function chips(list, none = "none") {
  return h("span", { class: "chips" }, list?.length ? list.map(chip) : h("span", { text: none }));
}

const nameOf = (seat) => replay?.names?.[seat] ?? `Seat ${seat + 1}`;

function played(cards) {
  return cards.map((c, i) => h("span", { class: "played" }, i ? ", " : "", `${nameOf(c.seat)} `, chip(c.card)));
}

/** The seats as the seat shown saw them: declarations, cards held, tricks won, any hand lying face up. */
function seatRows(step) {
  return h("ul", { class: "replay-seats", "data-testid": "replay-seats" }, replay.names.map((name, seat) =>
    h("li", { class: [seat === replay.seat && "viewer", step.to_act === seat && "to-act"], "data-testid": `replay-seat-${seat}` },
      h("strong", { text: name }), seat === replay.dealer ? " (dealer)" : "", seat === replay.seat ? " (seen from here)" : "",
      `: ${step.cards[seat]} card${step.cards[seat] === 1 ? "" : "s"}`,
      step.notes[seat] ? `, ${step.notes[seat]}` : "",
      step.tricks_won[seat] ? `, ${step.tricks_won[seat]} trick${step.tricks_won[seat] === 1 ? "" : "s"}` : "",
      step.faces[String(seat)] ? h("span", {}, "; face up: ", chips(step.faces[String(seat)])) : "")));
}

/** The facts of the table at this step: trumps, the turn-up, and the observer's (the pot, the miss, a contract). */
function facts(step) {
  const items = [];
  if (step.turnup) items.push(h("li", {}, "Turn-up: ", chip(step.turnup)));
  items.push(h("li", { text: step.trump ? `Trumps: ${step.trump}` : step.no_trumps ?? "No trumps" }));
  // The pot is among the observer's facts (the pool, the kitty) with its rule: `pot` is not drawn again.
  if (step.peeped) items.push(h("li", {}, "Peeped at: ", chip(step.peeped)));
  for (const f of step.facts) {
    items.push(h("li", {}, f.label ? `${f.label}: ` : "", f.value, f.cards.length ? [" ", chips(f.cards)] : "",
      f.rule ? h("small", { class: "rule", text: ` (${f.rule})` }) : ""));
  }
  return h("ul", { class: "replay-facts", "data-testid": "replay-facts" }, items);
}

function drawStep() {
  const steps = replay.steps;
  const step = steps[at];
  const count = steps.length;
  const slider = $("replay-slider");
  slider.max = String(count);
  slider.value = String(at + 1);
  slider.setAttribute("aria-valuetext", `Step ${at + 1} of ${count}`);
  $("replay-counter").textContent = `Step ${at + 1} of ${count}`;
  $("replay-first").disabled = $("replay-back-step").disabled = at === 0;
  $("replay-forward").disabled = $("replay-last").disabled = at === count - 1;
  const whose = replay.seat;
  const you = seatFor(tableId)?.seat === whose && !replay.over ? "Your hand" : `${nameOf(whose)}'s hand`;
  fill($("replay-step"),
    h("h2", { text: at === 0 ? "As dealt" : `After action ${at} of ${count - 1}` }),
    h("ul", { class: "replay-said", "data-testid": "replay-said" }, step.said.map((line) => h("li", { text: line }))),
    step.to_act !== null && h("p", { class: "turn", "data-testid": "replay-to-act", text: `${nameOf(step.to_act)} to act` }),
    seatRows(step),
    facts(step),
    h("p", { "data-testid": "replay-trick" }, "On the table: ", step.trick.length ? played(step.trick) : "nothing"),
    step.last_trick && h("p", { "data-testid": "replay-last-trick" }, "Last trick: ", played(step.last_trick.cards),
      `; ${nameOf(step.last_trick.winner)} won it`),
    h("p", { class: "replay-hand", "data-testid": "replay-hand" }, `${you}: `, chips(step.hand),
      step.unseen ? h("span", { class: "note", text: ` and ${step.unseen} card${step.unseen === 1 ? "" : "s"} not looked at yet (LOO-DECL-1)` }) : ""),
    step.result && h("section", { class: "replay-result", "data-testid": "replay-result" },
      h("h3", { text: "The result" }), h("p", { text: step.result }),
      h("p", { text: step.net.map((v, s) => `${nameOf(s)} ${money(v)}`).join(", ") })));
}

/** Every card dealt, shown once the sitting is over (as the deal records download then). */
function drawDealt() {
  const box = $("replay-dealt");
  box.hidden = !replay.dealt;
  if (!replay.dealt) return;
  fill(box, h("summary", { text: "Every card dealt" }),
    h("ul", {}, replay.dealt.hands.map((hand, seat) => h("li", {}, `${nameOf(seat)}: `, chips(hand))),
      Object.entries(replay.dealt.heaps).map(([heap, list]) => h("li", {}, `${heap}: `, chips(list)))));
}

/** Links to the sitting's other finished deals, from the same seat (once the sitting is over; before it, a person's
 *  own deals, which the server checks), and, after Play again, to the first deal of each of the table's sittings. */
function drawDeals() {
  const links = (count, shown, href, id) => Array.from({ length: count }, (_, i) => i + 1).flatMap((n) => [
    n === shown ? h("strong", { "aria-current": "page", text: String(n) })
      : h("a", { href: href(n), "data-testid": `${id}-${n}`, text: String(n) }), " "]);
  const deals = links(replay.deals, replay.deal, (n) => replayHref(tableId, replay.sitting, n, replay.seat), "replay-deal");
  // The sitting in play may still go on, where a person replays from his own seat alone.
  const seatIn = (k) => (k === replay.sittings ? seatFor(tableId)?.seat ?? replay.seat : replay.seat);
  const sittings = replay.sittings > 1
    ? links(replay.sittings, replay.sitting, (k) => replayHref(tableId, k, 1, seatIn(k)), "replay-sitting")
    : [];
  fill($("replay-deals"), sittings.length ? ["Sittings: ", ...sittings, "· "] : null, "Deals: ", deals);
}

/** The seat chooser: every seat once the sitting is over; before that the viewer's own alone. */
function drawSeats() {
  const select = $("replay-seat");
  const seats = replay.over ? replay.names.map((_, s) => s) : [replay.seat];
  fill(select, seats.map((s) => h("option", { value: String(s), selected: s === replay.seat, text: nameOf(s) })));
  select.disabled = seats.length < 2;
  $("replay-copy").hidden = !replay.over;
  const sitting = replay.sittings > 1 ? `sitting ${replay.sitting}, ` : "";
  const about = `${replay.title}, ${sitting}deal ${replay.deal} of ${replay.deals}, as ${nameOf(replay.seat)} saw it.`;
  $("replay-about").textContent = replay.over ? about
    : `${about} While the sitting goes on you replay from your own seat; once it is over, anyone with the link may replay any seat.`;
}

function go(step) {
  if (!replay) return;
  at = Math.min(Math.max(step, 0), replay.steps.length - 1);
  drawStep();
}

async function ask(seat, token) {
  // Once a replay is shown, its sitting by number: a sitting begun meanwhile does not change what the page shows.
  const sitting = replay?.sitting ?? sittingAsked;
  const asked = new URLSearchParams();
  if (sitting !== null) asked.set("sitting", String(sitting));
  if (seat !== null) asked.set("seat", String(seat));
  const search = asked.toString() ? `?${asked}` : "";
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay/${deal}${search}`, { headers });
  const data = await response.json().catch(() => null);
  return { status: response.status, data };
}

/** Ask for the replay from `seat`: without a token first (anyone's once the sitting is over), then with this
 *  browser's seat token where the sitting goes on. */
async function load(seat) {
  $("replay-status").textContent = "Loading the deal…";
  let answer;
  try {
    answer = await ask(seat, null);
    const token = seatFor(tableId)?.token;
    if (answer.status === 409 && token) answer = await ask(seat, token);
  } catch {
    $("replay-status").textContent = "The server cannot be reached; check the connection and reload the page.";
    return;
  }
  if (answer.status !== 200) {
    $("replay-status").textContent = answer.data?.error?.message ?? `The server answered ${answer.status}.`;
    return;
  }
  replay = answer.data;
  // The address bar holds the link to share: this deal of this sitting, from this seat.
  history.replaceState(null, "", replay.link);
  $("replay-status").textContent = `Seen from ${nameOf(replay.seat)}'s seat.`;
  $("replay-slider").disabled = false;
  drawSeats();
  drawDeals();
  drawDealt();
  go(at);
}

async function copyLink() {
  const link = `${location.origin}${replay.link}`;
  try {
    await navigator.clipboard.writeText(link);
    $("replay-status").textContent = `Link copied: ${link}`;
  } catch {
    window.prompt("The replay's link:", link);
  }
}

$("replay-first").addEventListener("click", () => go(0));
$("replay-back-step").addEventListener("click", () => go(at - 1));
$("replay-forward").addEventListener("click", () => go(at + 1));
$("replay-last").addEventListener("click", () => go(Infinity));
$("replay-slider").addEventListener("input", (event) => go(Number(event.target.value) - 1));
$("replay-seat").addEventListener("change", (event) => load(Number(event.target.value)));
$("replay-copy").addEventListener("click", copyLink);
document.addEventListener("keydown", (event) => {
  if (!replay || event.altKey || event.ctrlKey || event.metaKey) return;
  if (isTyping(event.target) && event.target.id !== "replay-slider") return; // the seat chooser keeps its arrows
  if (event.target.id === "replay-slider" && event.key.startsWith("Arrow")) return; // the slider steps by itself
  const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
});

load(digits("seat") ?? seatFor(tableId)?.seat ?? null);
