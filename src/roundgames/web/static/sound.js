// The table's sounds: a soft one for a card played, a trick taken, the viewer's turn and the end of a deal.
// Each is synthesized with the Web Audio API, so there is no audio file to ship and nothing is fetched (the
// Content-Security-Policy of web/headers.py stays as it is). They are off until the person turns them on (the
// settings' "Sounds", or the top bar's Mute), as browsers refuse sound before a gesture anyway; a spectator hears
// them only with "Sounds while watching" on as well. One message may bring several events at once (the last card
// of a trick ends the trick, and perhaps the deal, and gives the lead): it makes one sound, the weightiest.

import { settings, updateSettings } from "./settings.js";

// The weightiest event of a message is the one heard.
const WEIGHT = { card: 1, turn: 2, trick: 3, end: 4 };
const VOLUME = 0.5; // each sound's gain: its voices' levels below are scaled by it, soft beside speech or music

let context = null;
let pending = null; // the weightiest event noted since the last flush

/** Whether sounds play for this viewer (under `now`, the settings in force unless said): on, and for a spectator
 *  on while watching too. */
export function audible(seated, now = settings()) {
  return Boolean(now.sound) && (seated || Boolean(now.soundWatching));
}

/** Note an event of the message being drawn; `flushSound` plays the weightiest one noted. */
export function cueSound(kind) {
  if (WEIGHT[kind] && (!pending || WEIGHT[kind] > WEIGHT[pending])) pending = kind;
}

/** Play the sound of the weightiest event noted since the last flush, if this viewer hears sounds. */
export function flushSound(seated) {
  const kind = pending;
  pending = null;
  if (kind && audible(seated)) play(kind);
}

// Browsers start an AudioContext suspended until a gesture: the switch that turns sounds on is one, and so is any
// tap on the table, so a context made before is woken by the next tap.
export function unlockAudio() {
  if (!settings().sound) return;
  const audio = ensureContext();
  if (audio?.state === "suspended") audio.resume().catch(() => {});
}

/** The turn's sound once, from the gesture that turns sounds on: it wakes the audio and lets the person hear it. */
export function previewSound() {
  unlockAudio();
  play("turn");
}

function ensureContext() {
  if (context) return context;
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null; // no audio device: the live region and the title mark still tell
  }
  return context;
}

/** One sound: its voices gathered on a gain of their own, at the table's level, and that to the speakers. */
function play(kind) {
  const audio = ensureContext();
  if (!audio) return;
  try {
    const sound = audio.createGain();
    sound.gain.value = VOLUME;
    sound.connect(audio.destination);
    VOICES[kind](audio, sound, audio.currentTime + 0.01);
  } catch {
    // A sound that cannot be made is no reason to stop drawing the table.
  }
}

/** A note: an oscillator under a short attack and an exponential fade. */
function note(audio, out, at, { freq, length, level, type = "sine" }) {
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = type;
  tone.frequency.setValueAtTime(freq, at);
  envelope(gain, at, length, level);
  tone.connect(gain).connect(out);
  tone.start(at);
  tone.stop(at + length + 0.02);
}

/** A breath of filtered noise: the rustle of a card on cloth; `to` sweeps the filter for a swish. */
function rustle(audio, out, at, { freq, to = freq, length, level }) {
  const frames = Math.ceil(audio.sampleRate * length);
  const buffer = audio.createBuffer(1, frames, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i += 1) data[i] = Math.random() * 2 - 1;
  const source = audio.createBufferSource();
  source.buffer = buffer;
  const filter = audio.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = 0.9;
  filter.frequency.setValueAtTime(freq, at);
  filter.frequency.exponentialRampToValueAtTime(to, at + length);
  const gain = audio.createGain();
  envelope(gain, at, length, level);
  source.connect(filter).connect(gain).connect(out);
  source.start(at);
  source.stop(at + length + 0.02);
}

function envelope(gain, at, length, level) {
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
}

// Each sound's voices: a card's rustle, a trick's swish under a low note, a rising pair of notes for the turn, and
// a chord spread out for the end of a deal.
const VOICES = {
  card: (audio, out, at) => rustle(audio, out, at, { freq: 2200, to: 1400, length: 0.07, level: 0.5 }),
  trick: (audio, out, at) => {
    rustle(audio, out, at, { freq: 900, to: 2600, length: 0.16, level: 0.35 });
    note(audio, out, at + 0.05, { freq: 392, length: 0.16, level: 0.12, type: "triangle" });
  },
  turn: (audio, out, at) => {
    note(audio, out, at, { freq: 660, length: 0.14, level: 0.16 });
    note(audio, out, at + 0.11, { freq: 880, length: 0.2, level: 0.14 });
  },
  end: (audio, out, at) => [523.25, 659.25, 783.99].forEach((freq, i) =>
    note(audio, out, at + i * 0.1, { freq, length: 0.3, level: 0.12, type: "triangle" })),
};

/**
 * What each message sounds like, from the state before and after it: a card that joins the trick (or ends it), a
 * trick taken, a deal finished. A snapshot (the page's first state, or one after a reconnection) is heard as
 * nothing: it tells what is, not what just happened. The viewer's turn is the turn alert's to note (alerts.js).
 */
export class SoundCues {
  constructor() {
    this.deal = null;
    this.played = new Set(); // "seat:card" of the deal in hand, already heard
    this.lastTrick = null;
    this.complete = false;
  }

  /** Note the events between the last state and this one; `quiet` takes this state in without a sound. The log's
   *  new entries say it too where one message carries a deal's end and the next deal (no pause between them). */
  hear(state, { quiet = false, entries = [] } = {}) {
    const deal = state.deal ?? null;
    const number = deal?.number ?? null;
    const cards = [...(deal?.trick ?? []), ...(deal?.last_trick?.cards ?? [])].map((c) => `${c.seat}:${c.card}`);
    const lastTrick = deal?.last_trick?.cards?.length ? JSON.stringify(deal.last_trick) : null;
    const complete = Boolean(deal?.complete);
    if (!quiet && number !== null && number === this.deal) {
      if (cards.some((key) => !this.played.has(key))) cueSound("card");
      if (lastTrick && lastTrick !== this.lastTrick) cueSound("trick");
      if (complete && !this.complete) cueSound("end");
    }
    if (!quiet && entries.some((entry) => entry.kind === "result")) cueSound("end");
    if (number !== this.deal) this.played.clear();
    for (const key of cards) this.played.add(key);
    Object.assign(this, { deal: number, lastTrick, complete });
  }
}

/** The top bar's Mute: pressed while this page makes no sound; pressing it turns sounds on (for a spectator, while
 *  watching too), or off. */
export function wireMute(button, { seated }) {
  const show = () => {
    const muted = !audible(seated());
    button.setAttribute("aria-pressed", String(muted));
    button.title = muted ? "Sounds are off: press to hear them" : "Sounds are on: press to silence them";
  };
  button.addEventListener("click", () => {
    if (audible(seated())) updateSettings({ sound: false });
    else updateSettings(seated() ? { sound: true } : { sound: true, soundWatching: true });
  });
  return show;
}
