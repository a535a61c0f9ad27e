// The guide's text on the web (the rules pages, the table's Rules dialog): its markup drawn as the page shows it.
// "{QH}" is a card, drawn as an SVG card; a paragraph "> ..." a quotation, "- ..." an item of a list; a rule ID
// links to the rule's anchor on the rules page.

import { cardName, cardSvg } from "./cards.js";
import { h } from "./dom.js";
import { withRuleLinks } from "./rulelink.js";

const CARD = /\{([2-9TJQKA][SHDC])\}/g;

/** A small picture of a card, with its name for screen readers. */
export function cardPicture(code) {
  return h("span", { class: "card-pic", role: "img", "aria-label": cardName(code), "data-card": code, html: cardSvg(code) });
}

/** One paragraph of markup as nodes: its cards as pictures, its rule IDs as links to `page`. */
export function markupNodes(text, page, options = {}) {
  const out = [];
  let at = 0;
  for (const match of String(text).matchAll(CARD)) {
    out.push(...withRuleLinks(text.slice(at, match.index), page, options), cardPicture(match[1]));
    at = match.index + match[0].length;
  }
  out.push(...withRuleLinks(text.slice(at), page, options));
  return out;
}

/** Paragraphs of markup as blocks: p, blockquote, and ul for the items of a list. */
export function markupBlocks(paragraphs, page, options = {}) {
  const out = [];
  let list = null;
  for (const text of paragraphs ?? []) {
    if (text.startsWith("- ")) {
      if (!list) out.push(list = h("ul"));
      list.append(h("li", {}, markupNodes(text.slice(2), page, options)));
      continue;
    }
    list = null;
    out.push(text.startsWith("> ")
      ? h("blockquote", {}, markupNodes(text.slice(2), page, options))
      : h("p", {}, markupNodes(text, page, options)));
  }
  return out;
}

// On a rules page, the server wrote each card as its text ("Q♥"): draw it as an SVG card instead.
for (const el of document.querySelectorAll(".guide .card-pic[data-card]")) {
  el.innerHTML = cardSvg(el.dataset.card);
}
