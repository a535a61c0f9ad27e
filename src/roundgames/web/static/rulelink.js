// A rule's ID as a link to the rule on the rules page of the table's game and form (docs/web.md, "Rules pages"):
// "LOO-PLAY-4" in a refusal opens /rules/loo/three-card#LOO-PLAY-4, where every rule has an anchor named by its ID.

import { h } from "./dom.js";

/** A rule ID of RULES.md: LOO-PLAY-5, LOO5-6, LOOI-2, NAP-LAW-4. */
export const RULE_ID = /\b(?:LOO5?|LOOI|NAP)-[A-Z0-9]+(?:-[A-Za-z0-9]+)*/g;

/** The address of `rule` on the rules page `page` ("/rules/loo/three-card"). */
export function ruleHref(page, rule) {
  return `${page}#${encodeURIComponent(rule)}`;
}

/** A link to the rule, opened beside the table so that the table stays open. */
export function ruleLink(page, rule, { newTab = true } = {}) {
  return h("a", { href: ruleHref(page, rule), class: "rule-link", "data-rule": rule, text: rule,
    ...(newTab ? { target: "_blank", rel: "noopener" } : {}) });
}

/** `text` as nodes, each rule ID in it a link to the rule on `page`; the text alone when there is no page. */
export function withRuleLinks(text, page, options = {}) {
  const str = String(text ?? "");
  if (!page) return [str];
  const out = [];
  let at = 0;
  for (const match of str.matchAll(RULE_ID)) {
    out.push(str.slice(at, match.index), ruleLink(page, match[0], options));
    at = match.index + match[0].length;
  }
  out.push(str.slice(at));
  return out.filter((part) => part !== "");
}

/** Show a message in `el` (a refusal, most often), each rule ID in it a link to the rule (the table's message line). */
export function showRefusal(el, text, page) {
  el.replaceChildren(...withRuleLinks(text, page));
}
