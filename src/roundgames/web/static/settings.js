// The player's settings: kept in localStorage, applied to the page as attributes CSS reads, edited in a dialog.

import { fill, h } from "./dom.js";
import { loadSettings, saveSettings } from "./store.js";

let current = loadSettings();
const listeners = new Set();

/** The settings now in force. */
export function settings() {
  return current;
}

/** Called with the settings after every change. */
export function onSettingsChange(listener) {
  listeners.add(listener);
}

export function updateSettings(patch) {
  current = { ...current, ...patch };
  saveSettings(current);
  applySettings();
  for (const listener of listeners) listener(current);
}

/** Theme, card size, the four-colour deck and card movement are attributes on <html>; style.css does the rest. */
export function applySettings(root = document.documentElement) {
  if (current.theme === "light" || current.theme === "dark") root.dataset.theme = current.theme;
  else delete root.dataset.theme; // "auto": prefers-color-scheme decides
  root.dataset.cardSize = ["small", "large"].includes(current.cardSize) ? current.cardSize : "normal";
  root.classList.toggle("four-colour", Boolean(current.fourColour));
  root.dataset.motion = movementOn() ? "on" : "off"; // "off" stills the page's transitions too (style.css)
}

/** Whether cards move (motion.js): on unless the person turned "Card movement" off. A setting stored before the
 *  switch existed has no `motion` at all, and movement is on for it too. The system's reduced-motion preference
 *  is motion.js's to weigh, as it may change while the page is open. */
export function movementOn() {
  return current.motion !== false;
}

function field(label, input, hint = null) {
  return h("label", { class: "field" }, h("span", { text: label }), input, hint && h("small", { text: hint }));
}

function checkbox(key, testid, onChange = null, checked = Boolean(current[key])) {
  return h("input", {
    type: "checkbox",
    "data-testid": testid,
    checked,
    onchange: (event) => (onChange ? onChange(event) : updateSettings({ [key]: event.target.checked })),
  });
}

function select(key, testid, choices) {
  const el = h("select", {
    "data-testid": testid,
    onchange: (event) => updateSettings({ [key]: event.target.value }),
  }, choices.map(([value, text]) => h("option", { value, text })));
  el.value = current[key];
  return el;
}

// Permission can only be asked from a click; a refusal turns the toggle back off and says so.
async function toggleNotify(event, say) {
  const box = event.target;
  if (!box.checked) return updateSettings({ notify: false });
  if (!("Notification" in window)) {
    box.checked = false;
    return say("This browser cannot show notifications.");
  }
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  box.checked = answer === "granted";
  updateSettings({ notify: box.checked });
  if (!box.checked) say("Notifications are blocked for this site in the browser's settings.");
}

/** Fill and open the settings <dialog>; `say` shows a line in the dialog (a refusal to notify, say). */
export function openSettings(dialog) {
  const note = h("p", { class: "note", role: "status" });
  const say = (text) => (note.textContent = text);
  const pause = h("input", {
    type: "number", min: 0, max: 10, step: 0.5, value: current.trickPause, "data-testid": "setting-trick-pause",
    onchange: (event) => {
      const seconds = Number(event.target.value);
      if (Number.isFinite(seconds) && seconds >= 0 && seconds <= 10) updateSettings({ trickPause: seconds });
      else event.target.value = current.trickPause;
    },
  });
  fill(dialog, h("form", { method: "dialog", class: "panel" },
    h("h2", { text: "Settings" }),
    field("Finished trick stays (seconds)", pause, "Tap the trick to collect it sooner."),
    field("Four-colour deck", checkbox("fourColour", "setting-four-colour"), "Diamonds blue, clubs green."),
    field("Card movement", checkbox("motion", "setting-motion", null, movementOn()),
      "Cards slide as they are dealt and played. Never while the system asks for reduced motion."),
    field("Sounds", checkbox("sound", "setting-sound"),
      "Soft sounds for a card played, a trick taken, your turn and the end of a deal. Also the top bar's Mute."),
    field("Sounds while watching", checkbox("soundWatching", "setting-sound-watching"),
      "With Sounds on, also at a table where you have no seat."),
    field("Notify me on my turn", checkbox("notify", "setting-notify", (event) => toggleNotify(event, say)),
      "A desktop notification while this tab is in the background."),
    field("Colours", select("theme", "setting-theme", [["auto", "As the system"], ["light", "Light"], ["dark", "Dark"]])),
    field("Card size", select("cardSize", "setting-card-size", [["small", "Small"], ["normal", "Normal"], ["large", "Large"]])),
    field("Mute spectators' chat", checkbox("muteSpectators", "setting-mute-spectators"),
      "Hide chat from people watching without a seat."),
    note,
    h("div", { class: "buttons" }, h("button", { value: "close", text: "Close", "data-testid": "settings-close" })),
  ));
  dialog.showModal();
}
