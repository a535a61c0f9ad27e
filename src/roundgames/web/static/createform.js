// The create-a-table form: games, presets and house rules from GET /api/options; POST the table, sit at seat 0, go.

import { ApiError, createTable, sit } from "./api.js";
import { fill, h } from "./dom.js";
import { lastName, saveName, saveSeat } from "./store.js";

// A house rule's label and its choices are the guide's words (GET /api/options: `label`, and `words`, a sentence for
// each value); a server without them leaves the option's name and its values as they are.
const optionLabel = (name, spec) => spec?.label ?? name.replaceAll("_", " ");
const valueText = (value) => (value === null ? "none" : String(value));

/** The sentence that says what `value` of the option means ("Unlimited loo: a looed player pays the whole pool."). */
export function valueSentence(spec, value) {
  const known = (spec?.words ?? []).find((w) => w.value === value);
  if (known) return known.sentence;
  if (typeof value === "number" && spec?.number) return spec.number.replace("{n}", String(value));
  return null;
}

/** A choice's short name in a menu: the sentence up to its colon ("Unlimited loo"), or the whole sentence. */
function choiceText(spec, value) {
  const sentence = valueSentence(spec, value);
  if (!sentence) return valueText(value);
  const head = sentence.split(":")[0];
  return head.length < sentence.length && head.length <= 40 ? head : sentence;
}

/** One input for a house rule: a select when the values are listed, else by the default's type. */
function optionInput(name, spec) {
  const common = { "data-option": name, "data-testid": `option-${name}`, id: `option-${name}` };
  if (Array.isArray(spec.values) && spec.values.length) {
    const el = h("select", common, spec.values.map((v, i) => h("option", { value: i, text: choiceText(spec, v) })));
    el.value = String(Math.max(0, spec.values.findIndex((v) => v === spec.default)));
    return el;
  }
  if (typeof spec.default === "boolean") return h("input", { ...common, type: "checkbox", checked: spec.default });
  if (typeof spec.default === "number") return h("input", { ...common, type: "number", value: spec.default });
  return h("input", { ...common, type: "text", value: spec.default ?? "", placeholder: valueText(spec.default) });
}

/** What an input says, in the option's own type; undefined when a number field is left empty. */
function optionValue(el, spec) {
  if (el.tagName === "SELECT") return spec.values[Number(el.value)];
  if (el.type === "checkbox") return el.checked;
  const text = el.value.trim();
  if (el.type === "number") return text === "" ? undefined : Number(text);
  if (text === "") return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

export class CreateForm {
  constructor(form, options) {
    this.form = form;
    this.options = options;
    this.el = (name) => form.elements.namedItem(name);
    this.error = form.querySelector("#create-error");
    this.el("name").value = lastName();
    this.setupChoices();
    form.querySelector("#options-reset").addEventListener("click", () => this.showGame());
    this.el("game").addEventListener("change", () => this.showGame());
    this.el("preset").addEventListener("change", () => this.showForm());
    this.el("players").addEventListener("input", () => this.limitPeople());
    this.el("people").addEventListener("input", () => {
      this.showBotSeats();
      this.defaultClock();
    });
    this.el("rounds").addEventListener("input", () => this.showLength());
    this.el("until_stop").addEventListener("change", () => this.showLength());
    this.setupClock();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.submit();
    });
    this.showGame();
  }

  // The selects list what the server offers, when it said; otherwise the defaults in the page stand.
  setupChoices() {
    const games = Object.keys(this.options.games ?? {});
    if (games.length) {
      const game = this.el("game");
      fill(game, games.map((g) => h("option", { value: g, text: g[0].toUpperCase() + g.slice(1) })));
    }
    // The table's mode (RULES.md §5, §8): the server's own words say what each means.
    const mode = this.options.mode;
    if (mode?.doc) this.form.querySelector("#mode-doc").textContent = mode.doc;
    if (Array.isArray(mode?.values) && mode.values.length) {
      const select = this.el("mode");
      const labels = Object.fromEntries([...select.options].map((o) => [o.value, o.textContent]));
      fill(select, mode.values.map((m) => h("option", { value: m, text: labels[m] ?? m })));
      select.value = mode.default ?? mode.values[0];
    }
  }

  get game() {
    return this.options.games?.[this.el("game").value] ?? {};
  }

  /** The bots the chosen game may seat, as the server lists them (GET /api/options); the page's own otherwise. */
  get botNames() {
    const names = this.game.bots ?? this.options.bots;
    return Array.isArray(names) && names.length ? names : ["sensible", "random"];
  }

  /** The Bots choice (every bot seat's strength unless a seat has its own), kept when the game changes. */
  showBots() {
    const bot = this.el("bot");
    const before = bot.value;
    const names = this.botNames;
    fill(bot, names.map((b) => h("option", { value: b, text: b })));
    bot.value = names.includes(before) ? before : names.includes("sensible") ? "sensible" : names[0];
  }

  /** A choice of strength for each bot seat (the seats after those for people), "as Bots" unless changed. */
  showBotSeats() {
    const players = Number(this.el("players").value) || 0;
    const people = Math.min(Number(this.el("people").value) || 0, players);
    const box = this.form.querySelector("#bot-seats");
    const kept = Object.fromEntries([...box.querySelectorAll("select")].map((el) => [el.name, el.value]));
    const names = this.botNames;
    const seats = [];
    for (let i = people; i < players; i++) {
      const name = `bots[${i}]`;
      const select = h("select", { name, id: `bot-seat-${i}`, "data-testid": `bot-seat-${i}` },
        h("option", { value: "", text: "as Bots" }), names.map((b) => h("option", { value: b, text: b })));
      select.value = names.includes(kept[name]) ? kept[name] : "";
      seats.push(h("label", { class: "field" }, h("span", { text: `Seat ${i + 1}` }), select));
    }
    fill(box, seats);
    this.form.querySelector(".bot-seats").hidden = seats.length === 0;
  }

  /** Each seat's bot for the create API, or undefined when every bot seat plays as the Bots choice. */
  seatBots() {
    const players = Number(this.el("players").value) || 0;
    const bots = Array.from({ length: players }, () => null);
    let any = false;
    for (const el of this.form.querySelectorAll("#bot-seats select")) {
      const seat = Number(el.name.slice(5, -1));
      if (el.value && seat < players) {
        bots[seat] = el.value;
        any = true;
      }
    }
    return any ? bots : undefined;
  }

  /** Presets, seat range and house rules of the chosen game; every rule back at its default. */
  showGame() {
    const { presets = ["peel"], players = [2, 8], options = {} } = this.game;
    // Each preset by its name in words ("Three-card Loo (Peel's rules)"), as the server titles it.
    const titles = this.game.titles ?? {};
    fill(this.el("preset"), presets.map((p) => h("option", { value: p, text: titles[p] ?? p })));
    const seats = this.el("players");
    [seats.min, seats.max] = players;
    seats.value = Math.min(Math.max(Number(seats.value) || 5, players[0]), players[1]);
    this.showBots();
    this.limitPeople();
    fill(this.form.querySelector("#options"), Object.entries(options).map(([name, spec]) => {
      const input = optionInput(name, spec);
      const sentence = h("small", { class: "option-sentence", "data-testid": `option-sentence-${name}` });
      const say = () => {
        sentence.textContent = valueSentence(spec, optionValue(input, spec) ?? null) ?? spec.doc ?? "";
      };
      // Only what the person touches is sent: the preset's own settings stand for the rest.
      input.addEventListener("change", () => {
        input.dataset.changed = "true";
        say();
      });
      input.addEventListener("input", say);
      say();
      return h("label", { class: input.type === "checkbox" ? "check" : "field", title: spec.doc ?? "",
        dataset: { forms: (spec.forms ?? []).join(" ") } }, h("span", { text: optionLabel(name, spec) }), input, sentence);
    }));
    this.showForm();
  }

  /** Only the house rules that matter at the chosen preset's form (no Pam at a Three-card table). */
  showForm() {
    const form = this.game.forms?.[this.el("preset").value];
    for (const label of this.form.querySelectorAll("#options [data-forms]")) {
      const forms = label.dataset.forms.split(" ").filter(Boolean);
      label.hidden = Boolean(form) && forms.length > 0 && !forms.includes(form);
    }
  }

  limitPeople() {
    const people = this.el("people");
    people.max = this.el("players").value;
    if (Number(people.value) > Number(people.max)) people.value = people.max;
    this.showBotSeats();
    this.showLength();
    this.defaultClock();
  }

  /** The sitting's length in deals: each player deals once a round. */
  showLength() {
    const rounds = Number(this.el("rounds").value) || 0;
    const players = Number(this.el("players").value) || 0;
    const note = this.form.querySelector("#rounds-words");
    const open = this.el("until_stop").checked;
    this.el("rounds").disabled = open;
    if (open) {
      note.textContent = "Until we stop: deal after deal until the host ends the sitting (after any deal).";
      return;
    }
    note.textContent = rounds >= 1 && players >= 1
      ? `${rounds} round${rounds === 1 ? "" : "s"}: ${rounds * players} deals, each player dealing `
        + `${rounds === 1 ? "once" : `${rounds} times`}; then the score is settled and you may play again.`
      : "";
  }

  /** The clock's presets (GET /api/options: relaxed, normal, quick) fill the seconds; the seconds are what is sent. */
  setupClock() {
    const select = this.el("clock");
    const seconds = this.el("turn_seconds");
    if (!select || !seconds) return;
    const presets = this.options.turn_seconds?.presets ?? [];
    if (presets.length) {
      const cap = (s) => s[0].toUpperCase() + s.slice(1);
      fill(select, h("option", { value: "", text: "No clock" }),
        presets.map((p) => h("option", { value: p.name, text: cap(p.words) })), h("option", { value: "other", text: "Other" }));
    }
    this.clockSeconds = Object.fromEntries(presets.length ? presets.map((p) => [p.name, p.seconds])
      : [["relaxed", 60], ["normal", 30], ["quick", 15]]);
    this.clockTouched = false;
    select.addEventListener("change", () => {
      this.clockTouched = true;
      if (select.value === "other") seconds.focus();
      else seconds.value = select.value ? String(this.clockSeconds[select.value]) : "";
      this.showClock();
    });
    seconds.addEventListener("input", () => {
      this.clockTouched = true;
      const text = seconds.value.trim();
      const named = Object.entries(this.clockSeconds).find(([, s]) => String(s) === text);
      select.value = text === "" ? "" : named ? named[0] : "other";
      this.showClock();
    });
    this.defaultClock();
  }

  /** Until the person chooses, a table for two people or more has the normal clock, and one for a person alone none. */
  defaultClock() {
    const select = this.el("clock");
    if (!select || this.clockTouched || !this.clockSeconds) return;
    const people = Number(this.el("people").value) || 0;
    const preset = people >= 2 ? (this.options.turn_seconds?.people_default ?? "normal") : "";
    select.value = preset;
    this.el("turn_seconds").value = preset ? String(this.clockSeconds[preset]) : "";
    this.showClock();
  }

  showClock() {
    const note = this.form.querySelector("#clock-words");
    if (!note) return;
    const seconds = Number(this.el("turn_seconds").value);
    note.textContent = seconds
      ? `Each person has ${seconds} s for each turn; when it runs out, the seat's bot plays that turn.`
      : "Nobody is timed: the table waits for each person.";
  }

  changedOptions() {
    const options = {};
    const specs = this.game.options ?? {};
    for (const el of this.form.querySelectorAll("[data-option][data-changed]")) {
      if (el.closest("[hidden]")) continue; // a rule of another form than the preset's
      const value = optionValue(el, specs[el.dataset.option]);
      if (value !== undefined) options[el.dataset.option] = value;
    }
    return options;
  }

  newTable() {
    const number = (name) => Number(this.el(name).value);
    const body = {
      game: this.el("game").value,
      preset: this.el("preset").value,
      players: number("players"),
      people: number("people"),
      bot: this.el("bot").value,
      bot_delay: number("bot_delay"),
      spectators: this.el("spectators").checked,
      confirm: this.el("confirm").checked,
      mode: this.el("mode").value,
      hints: this.el("hints").checked,
      listed: this.el("listed").checked,
    };
    if (this.el("until_stop").checked) body.rounds = null; // until the host stops
    else if (this.el("rounds").value.trim() !== "") body.rounds = number("rounds");
    // The seconds are always said, none included: the person chose the clock, or saw the default the form chose.
    body.turn_seconds = this.el("turn_seconds").value.trim() === "" ? null : number("turn_seconds");
    if (this.el("hand_at_once")?.checked) body.hand_at_once = true; // the table's departure from LOO-DECL-1
    const bots = this.seatBots();
    if (bots) body.bots = bots;
    const options = this.changedOptions();
    if (Object.keys(options).length) body.options = options;
    return body;
  }

  showError(message, field = null) {
    for (const el of this.form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    const name = field?.replace(/^options\./, "");
    const culprit = name && (this.el(name) ?? this.form.querySelector(`[data-option="${CSS.escape(name)}"]`));
    // The server names the field as the API does (turn_seconds: ...); the form says it by the label beside it.
    const label = culprit?.closest("label")?.querySelector("span")?.textContent?.trim();
    const prefix = `${field}: `;
    this.error.textContent = label && message.startsWith(prefix) ? `${label}: ${message.slice(prefix.length)}` : message;
    if (culprit) {
      culprit.setAttribute("aria-invalid", "true");
      culprit.closest("details")?.setAttribute("open", "");
      culprit.focus();
    }
  }

  async submit() {
    const name = this.el("name").value.trim();
    if (!name) return this.showError("Type the name the others will see.", "name");
    const button = this.form.querySelector("[type=submit]");
    button.disabled = true;
    this.showError("");
    try {
      const made = await createTable(this.newTable());
      saveName(name);
      try {
        const seat = await sit(made.id, 0, name);
        saveSeat(made.id, { token: seat.token, seat: seat.seat, name });
      } catch (error) {
        // The table exists: its page offers the seats that are left.
        if (!(error instanceof ApiError)) throw error;
      }
      location.assign(made.url ?? `/t/${encodeURIComponent(made.id)}`);
    } catch (error) {
      this.showError(error.message, error.field ?? null);
      button.disabled = false;
    }
  }
}
