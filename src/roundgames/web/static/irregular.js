// Table mode's warning (docs/web.md, error code "irregular"): the server refused an action the rules forbid but a
// law covers, naming the law and what it will cost; the person plays it anyway, or thinks better of it.

import { fill, h } from "./dom.js";

/**
 * Ask whether to commit the irregularity; resolves true to send `action` again with `irregular: true`.
 * @param {HTMLDialogElement} dialog
 * @param {{message: string, action: string, laws: {rule: string, name?: string, text: string}[]}} warning
 */
export function askIrregular(dialog, { message, action, laws }) {
  return new Promise((resolve) => {
    const finish = (answer) => {
      dialog.onclose = null;
      if (dialog.open) dialog.close();
      resolve(answer);
    };
    const verb = action.startsWith("play ") ? "Play it anyway" : "Do it anyway";
    fill(dialog, h("div", { class: "panel" },
      h("h2", { text: "Not by the rules" }),
      h("p", { "data-testid": "irregular-message", text: message }),
      h("ul", { class: "irregular-laws" }, (laws ?? []).map((law) => h("li", { dataset: { rule: law.rule }, text: law.text }))),
      h("p", { class: "note", text: "The offence and its penalty are shown to everyone, and it cannot be undone." }),
      h("div", { class: "buttons" },
        h("button", { type: "button", "data-testid": "irregular-cancel", text: "Cancel", onclick: () => finish(false) }),
        h("button", { type: "button", class: "primary", "data-testid": "irregular-confirm", text: verb,
          onclick: () => finish(true) }))));
    dialog.onclose = () => finish(false); // Escape
    if (!dialog.open) dialog.showModal();
    dialog.querySelector("[data-testid=irregular-cancel]").focus(); // the safe choice under the keyboard
  });
}
