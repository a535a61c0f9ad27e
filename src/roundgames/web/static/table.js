// The table page: who this browser is at the table (seat token, rejoin link, or spectator), the websocket session
// with its sequence numbers, and drawing every state the server sends. The server decides everything; this page
// only shows the state and sends what the person wants to do (docs/web.md).

import { getTable } from "./api.js";
import { TurnAlert, announce, announceEntries } from "./alerts.js";
import { TrickView, nextText, renderInfo, renderResult } from "./centre.js";
import { byTestId, isTyping } from "./dom.js";
import { Drawer } from "./drawer.js";
import { keepFocus } from "./focus.js";
import { renderFelt } from "./felt.js";
import { PlayControls } from "./hand.js";
import { ClaimView } from "./claim.js";
import { LogView, setupChat } from "./log.js";
import { TableMotion } from "./motion.js";
import { Connection } from "./net.js";
import { Panel, renderRules, renderScore } from "./panels.js";
import { askIrregular } from "./irregular.js";
import { showRefusal } from "./rulelink.js";
import { ReviewDialog, renderHint } from "./review.js";
import { chooseSeat } from "./seatdialog.js";
import { openInvite } from "./invite.js";
import { renderBar, renderLifecycle } from "./lifecycle.js";
import { awayShort, awayText, renderSeats, turnLeft } from "./seats.js";
import { applySettings, onSettingsChange, openSettings, settings } from "./settings.js";
import { SoundCues, audible, flushSound, previewSound, unlockAudio, wireMute } from "./sound.js";
import { forgetSeat, mutedSeats, saveMuted, saveSeat, seatFor } from "./store.js";

const app = document.getElementById("app");
const tableId = app.dataset.table;
const $ = (id) => byTestId(id, app);
// What Enter activates by itself; the table's Enter (play the card picked) is for everywhere else.
const CONTROLS = "button, a[href], input, select, textarea, summary, [role=button], [role=link], [contenteditable]";
const NOT_CONNECTED = "Not connected: reconnecting, try again in a moment.";
const NEUTRAL = { neutral: true }; // a line that guides rather than refuses (say)
const CONN_TEXT = { connecting: "connecting", connected: "connected", reconnecting: "reconnecting", closed: "disconnected" };

class TableClient {
  constructor() {
    this.token = null; // this browser's seat token at this table; null to watch
    this.helloToken = null; // the token the last hello said (a bad_token refuses that one)
    this.state = null;
    this.seq = null; // the highest seq seen: sent as `since` on reconnecting
    this.trustNext = true; // the answer to a hello is complete by definition: no gap check on it
    this.conn = null;
    this.moved = null; // why this page no longer holds its seat (it moved to another device), once told
    this.muted = mutedSeats(tableId); // seats whose chat is hidden here, shared with the seat badges
    // Whether chat from a seat is hidden: a muted seat, or a spectator's (seat null) under the settings' toggle.
    this.chatHidden = (seat) => (seat === null ? Boolean(settings().muteSpectators) : this.muted.has(seat));
    this.logView = new LogView($("log"), { hidden: this.chatHidden });
    this.drawer = new Drawer({ side: app.querySelector(".side"), button: $("drawer-button"), count: $("unread"), close: $("drawer-close") });
    this.trick = new TrickView($("trick"), { pauseSeconds: () => settings().trickPause });
    this.controls = new PlayControls({
      hand: $("hand"), actions: $("actions"), hint: $("choose-hint"),
      act: (action) => this.send({ type: "act", action }),
      say: (text, options) => this.say(text, options), claim: () => this.claimView.claim(),
    });
    this.claimView = new ClaimView(app.querySelector(".controls"), {
      send: (message) => this.send(message), say: (text, options) => this.say(text, options),
    });
    this.alert = new TurnAlert(document.title);
    this.scorePanel = new Panel($("score-panel"), (dialog, state) =>
      renderScore(dialog, state, { onReview: (deal) => this.openReview(deal) }));
    this.reviewDialog = new ReviewDialog($("review-dialog"), {
      ask: (deal, seat) => this.send({ type: "review", deal, ...(seat === null ? {} : { seat }) }),
    });
    this.hint = null; // the hint shown at this turn: {deal, hand, options}; dropped when the turn moves on
    this.rulesPanel = new Panel($("rules-panel"), renderRules);
    this.motion = new TableMotion(app); // cards that move (motion.js), around each drawing of a state
    this.sounds = new SoundCues(); // what each message sounds like (sound.js)
    this.wire();
  }

  wire() {
    const click = (id, handler) => $(id).addEventListener("click", handler);
    click("score-button", () => this.scorePanel.open(this.state));
    click("rules-button", () => this.rulesPanel.open(this.state));
    click("last-trick-button", () => this.trick.peek());
    click("settings-button", () => openSettings($("settings-dialog")));
    click("take-seat-button", () => this.sitDown());
    click("invite-button", () => this.state && openInvite($("invite-dialog"), this.state, (text, options) => this.say(text, options)));
    click("rejoin-link", () => this.copyRejoinLink());
    click("new-link", () => this.newLink());
    // The seat's menu closes once an item is chosen, as a menu does.
    click("invite-menu-item", () => this.state && openInvite($("invite-dialog"), this.state, (text, options) => this.say(text, options)));
    for (const id of ["rejoin-link", "new-link", "invite-menu-item"]) click(id, () => { $("seat-menu").open = false; });
    click("next-deal", () => this.send({ type: "next" }));
    click("undo", () => this.send({ type: "undo" }));
    click("hint-button", () => this.askHint());
    click("review-deal", () => this.state?.deal && this.openReview(this.state.deal.number));
    setupChat($("chat-form"), {
      input: $("chat-input"), quick: $("quick-messages"),
      send: (text) => this.send({ type: "chat", text }), say: (text) => this.say(text),
    });
    document.addEventListener("keydown", (event) => this.key(event));
    document.addEventListener("pointerdown", unlockAudio);
    const seated = () => this.state?.you !== null && this.state?.you !== undefined;
    this.showMute = wireMute($("mute-button"), { seated });
    this.showMute();
    let before = settings();
    onSettingsChange((now) => {
      // Turned on by a click (a gesture, which lets the audio start): the turn's sound once, to hear it.
      if (audible(seated(), now) && !audible(seated(), before)) previewSound();
      before = now;
      this.showMute();
      this.logView.refreshMuted(); // the spectators' chat may have been muted or unmuted
    });
    // The board fills the screen below the bar, whose height changes as its buttons wrap.
    const bar = app.querySelector(".table-bar");
    new ResizeObserver(() => app.style.setProperty("--bar-h", `${bar.offsetHeight}px`)).observe(bar);
    setInterval(() => this.tick(), 1000);
  }

  // --- who we are ---

  async start() {
    this.readHash();
    const mine = seatFor(tableId);
    if (mine) this.token = mine.token;
    else if (!(await this.findPlace())) return;
    this.connect();
  }

  /** `#seat=TOKEN` is the private rejoin link; `#watch` comes from the landing page's Watch link. */
  readHash() {
    const hash = new URLSearchParams(location.hash.slice(1));
    if (hash.get("seat")) saveSeat(tableId, { token: hash.get("seat") });
    this.watchOnly = hash.has("watch");
    // The token must not stay in the address bar, where it would be shared with a screenshot or a copied link.
    if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  }

  /** No token here: offer the open seats, else watch where allowed. False when there is nothing to do. */
  async findPlace() {
    let info;
    try {
      info = await getTable(tableId);
    } catch (error) {
      this.fatal(error.status === 404 ? "There is no table here: it may have ended or expired." : error.message);
      return false;
    }
    const open = (info.seats ?? []).some((s) => s.kind === "open");
    if (open && !(this.watchOnly && info.spectators)) {
      const seat = await chooseSeat($("seat-dialog"), tableId, info);
      if (seat) return this.seated(seat);
    }
    if (info.spectators) {
      this.token = null;
      return true;
    }
    this.fatal("This table is full, and its host has not opened it to spectators.");
    return false;
  }

  seated({ token, seat, name }) {
    saveSeat(tableId, { token, seat, name });
    this.token = token;
    return true;
  }

  /** A spectator takes a seat that is open; a connection keeps the seat it said hello with, so open a new one. */
  async sitDown() {
    try {
      const seat = await chooseSeat($("seat-dialog"), tableId, await getTable(tableId));
      if (!seat) return;
      this.seated(seat);
      this.seq = null; // a new viewer: ask for the whole log as this seat may see it
      if (this.conn) this.conn.restart();
      else this.connect();
    } catch (error) {
      this.say(error.message);
    }
  }

  async copyRejoinLink(copied = "Rejoin link copied: your seat's private link, do not share it. Open it on another device to move your seat there; to invite friends, use Invite.") {
    const link = `${location.origin}/t/${encodeURIComponent(tableId)}#seat=${encodeURIComponent(this.token)}`;
    try {
      await navigator.clipboard.writeText(link);
      this.say(copied, NEUTRAL);
    } catch {
      window.prompt("Your seat's private link: do not share it (it moves your seat to another device):", link);
    }
  }

  /** Take the seat back for good: a new link replaces the old one, and any device using the old one loses the seat. */
  newLink() {
    const ask = "Make a new rejoin link for your seat? The old link stops working, and a device using it loses the seat.";
    if (window.confirm(ask)) this.send({ type: "new_link" });
  }

  /** The new link, for this page alone: kept in place of the old one, and copied. */
  newToken({ token, seat }) {
    this.token = token;
    saveSeat(tableId, { token, seat, name: this.state?.seats?.[seat]?.name ?? null });
    this.copyRejoinLink("New rejoin link copied: the old one no longer works. Open the new one on another device to move your seat there.");
  }

  // --- the websocket ---

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.conn = new Connection(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`, {
      hello: () => {
        this.helloToken = this.token; // the token this page said hello with: the one a bad_token refuses
        return { token: this.token, since: this.seq };
      },
      onMessage: (message) => this.receive(message),
      onStatus: (status) => this.showStatus(status),
    });
    this.conn.start();
  }

  send(message) {
    if (this.conn?.send(message)) return true;
    this.say(NOT_CONNECTED);
    return false;
  }

  receive(message) {
    if (message.type === "welcome") this.welcome(message);
    else if (message.type === "snapshot") this.snapshot(message);
    else if (message.type === "update") this.update(message);
    else if (message.type === "error") this.serverError(message);
    else if (message.type === "review") this.reviewDialog.show(message, this.state);
    else if (message.type === "hint") this.showHint(message);
    else if (message.type === "seat_lost") this.seatLost(message);
    else if (message.type === "new_link") this.newToken(message);
    // A read-only hook for the browser tests and for debugging from the console: only what this page already holds
    // (the last state and seq the server sent it), never read back by the page; changing it changes nothing.
    window.__roundgames = { state: this.state, seq: this.seq };
  }

  welcome(message) {
    this.trustNext = true;
    if (this.token && message.seat !== null && message.seat !== undefined) {
      saveSeat(tableId, { token: this.token, seat: message.seat, name: message.name ?? null });
    }
  }

  /** The seat is no longer this page's: its person left it, or the rejoin link was opened on another device. This
   *  connection watches from now on; a reconnection says hello as a spectator. */
  seatLost({ reason, message }) {
    if (reason === "left") forgetSeat(tableId);
    this.token = null;
    this.moved = reason === "moved" ? message : null;
    this.hint = null;
    this.say(reason === "moved" ? "" : message, NEUTRAL);
    announce(message);
  }

  snapshot(message) {
    this.trustNext = false;
    this.seq = message.seq ?? null;
    this.state = message.state;
    this.logView.reset(message.log ?? []);
    this.sounds.hear(this.state, { quiet: true }); // what is, not what just happened: no sound
    this.render();
  }

  update(message) {
    if (this.seq !== null && typeof message.seq === "number" && message.seq < this.seq) return; // older than ours
    const fresh = (message.log ?? []).filter((e) => this.seq === null || e.seq > this.seq);
    if (!this.trustNext && this.seq !== null && fresh.length && fresh[0].seq > this.seq + 1) {
      // Entries went missing (a lost message): ask again from what we have; the answer replaces this update.
      // The answer is trusted as it comes, or a viewer whose log has holes by design would ask for ever.
      this.trustNext = true;
      this.conn.sayHello();
      return;
    }
    this.trustNext = false;
    this.seq = Math.max(this.seq ?? 0, message.seq ?? 0, ...fresh.map((e) => e.seq));
    this.state = message.state;
    this.logView.append(fresh);
    this.drawer.note(fresh, { mine: this.state?.you ?? null, hidden: this.chatHidden });
    announceEntries(fresh, this.chatHidden);
    this.sounds.hear(this.state, { entries: fresh }); // a card played, a trick taken, a deal ended: heard in render
    this.render();
  }

  serverError({ code, message, rule, action, laws, field }) {
    const text = rule && !String(message).includes(rule) ? `${message} (${rule})` : message;
    if (code === "hello_first") return this.conn.sayHello();
    if (code === "irregular" && action) {
      // Table mode: nothing was done yet. Say what the law will do, and send it again only if the person says so.
      this.say(text);
      askIrregular($("irregular-dialog"), { message: text, action, laws }).then((yes) => {
        if (yes && this.send({ type: "act", action, irregular: true })) this.say("");
      });
      return;
    }
    // Only a refusal of the review itself fails the waiting dialog (a chat line refused meanwhile does not).
    const aboutReview = ["no_deal", "not_your_seat", "analysis_failed", "busy"].includes(code)
      || (code === "bad_message" && ["deal", "seat"].includes(field));
    if (aboutReview && this.reviewDialog.waiting && this.reviewDialog.dialog.open && !this.reviewDialog.review) {
      this.reviewDialog.fail(text);
    }
    if (code === "table_gone") {
      this.conn.stop();
      return this.fatal(text || "This table has ended.");
    }
    if (code === "bad_token" || code === "no_spectators") {
      // The token was refused, or watching is not allowed: stop knocking, and offer a seat instead.
      // Forget the seat only if what this browser holds is the token refused (another tab may hold a newer one).
      // Only a table that plays says bad_token: a paused one (its store out) judges no link and answers `paused`,
      // which keeps the link and knocks again (the server closes the socket, and the page reconnects), so a link
      // is never forgotten for an answer given while the table could not read its seats.
      if (code === "bad_token" && seatFor(tableId)?.token === this.helloToken) forgetSeat(tableId);
      this.token = null;
      this.moved = null; // a seat moved away earlier is no longer this page's to wait for
      this.conn.stop();
      this.say(text);
      this.findPlace().then((ok) => {
        if (!ok) return;
        this.seq = null;
        this.conn.start();
      });
      return;
    }
    this.say(text);
  }

  // --- drawing ---

  render() {
    const state = this.state;
    if (!state) return;
    const seated = state.you !== null && state.you !== undefined;
    this.motion.before(); // the hand measured before it is drawn anew, to move what changed after (motion.js)
    app.classList.toggle("spectator", !seated);
    app.classList.toggle("is-gathering", Boolean(state.gathering)); // no felt while nothing can be dealt
    app.dataset.game = state.table?.game ?? "";
    renderSeats({ others: $("seats"), mine: $("me") }, state, { muted: this.muted, onMute: (seat) => this.toggleMute(seat) });
    renderInfo(app, state);
    this.trick.render(state);
    renderFelt(app, state);
    renderResult(app, state, { seated });
    if (state.gathering) $("result-box").hidden = true; // nothing is dealt until the sitting starts
    renderLifecycle($("lifecycle"), state, { send: (message) => this.send(message), moved: this.moved, say: (text, options) => this.say(text, options) });
    this.controls.render(state);
    this.claimView.render(state);
    $("undo").hidden = !seated || !state.undo;
    this.renderHints(state, seated);
    $("last-trick-button").disabled = !state.deal?.last_trick?.cards?.length;
    $("take-seat-button").hidden = seated || !(state.seats ?? []).some((s) => s.kind === "open");
    $("rejoin-link").hidden = !this.token || !seated;
    $("new-link").hidden = !this.token || !seated;
    $("seat-menu").hidden = !this.token || !seated;
    renderBar(app, state);
    $("score-button").classList.toggle("attention", Boolean(state.scores?.over));
    this.alert.update(state);
    this.scorePanel.refresh(state);
    this.rulesPanel.refresh(state);
    this.motion.after(state);
    flushSound(seated); // the message's weightiest event, the turn alert's included, as one sound
    this.showMute(); // a seat taken or lost changes whether this page makes sounds
  }

  // --- the expert's review of a finished deal, and hints ---

  openReview(deal) {
    if (this.state) this.reviewDialog.open(this.state, deal);
  }

  askHint() {
    if (!this.state?.legal?.length) return;
    if (this.send({ type: "hint" })) this.say("The expert is weighing your options…", NEUTRAL);
  }

  /** A hint for this turn: kept while the turn, the deal and the hand are the ones it was worked out for. */
  showHint(message) {
    if (message.deal !== this.state?.deal?.number || !this.state.legal?.length) return;
    this.hint = { ...message, hand: JSON.stringify(this.state.hand) };
    this.say("");
    this.render();
  }

  renderHints(state, seated) {
    const turn = seated && (state.legal ?? []).length > 0;
    // A forced turn has nothing to weigh: no hint is offered, and the deal is not marked for one.
    $("hint-button").hidden = !(turn && state.table?.hints && state.legal.length > 1);
    if (this.hint && !(turn && state.deal?.number === this.hint.deal && JSON.stringify(state.hand) === this.hint.hand)) {
      this.hint = null;
    }
    renderHint($("hint-box"), this.hint);
    const deal = state.deal;
    $("review-deal").hidden = !(seated && deal?.complete && (state.scores?.deals ?? []).length >= deal.number);
  }

  toggleMute(seat) {
    if (this.muted.has(seat)) this.muted.delete(seat);
    else this.muted.add(seat);
    saveMuted(tableId, this.muted);
    this.logView.refreshMuted();
    this.render();
  }

  showStatus(status) {
    const el = $("conn-state");
    el.textContent = CONN_TEXT[status] ?? status;
    el.dataset.state = status;
    el.title = status === "connected" ? "Connected to the table" : "The connection is lost; trying again";
    // A refusal for want of a connection is stale once it is back.
    if (status === "connected" && $("message").textContent === NOT_CONNECTED) this.say("");
  }

  /** A line in the message box: a refusal (in the error's colour, its rule ID a link to the rule), or with
   *  `neutral` a prompt or a word of guidance, in the text's colour. */
  say(text, { neutral = false } = {}) {
    const el = $("message");
    showRefusal(el, text ?? "", this.state?.table?.rules_page);
    el.classList.toggle("neutral", neutral);
  }

  fatal(text) {
    this.say(text);
    announce(text);
    $("conn-state").textContent = CONN_TEXT.closed;
    $("conn-state").dataset.state = "closed";
  }

  /** Countdowns run between messages: away timers, the turn clock and the next deal. */
  tick() {
    for (const el of app.querySelectorAll("[data-until][data-countdown]")) {
      const until = Number(el.dataset.until);
      const kind = el.dataset.countdown;
      el.textContent = kind === "next" ? nextText(until) : kind === "turn" ? turnLeft(until)
        : kind === "away-short" ? awayShort(until) : awayText(until);
    }
  }

  // --- the keyboard: a phase button's key presses it (s Stand, p Pass, 3 Call 3); else 1-9 pick a card (0 the tenth:
  // the Nap spare hand shows ten), Enter plays it, Escape lets go ---

  key(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (document.querySelector("dialog[open]")) return;
    if (/^[0-9a-z]$/.test(event.key) && this.controls.press(event.key)) {
      event.preventDefault(); // a phase button's key: s Stand, t Throw up, p Pass, 3 Call 3 (the terminal's keys)
    } else if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      this.controls.pick(event.key === "0" ? 10 : Number(event.key));
    } else if (event.key === "Enter") {
      const target = event.target instanceof Element ? event.target : null;
      const card = target?.closest("[data-testid=hand] [data-card]");
      if (card) {
        event.preventDefault(); // ours, not the button's own click: play (or send the choice) with this card
        this.controls.confirm(card.dataset.card);
        return;
      }
      // Enter on a button or a link (Stand, Send, Score...) is that control's own; anywhere else (the page, the hand
      // around the cards, the log) it confirms the card picked, or the several-card choice.
      if (target?.closest(CONTROLS)) return;
      if (this.controls.selected || this.controls.chooser) {
        event.preventDefault();
        this.controls.confirm();
      }
    } else if (event.key === "Escape") this.controls.clear();
  }
}

applySettings();
keepFocus(app);
new TableClient().start();
