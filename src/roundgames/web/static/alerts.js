// Telling the player what happened without their looking (UX 11, 14): the "● " mark in the tab title on their turn,
// its sound (sound.js), an optional desktop notification, and the ARIA live region that reads out plays, tricks and
// chat.

import { settings } from "./settings.js";
import { cueSound } from "./sound.js";

const MARK = "● ";
// The deal line too: it says who deals and the turn-up in words ("the turn-up is the ten of diamonds").
const SPOKEN_KINDS = new Set(["deal", "action", "law", "trick", "result", "chat"]);
const LIVE_LINES = 6; // a screen reader reads additions; old lines are only trimmed so the region stays small

/** Read a line aloud through the live region (id "announce"). */
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > LIVE_LINES) region.firstElementChild.remove();
}

/** Announce the new log entries worth hearing; hidden chat (`hidden(seat)`: a muted seat, or a spectator's under
 *  the setting) stays silent. */
export function announceEntries(entries, hidden) {
  for (const e of entries) {
    if (!SPOKEN_KINDS.has(e.kind)) continue;
    if (e.kind === "chat" && hidden(e.seat ?? null)) continue;
    announce(e.text);
  }
}

function notify(title) {
  if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) return;
  try {
    const note = new Notification(title, { body: "It is your turn.", tag: "roundgames-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  } catch {
    // Some mobile browsers allow notifications only from a service worker; the other alerts remain.
  }
}

/** Watches the state for the start of the viewer's turn. */
export class TurnAlert {
  constructor(baseTitle) {
    this.baseTitle = baseTitle;
    this.yourTurn = false;
    this.decision = null;
  }

  update(state) {
    const deal = state.deal;
    const you = state.you;
    const yourTurn = you !== null && you !== undefined
      && ((state.legal ?? []).length > 0 || (deal && deal.to_act === you && !deal.complete));
    document.title = (yourTurn ? MARK : "") + this.baseTitle;
    // A turn that follows her own (she declares, then leads) is a new turn to hear of: a new decision is a new phase,
    // a card fewer or other choices; a state that changes none of these (chat, presence) is the same turn.
    const decision = yourTurn
      ? [deal?.number, deal?.phase, (state.hand ?? []).length, JSON.stringify(state.legal ?? [])].join("|") : null;
    if (yourTurn && (!this.yourTurn || decision !== this.decision)) {
      announce("Your turn");
      cueSound("turn"); // heard with the message's other events as one sound (sound.js)
      if (settings().notify) notify(this.baseTitle);
    }
    this.yourTurn = yourTurn;
    this.decision = decision;
  }
}
