// What this browser remembers in localStorage: seat tokens, settings, muted seats, the last name typed.
// Storage can be full, disabled or hold junk from an older client; every read falls back to a default.

const KEYS = {
  seats: "roundgames.seats", // {tableId: {token, seat, name}}: the seats this browser holds
  settings: "roundgames.settings",
  muted: "roundgames.muted", // {tableId: [seat, ...]}: seats whose chat is hidden
  name: "roundgames.name",
};

export const DEFAULT_SETTINGS = Object.freeze({
  trickPause: 1.5, // seconds a finished trick stays in the centre
  fourColour: false,
  sound: false,
  notify: false,
  theme: "auto", // auto (follow prefers-color-scheme), light, dark
  cardSize: "normal", // small, normal, large
  muteSpectators: false, // hide chat from people watching without a seat (log entries with seat null)
});

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key));
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full store: the table still works, it just forgets on reload.
  }
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Every seat this browser holds: {tableId: {token, seat, name}}. */
export function allSeats() {
  const seats = read(KEYS.seats, {});
  return isObject(seats) ? seats : {};
}

/** This browser's seat at a table, or null. */
export function seatFor(tableId) {
  const entry = allSeats()[tableId];
  return isObject(entry) && typeof entry.token === "string" && entry.token ? entry : null;
}

export function saveSeat(tableId, { token, seat = null, name = null }) {
  write(KEYS.seats, { ...allSeats(), [tableId]: { token, seat, name } });
}

export function forgetSeat(tableId) {
  const seats = allSeats();
  delete seats[tableId];
  write(KEYS.seats, seats);
}

export function loadSettings() {
  const stored = read(KEYS.settings, {});
  return { ...DEFAULT_SETTINGS, ...(isObject(stored) ? stored : {}) };
}

export function saveSettings(settings) {
  write(KEYS.settings, settings);
}

/** The seats muted at a table, as a Set of seat numbers. */
export function mutedSeats(tableId) {
  const all = read(KEYS.muted, {});
  const list = isObject(all) && Array.isArray(all[tableId]) ? all[tableId] : [];
  return new Set(list.filter(Number.isInteger));
}

export function saveMuted(tableId, seats) {
  const all = read(KEYS.muted, {});
  write(KEYS.muted, { ...(isObject(all) ? all : {}), [tableId]: [...seats] });
}

export function lastName() {
  const name = read(KEYS.name, "");
  return typeof name === "string" ? name : "";
}

export function saveName(name) {
  write(KEYS.name, name);
}
