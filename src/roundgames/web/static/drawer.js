// The log and chat on a narrow screen (UX 12): a drawer opened from the top bar, so that they are one tap away without
// scrolling from the hand; its button counts the chat lines and results that came while it was closed. On a wide
// screen the log and chat are a column beside the table, and the drawer is not used.

const WIDE = "(min-width: 900px)";

export class Drawer {
  /** @param {{side: Element, button: Element, count: Element, close: Element}} parts */
  constructor({ side, button, count, close }) {
    Object.assign(this, { side, button, count, close });
    this.unread = 0;
    this.wide = window.matchMedia(WIDE);
    button.addEventListener("click", () => (this.isOpen ? this.hide() : this.show()));
    close.addEventListener("click", () => this.hide());
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.isOpen && !document.querySelector("dialog[open]")) this.hide();
    });
    this.wide.addEventListener("change", () => this.hide());
    this.draw();
  }

  get isOpen() {
    return this.side.classList.contains("open");
  }

  /** New log entries: chat (others') and results count as unread while the log cannot be seen. */
  note(entries, { mine = null, hidden = () => false } = {}) {
    if (this.isOpen || this.wide.matches) return;
    const worth = entries.filter((e) => (e.kind === "chat" && e.seat !== mine && !hidden(e.seat ?? null)) || e.kind === "result");
    if (!worth.length) return;
    this.unread += worth.length;
    this.draw();
  }

  show() {
    this.side.classList.add("open");
    this.button.setAttribute("aria-expanded", "true");
    this.unread = 0;
    this.draw();
    const log = this.side.querySelector("[data-testid=log]");
    if (log) log.scrollTop = log.scrollHeight;
  }

  hide() {
    if (!this.isOpen) return;
    this.side.classList.remove("open");
    this.button.setAttribute("aria-expanded", "false");
    this.button.focus({ preventScroll: true });
  }

  draw() {
    this.count.textContent = this.unread ? String(this.unread) : "";
    this.count.hidden = !this.unread;
    this.button.setAttribute("aria-label", this.unread ? `Log and chat: ${this.unread} unread` : "Log and chat");
  }
}
