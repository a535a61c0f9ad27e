// "Take a seat": a name and a button for each open seat, or "Watch" where the host allows spectators (UX 2, 15).
// Resolves with {token, seat, name} once seated, or null to watch.

import { ApiError, getTable, sit } from "./api.js";
import { fill, h } from "./dom.js";
import { lastName, saveName } from "./store.js";

const openSeats = (info) => (info.seats ?? []).filter((s) => s.kind === "open");

/** Ask the person where to sit; `info` is the table's TableInfo. */
export function chooseSeat(dialog, tableId, info) {
  return new Promise((resolve) => {
    const name = h("input", {
      "data-testid": "name-input", maxlength: 24, required: true, autocomplete: "nickname",
      value: lastName(), placeholder: "Your name", "aria-label": "Your name",
    });
    const error = h("p", { class: "error", role: "alert" });
    const seats = h("div", { class: "seat-buttons" });
    let current = info;

    const finish = (answer) => {
      dialog.close();
      resolve(answer);
    };

    const take = async (seat, button) => {
      const who = name.value.trim();
      if (!who) {
        error.textContent = "Type the name the others will see.";
        return name.focus();
      }
      button.disabled = true;
      try {
        const answer = await sit(tableId, seat, who);
        saveName(who);
        finish({ token: answer.token, seat: answer.seat ?? seat, name: who, rejoin: answer.rejoin });
      } catch (problem) {
        error.textContent = problem.message;
        if (problem instanceof ApiError && problem.status === 409) {
          // Somebody else was quicker: show the seats that are still open.
          try {
            current = await getTable(tableId);
          } catch {
            // keep the old list; the next try will say again
          }
          drawSeats();
        } else button.disabled = false;
      }
    };

    function drawSeats() {
      const open = openSeats(current);
      fill(seats, open.length
        ? open.map((s) => h("button", {
          type: "button", class: "primary", "data-testid": `sit-${s.seat}`,
          text: `Sit in seat ${s.seat + 1}`, onclick: (event) => take(s.seat, event.currentTarget),
        }))
        : h("p", { text: "Every seat is taken now." }));
    }

    drawSeats();
    fill(dialog, h("div", { class: "panel" },
      h("h2", { text: "Take a seat" }),
      h("p", { text: `${current.title ?? current.game}, ${current.players ?? current.seats?.length} seats. `
        + "Bots play the seats nobody takes." }),
      h("label", { class: "field" }, h("span", { text: "Your name" }), name),
      seats,
      error,
      current.spectators && h("div", { class: "buttons" },
        h("button", { type: "button", "data-testid": "watch", text: "Just watch", onclick: () => finish(null) }))));
    // Escape means "not now": watch where allowed, otherwise the choice stays open.
    dialog.oncancel = (event) => {
      if (current.spectators) finish(null);
      else event.preventDefault();
    };
    dialog.showModal();
    name.focus();
  });
}
