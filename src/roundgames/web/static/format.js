// Words and numbers as the table shows them: seat names, money, countdowns, Nap contracts, whose turn.

/** A seat's name; "You" for the viewer's own seat when `you` is asked for. */
export function seatName(state, seat, { you = false } = {}) {
  if (seat === null || seat === undefined) return "";
  if (you && seat === state?.you) return "You";
  const name = state?.seats?.[seat]?.name;
  return name || `Seat ${seat + 1}`;
}

/** Money with its sign: "+3", "-3", "0". */
export function money(amount) {
  if (typeof amount !== "number") return String(amount ?? "");
  return amount > 0 ? `+${amount}` : String(amount);
}

/**
 * A protocol time as ms since the epoch. `away_until` is documented in ms; `next_deal_at` is not, so a value too
 * small to be ms (before 1973) is read as seconds.
 */
export function epochMs(time) {
  if (typeof time !== "number" || !Number.isFinite(time)) return null;
  return time < 1e11 ? time * 1000 : time;
}

/** Seconds left until a protocol time, never below 0; null when there is no time. */
export function secondsUntil(time, now = Date.now()) {
  const ms = epochMs(time);
  return ms === null ? null : Math.max(0, Math.ceil((ms - now) / 1000));
}

/** "0:42" for a countdown. */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const CONTRACTS = {
  1: "One", 2: "Two", 3: "Three", 4: "Four", misery: "Misery", nap: "Nap", wellington: "Wellington", blucher: "Blücher",
};

/** A Nap call in words: "Three", "Misery", "Blücher". */
export function contractText(contract) {
  return CONTRACTS[contract] ?? String(contract);
}

const TURN_VERBS = { declare: "to declare", play: "to play", call: "to call", purchase: "to buy" };

/** "Your turn" on the viewer's turn, else whose turn it is ("Ann to play"), else "". */
export function turnText(state) {
  const deal = state?.deal;
  if (!deal || deal.to_act === null || deal.to_act === undefined) return "";
  if (state.you !== null && state.you !== undefined && deal.to_act === state.you) return "Your turn";
  return `${seatName(state, deal.to_act)} ${TURN_VERBS[deal.phase] ?? "to act"}`;
}
