// The table's lifecycle above the trick (docs/web.md, "Gathering and Play again"): the gathering before the first
// sitting (who has sat down; the host's Start, Seat a bot and Open buttons), the last round's banner, Play again and
// Leave seat once the sitting is over, the banner of a seat played by its bot because its time ran out (with "I'm
// back"), and the notice that this device's seat moved to another one. The gathering invites friends by the table's
// own link (invite.js); the sitting's length is said in words ("Deal 3 of 5", "Last round", why play goes on), with
// the evening's running total over the sittings at the table.

import { byTestId, fill, h } from "./dom.js";
import { money, seatName } from "./format.js";
import { ApiError, stopSitting } from "./api.js";
import { invitePanel } from "./invite.js";
import { replayHrefFor } from "./replaylink.js";
import { seatFor } from "./store.js";

const seated = (state) => state.you !== null && state.you !== undefined;

/** Who sits where while the table gathers: a line per seat, with the host's buttons beside each. */
function gatheringPanel(state, send, say) {
  const g = state.gathering;
  const host = g.host;
  const amHost = seated(state) && state.you === host;
  const rows = (state.seats ?? []).map((seat, i) => {
    const n = seat.seat ?? i;
    const what = seat.kind === "person" ? `${seatName(state, n)}${n === host ? " (host)" : ""}`
      : seat.kind === "bot" ? `${seatName(state, n)} (${seat.bot ?? ""} bot)` : "open: waiting for a person";
    return h("li", { class: ["gather-seat", `kind-${seat.kind}`], "data-testid": `gather-seat-${n}` },
      h("span", { class: "where", text: `Seat ${n + 1}` }), h("span", { class: "who", text: what }),
      amHost && seat.kind === "open" && h("button", {
        type: "button", "data-testid": `seat-bot-${n}`, text: "Seat a bot",
        onclick: () => send({ type: "seat_bot", seat: n }),
      }),
      amHost && seat.kind === "bot" && h("button", {
        type: "button", "data-testid": `open-seat-${n}`, text: "Open for a person",
        onclick: () => send({ type: "open_seat", seat: n }),
      }));
  });
  const open = g.open.length;
  const waiting = open ? `${open} seat${open === 1 ? "" : "s"} open: the sitting starts when ${open === 1 ? "it is" : "they are"} taken`
    : "every seat is taken";
  const who = host === null || host === undefined ? "the first person to sit down" : seatName(state, host);
  return h("div", { class: "gathering", "data-testid": "gathering" },
    h("h2", { text: "Waiting for everyone to sit down" }),
    h("p", { "data-testid": "gathering-status", text: `No card is dealt until the sitting starts; ${waiting}.` }),
    h("ol", { class: "gather-seats" }, rows),
    amHost
      ? h("div", { class: "buttons" },
        h("button", { type: "button", class: "primary", "data-testid": "start-sitting", text: "Start the sitting",
          onclick: () => send({ type: "start" }) }),
        h("span", { class: "hint-text", text: open ? " Open seats are played by their bots until somebody sits." : "" }))
      : h("p", { "data-testid": "gathering-host", text: `${who} (the host) starts the sitting.` }),
    invitePanel(state, { say }), // below the host's Start, which a phone keeps in view
    seated(state) && h("button", { type: "button", "data-testid": "leave-seat", text: "Leave my seat",
      onclick: () => send({ type: "leave" }) }));
}

/** A sitting played "until we stop": the host ends it, after the deal in play (or at once between deals). */
function stopButton(state, say) {
  const sitting = state.sitting;
  const token = seatFor(state.table?.id)?.token;
  if (!sitting?.open_ended || sitting.stopping || sitting.over || state.gathering || !token) return null;
  if (!seated(state) || state.you !== state.host) return null;
  return h("p", { class: "stop-box", "data-testid": "stop-box" },
    "Playing until you stop. ",
    h("button", { type: "button", "data-testid": "end-sitting", text: "End the sitting after this deal",
      onclick: async (event) => {
        if (!window.confirm("End the sitting after this deal? Then the score is settled; Play again starts another.")) return;
        event.target.disabled = true;
        try {
          await stopSitting(state.table.id, token);
        } catch (error) {
          event.target.disabled = false;
          say(error instanceof ApiError ? error.message : String(error));
        }
      } }));
}

/** The evening at this table: each seat's total over every sitting so far, once there has been more than one (the
 *  first sitting's own settlement says the rest). */
function eveningLine(state) {
  const totals = state.sitting?.evening;
  if (!Array.isArray(totals) || (state.sitting?.number ?? 1) < 2) return null;
  const who = totals.map((amount, seat) => `${seatName(state, seat)} ${money(amount)}`).join(", ");
  return h("p", { class: "evening", "data-testid": "evening-total",
    text: `The evening so far (${state.sitting.number} sittings): ${who}.` });
}

/** Once the sitting is over: Play again, and Leave seat, for a seated person. */
function overPanel(state, send) {
  const sitting = state.sitting?.number ?? 1;
  return h("div", { class: "play-again", "data-testid": "play-again-box" },
    h("p", { text: `Sitting ${sitting} is over. Play again at this table with the same seats (another sitting; `
      + "the evening's total goes on), or leave yours." }),
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "primary", "data-testid": "play-again", text: "Play again",
        onclick: () => send({ type: "again" }) }),
      h("button", { type: "button", "data-testid": "leave-seat", text: "Leave my seat",
        onclick: () => send({ type: "leave" }) })),
    // Each deal of the sitting, step by step from any seat, by a link to share (replay.js); the score sheet has one a deal.
    (state.scores?.deals ?? []).length > 0 && h("p", {}, h("a", { "data-testid": "replay-sitting",
      href: replayHrefFor(state, 1), text: "Replay the deals" })));
}

/** The lifecycle box: `moved`, the text of a seat_lost message this page received, or null. */
export function renderLifecycle(el, state, { send, moved, say = () => {} }) {
  const parts = [];
  if (moved) parts.push(h("p", { class: "banner moved", role: "alert", "data-testid": "seat-moved", text: moved }));
  if (state.paused) {  // the store could not save the last action: nothing plays until it can
    parts.push(h("p", { class: "banner paused", role: "alert", "data-testid": "paused",
      text: `The table is paused: ${state.paused}` }));
  }
  if (state.gathering) parts.push(gatheringPanel(state, send, say));
  const sitting = state.sitting;
  // The server says when it is the last round or deal, and why play goes on past the rounds (LOO-END-1).
  if (sitting?.banner && !state.scores?.over && !state.gathering) {
    parts.push(h("p", { class: ["banner", "last-round", sitting.beyond && "beyond"], "data-testid": "last-round",
      text: `${sitting.banner}.` }));
  }
  parts.push(stopButton(state, say));
  const me = seated(state) ? state.seats?.[state.you] : null;
  if (me && me.timeouts >= 3) {
    parts.push(h("p", { class: "banner timed-out", "data-testid": "timed-out" },
      "Your time ran out three turns running: your bot plays for you. ",
      h("button", { type: "button", class: "primary", "data-testid": "back-button", text: "I'm back",
        onclick: () => send({ type: "back" }) })));
  }
  if (state.scores?.over && seated(state) && !state.gathering) parts.push(overPanel(state, send));
  // The evening's total when a sitting ends (never during play, where the hand needs the room).
  if (state.scores?.over) parts.push(eveningLine(state));
  const shown = parts.filter(Boolean); // a part with nothing to say is null
  fill(el, shown);
  el.hidden = shown.length === 0;
}

/** The top bar's line of the table: its clock in words ("Clock: normal, 30 s a turn"), none where it has none. */
export function renderBar(root, state) {
  const el = byTestId("clock-words", root);
  const clock = state.clock;
  el.hidden = !clock?.seconds;
  // The words in full, and in short for a phone's narrow bar (style.css shows one of them).
  fill(el, clock?.seconds ? [h("span", { class: "long", text: `Clock: ${clock.words}` }),
    h("span", { class: "short", text: `${clock.seconds} s a turn` })] : []);
  el.title = clock?.seconds ? "Each person's time for each turn; when it runs out, the seat's bot plays that turn" : "";
}
