// The websocket to /ws/{id}: hello on every (re)connection, automatic reconnect with exponential backoff,
// and a heartbeat, because a phone that sleeps or changes network leaves a socket that looks open but is dead.

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;
const PING_EVERY_MS = 20_000;
const PONG_WITHIN_MS = 10_000;

export class Connection {
  /**
   * @param {string} url ws(s)://host/ws/ID
   * @param {{hello: () => object, onMessage: (msg: object) => void, onStatus: (status: string) => void}} handlers
   *   `hello` gives {token, since} at each connection; `onStatus` hears "connecting" (the first try),
   *   "connected", "reconnecting" (after that) or "closed".
   */
  constructor(url, { hello, onMessage, onStatus }) {
    this.url = url;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.delay = FIRST_DELAY_MS;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastHeard = 0;
    this.stopped = false;
    this.everConnected = false;
    // Waiting out a backoff is pointless once the network or the tab comes back.
    addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  start() {
    this.stopped = false;
    this.open();
  }

  /** Stop for good (the table is gone, the token is refused): no more reconnecting. */
  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    this.onStatus("closed");
  }

  /** Start again on a new socket at once: the server keeps a connection's seat for the socket's life. */
  restart() {
    const old = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    old?.close();
    this.stopped = false;
    this.delay = FIRST_DELAY_MS;
    this.open();
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Send a message; false when there is no open socket (the caller says so, nothing is queued). */
  send(message) {
    if (!this.isOpen) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Say hello again on the open socket: after a gap in the log, or after taking a seat. */
  sayHello() {
    return this.send({ type: "hello", ...this.hello() });
  }

  open() {
    clearTimeout(this.retryTimer);
    if (this.stopped) return;
    this.onStatus(this.everConnected ? "reconnecting" : "connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.lastHeard = Date.now();
      this.sayHello();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.heartbeat(), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      this.lastHeard = Date.now();
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not ours to act on; the server only sends JSON objects
      }
      if (message?.type === "welcome") {
        this.delay = FIRST_DELAY_MS; // a successful hello resets the backoff
        this.everConnected = true;
        this.onStatus("connected");
      }
      if (message?.type !== "pong") this.onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return; // an old socket we already replaced
      this.socket = null;
      clearInterval(this.pingTimer);
      this.scheduleRetry();
    });
  }

  scheduleRetry() {
    if (this.stopped) return;
    this.onStatus(this.everConnected ? "reconnecting" : "connecting");
    this.retryTimer = setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
  }

  reconnectNow() {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.open();
  }

  heartbeat() {
    if (!this.isOpen) return;
    const sent = Date.now();
    this.send({ type: "ping" });
    setTimeout(() => {
      // Nothing at all since the ping: the socket is dead though the browser has not noticed. Start again
      // at once rather than wait for a closing handshake that will never come.
      if (this.socket && this.lastHeard < sent) this.drop();
    }, PONG_WITHIN_MS);
  }

  drop() {
    const socket = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    socket?.close();
    this.scheduleRetry();
  }
}
