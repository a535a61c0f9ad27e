// The link to the replay of a finished deal (replay.js; docs/web.md, "Replaying a deal"). It names the deal's
// sitting: the deal numbers start again with each sitting (Play again), and a link shared from one sitting must keep
// opening that sitting's deal.

/** `/t/ID/replay/3?sitting=1&seat=0`: deal `deal` of sitting `sitting`, as seat `seat` saw it. */
export function replayHref(tableId, sitting, deal, seat) {
  return `/t/${encodeURIComponent(tableId)}/replay/${deal}?sitting=${sitting}&seat=${seat}`;
}

/** The replay of deal `number` of the sitting in play for the viewer of `state`: from his own seat, or the first
 *  seat for a spectator once the sitting is over; null where he may not replay it (a spectator while it goes on). */
export function replayHrefFor(state, number) {
  const seated = state.you !== null && state.you !== undefined;
  if (!seated && !state.scores?.over) return null;
  return replayHref(state.table?.id ?? "", state.scores?.sitting ?? 1, number, seated ? state.you : 0);
}

/** The result box's "Replay this deal" beside "Review this deal": once the deal is finished and on the score sheet,
 *  for whoever may replay it. It opens in a new tab, so that the table plays on and the seat is not left away. */
export function renderReplayLink(link, state) {
  const deal = state.deal;
  const finished = Boolean(deal?.complete) && (state.scores?.deals ?? []).length >= deal.number;
  const href = finished ? replayHrefFor(state, deal.number) : null;
  link.hidden = !href;
  if (href) link.href = href;
  else link.removeAttribute("href");
}
