// The table's log, chat included: entries are appended as they come (never redrawn whole, a sitting's log is
// long), chat from muted seats (and from spectators, under the setting) is hidden, and the list follows the newest
// entry unless the reader scrolled up. A chat entry's text names its speaker ("Ann: good luck"): shown as it is.

import { h } from "./dom.js";

const KEEP = 600; // entries kept on the page; the rest live in the records and the score sheet

export const QUICK_MESSAGES = ["Good luck", "Well played", "Thanks", "Oops", "Hurry up please"];
export const CHAT_MAX = 200;

export class LogView {
  /** @param {{hidden: (seat: number | null) => boolean}} options  whether chat from a seat (null: a spectator) is hidden */
  constructor(list, { hidden }) {
    this.list = list;
    this.hidden = hidden;
  }

  entry(e) {
    const isChat = e.kind === "chat";
    return h("li", {
      class: [`kind-${e.kind}`, isChat && this.hidden(e.seat ?? null) && "muted"],
      dataset: { seq: e.seq, seat: e.seat ?? "", kind: e.kind },
      text: e.text,
    });
  }

  /** Start again from a snapshot's whole log. */
  reset(entries) {
    this.list.replaceChildren(...entries.slice(-KEEP).map((e) => this.entry(e)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  append(entries) {
    if (!entries.length) return;
    const list = this.list;
    const following = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
    list.append(...entries.map((e) => this.entry(e)));
    while (list.children.length > KEEP) list.firstElementChild.remove();
    if (following) list.scrollTop = list.scrollHeight;
  }

  /** After a mute or unmute (a seat's, or the spectators' setting): hide or show the chat lines on the page. */
  refreshMuted() {
    for (const li of this.list.querySelectorAll("li[data-kind=chat]")) {
      li.classList.toggle("muted", this.hidden(li.dataset.seat === "" ? null : Number(li.dataset.seat)));
    }
  }
}

/** Wire the chat form and the quick-message buttons; `send(text)` says whether the line went out. */
export function setupChat(form, { input, quick, send, say }) {
  const post = (text) => {
    const line = text.trim().slice(0, CHAT_MAX);
    if (!line) return;
    if (send(line)) input.value = "";
    else say("Not connected: the message was not sent.");
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    post(input.value);
  });
  quick.replaceChildren(...QUICK_MESSAGES.map((text) => h("button", {
    type: "button", class: "quick", text, "data-testid": `quick-${text.toLowerCase().replaceAll(" ", "-")}`,
    onclick: () => post(text),
  })));
}
