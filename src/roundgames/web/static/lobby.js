// The landing page: the seats this browser holds ("Rejoin your game"), the create form, and the open tables.

import { getOptions, getTable, listTables } from "./api.js";
import { CreateForm } from "./createform.js";
import { byTestId, fill, h } from "./dom.js";
import { allSeats, forgetSeat } from "./store.js";
import { applySettings } from "./settings.js";

const REFRESH_MS = 10_000;
const tablePath = (id) => `/t/${encodeURIComponent(id)}`;
const title = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");

function ago(created) {
  if (typeof created !== "number") return "";
  const seconds = Math.max(0, Date.now() / 1000 - created);
  if (seconds < 90) return "just now";
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

function describe(info) {
  const seats = info.seats ?? [];
  const open = seats.filter((s) => s.kind === "open").length;
  const people = seats.filter((s) => s.kind === "person").map((s) => s.name).filter(Boolean);
  return [
    info.title ?? title(info.game),
    info.mode === "table" ? "table mode: the laws apply" : "",
    `${info.players ?? seats.length} seats, ${open} open`,
    info.gathering ? "gathering: not started yet" : "",
    info.rounds === null ? "until we stop" : `${info.rounds} round${info.rounds === 1 ? "" : "s"}`,
    info.turn_seconds ? `clock ${info.clock ?? `${info.turn_seconds} s a turn`}` : "",
    people.length ? `with ${people.join(", ")}` : "",
    ago(info.created),
  ].filter(Boolean).join(" · ");
}

async function showOpenTables() {
  const list = byTestId("open-tables");
  try {
    const { tables = [] } = await listTables();
    const mine = allSeats();
    fill(list, tables.length ? tables.map((info) => {
      const open = (info.seats ?? []).some((s) => s.kind === "open");
      return h("li", { dataset: { table: info.id } },
        h("span", { class: "what", text: describe(info) }),
        h("span", { class: "links" },
          mine[info.id] && h("a", { href: tablePath(info.id), text: "Back to my seat" }),
          !mine[info.id] && open && h("a", { href: tablePath(info.id), "data-testid": `join-${info.id}`, text: "Join" }),
          info.spectators && h("a", { href: `${tablePath(info.id)}#watch`, "data-testid": `watch-${info.id}`, text: "Watch" })));
    }) : h("li", { class: "empty", text: "No listed tables just now: start one (a table is private unless its host lists it)." }));
  } catch (error) {
    fill(list, h("li", { class: "empty", text: error.message }));
  }
}

// Tables expire: one the server no longer knows is forgotten, so the list only offers games that can be rejoined.
async function showRejoin() {
  const list = byTestId("rejoin-list");
  const seats = Object.entries(allSeats());
  const rows = await Promise.all(seats.map(async ([id, seat]) => {
    let info = null;
    try {
      info = await getTable(id);
    } catch (error) {
      if (error.status === 404) {
        forgetSeat(id);
        return null;
      }
    }
    const who = seat.name ? `${seat.name}, ` : "";
    const where = Number.isInteger(seat.seat) ? `seat ${seat.seat + 1}` : "your seat";
    return h("li", { dataset: { table: id } },
      h("a", { href: tablePath(id), "data-testid": `rejoin-${id}` },
        info ? `${info.title ?? title(info.game)}: ${who}${where}` : `Table ${id}: ${who}${where}`));
  }));
  const live = rows.filter(Boolean);
  fill(list, live.length ? live : h("li", { class: "empty", text: "No game held in this browser." }));
}

async function main() {
  applySettings();
  const form = document.getElementById("create-form");
  let options = {};
  try {
    options = await getOptions();
  } catch (error) {
    form.querySelector("#create-error").textContent = `The rules on offer could not be loaded: ${error.message}`;
  }
  new CreateForm(form, options);
  showRejoin();
  showOpenTables();
  setInterval(showOpenTables, REFRESH_MS);
}

main();
