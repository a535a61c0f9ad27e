// Cards as the protocol writes them ("QH", "TS"; "10S" accepted), their names, and their faces as SVG. cardName is
// the page's one naming of a card (the server's log says them with the guide's same words, web/words.py): every
// label, button and line a person reads on the page says a card through it, never as its code.
// Pure: no DOM access, so it can be imported and checked outside a browser.
// Pips are SVG paths of our own, never font glyphs: a fresh machine may have no font with the suit symbols.

export const SUITS = ["S", "H", "D", "C"];
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
// The period's word for the jack is the knave (RULES.md: "Pam is the knave of clubs").
const RANK_NAMES = {
  A: "Ace", K: "King", Q: "Queen", J: "Knave", T: "Ten", 9: "Nine", 8: "Eight", 7: "Seven",
  6: "Six", 5: "Five", 4: "Four", 3: "Three", 2: "Two",
};

// Each pip in a 100x100 box; every subpath winds the same way so that overlaps fill (nonzero rule).
export const SUIT_PATHS = {
  H: "M50 92C28 72 2 52 2 28C2 12 14 2 28 2C38 2 46 8 50 18C54 8 62 2 72 2C86 2 98 12 98 28C98 52 72 72 50 92Z",
  D: "M50 2L86 50L50 98L14 50Z",
  S: "M50 2C62 22 96 40 96 62C96 77 85 86 73 86C64 86 57 81 53 74C54 85 59 92 68 98H32C41 92 46 85 47 74"
    + "C43 81 36 86 27 86C15 86 4 77 4 62C4 40 38 22 50 2Z",
  C: "M50 4A21 21 0 1 1 49.9 4ZM27 38A21 21 0 1 1 26.9 38ZM73 38A21 21 0 1 1 72.9 38ZM50 36L70 62L30 62Z"
    + "M47 58C47 78 42 90 32 98H68C58 90 53 78 53 58Z",
};

/** {rank, suit} of a card code, ranks A K Q J T 9..2; null when the text is not a card. */
export function parseCard(code) {
  const match = /^(10|[2-9TJQKA])([SHDC])$/i.exec(String(code).trim());
  if (!match) return null;
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return { rank, suit: match[2].toUpperCase() };
}

/** The rank as printed in the corner: "10" for T, the letter otherwise. */
export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** "Queen of hearts": the card's name for labels and screen readers. */
export function cardName(code) {
  const card = parseCard(code);
  return card ? `${RANK_NAMES[card.rank]} of ${SUIT_NAMES[card.suit]}` : String(code);
}

/** "the queen of hearts": the card's name inside a sentence. */
export function cardWords(code) {
  return parseCard(code) ? `the ${cardName(code).toLowerCase()}` : String(code);
}

/** Several cards in a sentence: "the four of hearts and the two of clubs". */
export function cardsWords(codes) {
  const said = codes.map(cardWords);
  return said.length > 1 ? `${said.slice(0, -1).join(", ")} and ${said.at(-1)}` : said[0] ?? "";
}

/** The card's name with its part in the game: "Knave of clubs, Pam" for Pam, the card above every trump (LOO5-3). */
export function cardLabel(code, pam = null) {
  return code === pam ? `${cardName(code)}, Pam` : cardName(code);
}

/** "Hearts": a suit's name with a capital, for badges. */
export function suitTitle(suit) {
  const name = SUIT_NAMES[suit] ?? String(suit);
  return name[0].toUpperCase() + name.slice(1);
}

/** A suit's pip alone as an SVG string; it takes its colour from CSS (class suit-X, fill currentColor). */
export function pipSvg(suit, { size = "1em", label = null } = {}) {
  const path = SUIT_PATHS[suit];
  if (!path) return "";
  const a11y = label ? `role="img" aria-label="${escapeXml(label)}"` : `aria-hidden="true"`;
  return `<svg class="pip suit-${suit}" viewBox="0 0 100 100" width="${size}" height="${size}" ${a11y}>`
    + `<path d="${path}" fill="currentColor"/></svg>`;
}

// Pam (LOO5-3) wears a band across the card with its name, drawn in the card's own shapes and text, so that it
// is told apart in any colour scheme; the text label (cardLabel) says it to a screen reader.
const PAM_MARK = `<g class="pam-mark"><rect x="3" y="64" width="42" height="14" rx="3"/>`
  + `<text x="24" y="75" text-anchor="middle" font-size="11" font-family="system-ui, sans-serif" font-weight="700">PAM</text></g>`;

/**
 * A card face as an SVG string, 60x84 user units scaled by CSS: the rank and a small pip in two corners,
 * a large pip in the middle, and the suit's letter as a last resort for anyone who cannot tell the shapes apart.
 * `pam`: the card is Pam, and wears its band.
 */
export function cardSvg(code, { pam = false } = {}) {
  const card = parseCard(code);
  if (!card) return "";
  const { rank, suit } = card;
  const text = rankText(rank);
  const path = SUIT_PATHS[suit];
  const pip = (x, y, size) => `<path transform="translate(${x} ${y}) scale(${size / 100})" d="${path}"/>`;
  // "10" is squeezed to the width of one letter so that it stays inside the corner.
  const squeeze = text.length > 1 ? ` textLength="11" lengthAdjust="spacingAndGlyphs"` : "";
  const index = `<text x="7" y="17" class="rank" text-anchor="middle" font-size="14"${squeeze}>${text}</text>`
    + pip(2.5, 20, 9);
  const big = rank === "A" ? 34 : ["K", "Q", "J"].includes(rank) ? 20 : 26;
  const middle = ["K", "Q", "J"].includes(rank)
    ? `<text x="30" y="52" class="court" text-anchor="middle" font-size="26">${rank}</text>${pip(20, 54, 20)}`
    : pip(30 - big / 2, 42 - big / 2, big);
  return `<svg class="face suit-${suit}" viewBox="0 0 60 84" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">`
    + `<rect class="paper" x="0.75" y="0.75" width="58.5" height="82.5" rx="5"/>`
    + `<g fill="currentColor" font-family="system-ui, sans-serif" font-weight="700">`
    + index
    + `<g transform="rotate(180 30 42)">${index}</g>`
    + middle
    + `<text x="52" y="12" class="letter" text-anchor="middle" font-size="7">${suit}</text>`
    + `</g>${pam ? PAM_MARK : ""}</svg>`;
}

let backsDrawn = 0;

/**
 * A card's back, for a card held but not yet looked at (LOO-DECL-1): the same 60x84 box as a face, a lattice on
 * the back's colour (style.css, .back), so that it reads as a card face down in any colour scheme.
 */
export function cardBackSvg() {
  const id = `lattice-${++backsDrawn}`; // each back its own pattern: an id is unique in the page
  return `<svg class="face back" viewBox="0 0 60 84" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">`
    + `<defs><pattern id="${id}" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
    + `<rect width="8" height="8" class="back-ground"/><path d="M0 0H8M0 0V8" class="back-line"/></pattern></defs>`
    + `<rect class="paper" x="0.75" y="0.75" width="58.5" height="82.5" rx="5"/>`
    + `<rect x="5" y="5" width="50" height="74" rx="3" fill="url(#${id})"/></svg>`;
}

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
