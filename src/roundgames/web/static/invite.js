// Inviting friends (docs/web.md, "Inviting"): the table's own link, to copy or to read off the screen as a QR code,
// on the gathering screen and behind the top bar's Invite button. It is the table's link, never a seat's: the seat's
// private rejoin link moves the seat itself, and lives in the top bar's "Your seat" menu.

import { ApiError, inviteQrUrl, setListed } from "./api.js";
import { h } from "./dom.js";
import { seatFor } from "./store.js";

const NEUTRAL = { neutral: true }; // news, not a refusal: in the text's colour (table.js say)

/** The table's own link: it opens the table and offers the seats that are open. */
export const inviteLink = (tableId) => `${location.origin}/t/${encodeURIComponent(tableId)}`;

/** Copy the table's link; says what happened through `say` (a browser without a clipboard shows it to copy). */
export async function copyInvite(tableId, say) {
  const link = inviteLink(tableId);
  try {
    await navigator.clipboard.writeText(link);
    say(`Invite link copied: ${link}. Send it to your friends; it opens the table and offers them the open seats.`, NEUTRAL);
  } catch {
    window.prompt("The table's invite link (send it to your friends):", link);
  }
}

/** The host's choice of listing the table in the lobby; the server refuses anyone else. */
function listingControl(state, tableId, say) {
  const token = seatFor(tableId)?.token;
  const amHost = state.you !== null && state.you !== undefined && state.you === state.host && token;
  const listed = Boolean(state.listed);
  if (!amHost) {
    return h("p", { class: "note", "data-testid": "invite-listed",
      text: listed ? "This table is listed in the lobby: anyone may join." : "A private table: only people with the link find it." });
  }
  const box = h("input", { type: "checkbox", "data-testid": "listed-toggle", checked: listed,
    onchange: async () => {
      box.disabled = true;
      try {
        const answer = await setListed(tableId, token, box.checked);
        say(answer.listed ? "The table is listed in the lobby now." : "The table is private now: out of the lobby's list.", NEUTRAL);
      } catch (error) {
        box.checked = !box.checked;
        say(error instanceof ApiError ? error.message : String(error));
      } finally {
        box.disabled = false;
      }
    } });
  return h("label", { class: "check invite-listed" }, box,
    " List this table in the lobby (unlisted, only people with the link find it)");
}

/** The invitation: the link, a Copy button, the QR code and, for the host, the lobby listing. */
export function invitePanel(state, { say, compact = false } = {}) {
  const tableId = state.table?.id;
  if (!tableId) return null;
  const link = inviteLink(tableId);
  return h("div", { class: ["invite", compact && "compact"], "data-testid": "invite-panel" },
    h("p", { class: "invite-how", text: "Invite friends: send them this table's link, or let them scan the code." }),
    h("div", { class: "invite-row" },
      h("input", { class: "invite-link", "data-testid": "invite-link", readonly: true, value: link,
        "aria-label": "The table's invite link", onfocus: (event) => event.target.select() }),
      h("button", { type: "button", class: "primary", "data-testid": "copy-invite", text: "Copy invite link",
        onclick: () => copyInvite(tableId, say) })),
    h("img", { class: "invite-qr", "data-testid": "invite-qr", src: inviteQrUrl(tableId), width: 148, height: 148,
      alt: `QR code of the table's link, ${link}` }),
    listingControl(state, tableId, say));
}

/** The top bar's Invite dialog: the same panel, drawn afresh from the state each time it opens. */
export function openInvite(dialog, state, say) {
  const close = h("button", { type: "button", "data-testid": "invite-close", text: "Close", onclick: () => dialog.close() });
  dialog.replaceChildren(h("h2", { text: "Invite friends" }), invitePanel(state, { say }), close);
  if (!dialog.open) dialog.showModal();
}
