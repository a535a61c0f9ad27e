"""The pages that teach Loo: Three-card, Five-card and Irish, each under its default preset (RULES.md §3, §4, §5).

Each worked example is also a deal record, which tests/test_guide.py replays through the referee, so that what the
page says each player wins or loses is what the rules give.
"""

from __future__ import annotations

from typing import Any

from .pages import Page, Section

__all__ = ["LOO_PAGES"]

_PEEL_DECLARE = '> "The player on the left of the dealer has the right to look at his cards, and declares his intention to stand, throw up, or take miss." (Peel, Round Games with Cards)'
_PEEL_HEAD = '> "It is compulsory, however, for each player, in turn, to head the trick if he is able to do so." (Peel)'
_PEEL_LOOED = (
    '> "Those who stood, either on their own hand or on miss, and did not succeed in winning a trick are looed." (Peel)'
)

_FOLLOW = (
    "Each player in turn must follow suit if he can (LOO-PLAY-4), and must head the trick, beating the best card in "
    "it, if he can (LOO-PLAY-5). With spades trumps and {9H} led, a player holding {KH} {3H} must play {KH}."
)
_VOID = (
    "A player with none of the suit led must trump if a trump would head the trick, and overtrump a trump if he can "
    "(LOO-PLAY-6); otherwise he plays any card. The highest trump takes the trick, or else the highest card of the "
    "suit led, and its winner leads the next (LOO-PLAY-7)."
)


def _record(
    variant: str, stakes: dict[str, int], pool: int, dealer: str, cards: dict[str, str], actions: str
) -> dict[str, Any]:
    return {
        "format": "roundgames-deal/1",
        "game": "loo",
        "variant": variant,
        "options": {},
        "mode": "strict",
        "stakes": stakes,
        "seats": ["Ann", "Ben", "Cat", "Dan"],
        "dealer": dealer,
        "pool": pool,
        "kind": "regular",
        "cards": cards,
        "actions": [a.strip() for a in actions.split(";")],
    }


THREE_CARD = Page(
    game="loo",
    form="three_card",
    slug="three-card",
    title="Three-card Loo",
    intro=(
        "Loo is a round game in which everybody plays for himself. Three cards are dealt to each player, and three "
        "tricks are played for the counters in the pool: each trick takes a third of it. A player who chooses to play "
        "and takes no trick is looed, and pays into the next pool.",
        '> "The game is good for any number up to a dozen, although the best game is played with five, or not more than seven persons." (Peel)',
        "These are Peel's rules, the table's default (the preset peel). Every rule has an ID, such as LOO-PLAY-5, "
        "which a refusal at the table names; all of them are listed at the end of this page.",
    ),
    sections=(
        Section(
            "deal",
            "The deal",
            (
                "Cards rank as at whist, ace high, in a full pack of 52 (LOO-GEN-2). The first dealer is whoever is "
                "dealt the first knave, face up; after each deal the deal passes to the left (LOO-GEN-3).",
                "Only the dealer stakes: he puts the deal, 3 counters, into the pool before he deals (LOO-STK-2). The "
                "pool also holds whatever was carried, and the loos paid after the last deal (LOO-STK-6).",
                "The first deal is a single (LOO-DEAL-1): the dealer turns up a card, say {9H}, and deals everyone one "
                "card face up. The best heart above the turn-up, here {KH}, takes the pool, and every other player is "
                "looed a single loo, 3, into the next pool (LOO-SGL-2, LOO-SGL-3). If no card qualifies, all are "
                "looed and the pool stays (LOO-SGL-4).",
                "In a regular deal everyone gets three cards, one at a time from the dealer's left, and a spare hand, "
                "the miss, gets a card after the dealer's own in each round (LOO-DEAL-4). The next card is turned up: "
                "its suit is trumps (LOO-DEAL-5). Nobody looks at the miss (LOO-DEAL-6).",
            ),
        ),
        Section(
            "declaring",
            "Declaring: stand, throw up, or take the miss",
            (
                "Starting on the dealer's left, each player in turn looks at his cards, and only then, and says one "
                "of three things (LOO-DECL-1):",
                '- Stand ("I play"): he will play his three cards.',
                "- Throw up: he puts his cards face down and takes no part in the deal; he neither pays nor receives "
                "(LOO-DECL-2).",
                "- Take the miss: his own cards go face down, unseen, and he plays the miss instead; he may not throw "
                "it up (LOO-DECL-3, LOO-DECL-4). Once the miss is taken, later players may only stand or throw up.",
                _PEEL_DECLARE,
                "A declaration is final (LOO-DECL-5), even one made out of turn: it takes effect at its maker's turn, "
                "or, if it is not open to him then, counts as the nearest one that is; a dealer who said he throws "
                "up and finds one player alone in plays the miss for the pool (LOO-LAW-5). The dealer speaks last, "
                "and has choices of his own:",
                "- If everybody before him threw up and nobody took the miss, he takes the whole pool without play "
                "(LOO-DECL-7).",
                "- If exactly one player stood and the miss is untaken, the dealer may not throw up: he stands, takes "
                "the miss, or plays the miss for the pool, in which case whatever it wins stays in the pool and he "
                "cannot be looed (LOO-DECL-8).",
                "- If the only player in took the miss, the dealer may stand or throw up; if he throws up, the holder "
                "of the miss takes the pool (LOO-DECL-9).",
                "- Otherwise he is as free as anyone (LOO-DECL-10).",
                "A dealer whom a law makes throw up (he looked at another player's hand, LOO-LAW-8) gains nothing by "
                "it: if everybody else threw up, the pool, his penalty in it, goes on to the next deal; if one player "
                "stood, that player takes the pool without play.",
            ),
        ),
        Section(
            "play",
            "The play: following, heading and trumping",
            (
                "Only those who stood or took the miss play. The first of them to the dealer's left leads, whoever "
                "holds the miss (LOO-PLAY-1).",
                "The first lead is bound: a leader holding the ace of trumps must lead it (when the ace is the turn-up, "
                "the king); with two or three trumps, the highest of them; otherwise any card (LOO-PLAY-2). The "
                "winner of the first trick, if he still holds a trump, must lead it, the higher of two (LOO-PLAY-3).",
                _FOLLOW,
                _VOID,
                _PEEL_HEAD,
                "All three tricks are always played (LOO-PLAY-9).",
            ),
        ),
        Section(
            "payments",
            "The payments: the pool, loos and singles",
            (
                "The pool is divided into three shares, one for each trick (LOO-SET-1); when it does not divide by "
                "three, the winners of the first and second tricks take the odd counters (LOO-SET-2).",
                "Each player who stood, on his own cards or on the miss, and took no trick is looed: he pays the loo, "
                "6 counters, into the next pool (LOO-SET-3, LOO-STK-5).",
                _PEEL_LOOED,
                "If nobody was looed, the next deal is a single again (LOO-DEAL-2). A fault is paid for: before the "
                "play, a single loo at once into this pool; in play, a full loo, and the hand is played again (the "
                "laws, LOO-LAW-0a and LOO-LAW-0b).",
                "A misdeal makes the deal void, a single too though it is settled as it is dealt: the dealer pays a "
                "single loo into the pool, his stake is not charged, and he deals the same kind of deal again "
                "(LOO-LAW-1). So does a card exposed in the deal, its exposer paying (LOO-LAW-2).",
                "The sitting ends when everybody has dealt the same number of times and the last deal was without a "
                "loo (LOO-END-1).",
            ),
        ),
        Section(
            "example",
            "A deal, step by step",
            (
                "Ann, Ben, Cat and Dan sit clockwise, and Ben deals. The pool holds 12: 9 from the last deal and Ben's "
                "3. The turn-up is {7S}, so spades are trumps.",
                "Cat holds {AS} {4S} {9D}; Dan {KD} {QD} {2C}; Ann {JS} {8H} {3H}; Ben {KS} {TS} {5D}. The miss "
                "is {6C} {2H} {8D}, but nobody takes it: all four stand, and it goes back unseen.",
                "Trick 1: Cat holds the ace of trumps and must lead it, {AS}. Dan has no spade and no trump, and "
                "throws {2C}; Ann plays her only spade, {JS}; Ben cannot beat the ace and plays {TS}. Cat wins.",
                "Trick 2: Cat still holds a trump, so she must lead it, {4S}. Dan throws {QD} and Ann {3H}; Ben must "
                "head the trick and plays {KS}. Ben wins.",
                "Trick 3: Ben leads {5D}. Cat must head it with {9D}; Dan heads that with {KD}; Ann throws {8H}. Dan "
                "wins.",
                "The pool of 12 gives 4 a trick to Cat, Ben and Dan. Ann stood and took no trick: she is looed 6, "
                "into the next pool. For the deal: Cat +4, Dan +4, Ben +1 (4 less the 3 he staked), Ann -6.",
            ),
        ),
    ),
    rule_parts=("3", "4.1", "5"),
    example_record=_record(
        "peel",
        dict(deal=3, loo=6, single=3),
        9,
        "Ben",
        {
            "Cat": "AS 4S 9D",
            "Dan": "KD QD 2C",
            "Ann": "JS 8H 3H",
            "Ben": "KS TS 5D",
            "miss": "6C 2H 8D",
            "turnup": "7S",
        },
        "Cat stand; Dan stand; Ann stand; Ben stand; Cat play AS; Dan play 2C; Ann play JS; Ben play TS; "
        "Cat play 4S; Dan play QD; Ann play 3H; Ben play KS; Ben play 5D; Cat play 9D; Dan play KD; Ann play 8H",
    ),
    example_net={"Ann": -6, "Ben": 1, "Cat": 4, "Dan": 4},
)

FIVE_CARD = Page(
    game="loo",
    form="five_card",
    slug="five-card",
    title="Five-card Loo",
    intro=(
        "Five-card Loo, or Pam Loo, is Loo with five cards each, no miss, a chance to exchange cards, and Pam: the "
        "knave of clubs {JC}, the best card in the pack. Five tricks are played for the pool.",
        '> "The knave of clubs generally, or sometimes the knave of the trump suit, as agreed upon, is the highest card, and is styled Pam." (Peel)',
        "These are the rules of the preset five-card: deal, loo and single 5 counters each. The rules of Three-card "
        "Loo hold wherever these do not differ; every rule is listed with its ID at the end of this page.",
    ),
    sections=(
        Section(
            "deal",
            "The deal",
            (
                "The dealer puts 5 counters into the pool and deals five cards to each player, one at a time. The "
                "next card is turned up for trumps. There is no miss (LOO5-1), and every deal is a regular deal.",
                "Pam, the knave of clubs {JC}, is the highest card of all, above the ace of trumps, and counts as a "
                "trump (LOO5-3).",
            ),
        ),
        Section(
            "declaring",
            "Declaring: exchanging, and flushes",
            (
                "In turn from the dealer's left, each player either throws up, or plays. Before he plays he may "
                "exchange any number of his cards, once: he puts them face down and is given as many from the top of "
                "the stock. A player who has exchanged must play (LOO5-2).",
                '> "No second exchange is allowable, nor can a card once put out be taken back into the hand." (Peel)',
                "A flush is five cards of one suit, or four and Pam, and it is always shown: when everybody has "
                "declared, each player still in who holds one shows it, in turn from the dealer's left, before the "
                "first card is led. The best takes the whole pool and a loo from every other player, whether they "
                "stood or not, and the hand is not played (LOO5-6). A flush in trumps beats one in a plain suit; then "
                "the higher cards win; then the elder hand (LOO5-7).",
                "The dealer has the same rights as in Three-card Loo: if everyone throws up, he takes the pool "
                "(LOO-DECL-7); if one player stands, he must play against him with his own cards, exchanging if he "
                "likes (LOO-DECL-8).",
            ),
        ),
        Section(
            "play",
            "The play: following, heading, trumping, and Pam",
            (
                "The first player in to the dealer's left leads, and five tricks are played (LOO5-5). The leads are "
                "bound as in Three-card Loo (LOO-PLAY-2, LOO-PLAY-3): Pam is the highest trump, so a leader holding Pam "
                "and another trump must lead Pam.",
                _FOLLOW,
                _VOID,
                '"Pam be civil": a player who leads the ace of trumps may say so, and the holder of Pam may not play '
                "Pam to that trick (LOO5-4), unless it is his last card: then he must, it wins nothing there, and he "
                "is still not looed for it (LOO5-8).",
                "> \"When the ace of trumps is led, it is usual to say 'Pam be civil,' the holder of Pam is then expected to let the ace pass.\" (Hoyle)",
            ),
        ),
        Section(
            "payments",
            "The payments: the pool, loos and flushes",
            (
                "The pool is divided into five shares, one for each trick; the odd counters go to the earliest tricks "
                "(LOO5-5). Each player who played and took no trick is looed 5 into the next pool (LOO-SET-3), "
                "except the holder of Pam, who cannot be looed (LOO5-8).",
                "A flush is paid before any card is played: the pool, and a loo from every other player (LOO5-6); "
                "under unlimited loo that loo is the pool the flush takes (capped under mixed loo).",
            ),
        ),
        Section(
            "example",
            "A deal, step by step",
            (
                "Ann, Ben, Cat and Dan sit clockwise, and Dan deals: the pool holds his 5. The turn-up is {4S}, so "
                "spades are trumps.",
                "Ann holds {JC} {AS} {9H} {5D} {2C}: Pam and the ace of trumps. She stands.",
                "Ben holds {KH} {QH} {8H} {7H} {3D}: four hearts. He exchanges {3D} and draws {2H}.",
                "Cat holds {9S} {6C} {7D} {4C} {3C}, and throws up. Dan stands on {KS} {TS} {8C} {6D} {2D}.",
                "Everybody has declared, and Ben shows his flush: {KH} {QH} {8H} {7H} {2H}. He takes the pool, 5, and "
                "a loo of 5 from each other player, Ann with Pam included; no card is played.",
                "For the deal: Ben +20, Ann -5, Cat -5, Dan -10 (his stake and the loo).",
            ),
        ),
    ),
    rule_parts=("3", "4.1", "4.2", "5"),
    example_record=_record(
        "five-card",
        dict(deal=5, loo=5, single=5),
        0,
        "Dan",
        {
            "Ann": "JC AS 9H 5D 2C",
            "Ben": "KH QH 8H 7H 3D",
            "Cat": "9S 6C 7D 4C 3C",
            "Dan": "KS TS 8C 6D 2D",
            "turnup": "4S",
            "stock": "2H 9C",
        },
        "Ann stand; Ben exchange 3D; Cat throw; Dan stand; Ben flush",
    ),
    example_net={"Ann": -5, "Ben": 20, "Cat": -5, "Dan": -10},
)

IRISH = Page(
    game="loo",
    form="irish",
    slug="irish",
    title="Irish Loo",
    intro=(
        "Irish Loo is Three-card Loo without the miss: instead, a player may change cards from the stock, as in "
        "Five-card Loo. There is no Pam.",
        '> "This is virtually the same as the five-card variety, except that three cards only are dealt to each player, and Pam is unknown." (Peel)',
        "These are the rules of the preset irish, with club law. The rules of Three-card Loo hold wherever these do "
        "not differ; every rule is listed with its ID at the end of this page.",
    ),
    sections=(
        Section(
            "deal",
            "The deal",
            (
                "The dealer puts 3 counters into the pool and deals three cards to each player, one at a time; the next "
                "card is turned up for trumps. There is no miss and no Pam (LOOI-1), and every deal is a regular deal.",
            ),
        ),
        Section(
            "declaring",
            "Declaring: exchanging, and club law",
            (
                "In turn from the dealer's left, each player throws up or plays; before he plays he may exchange any "
                "of his cards once, from the stock, and then he must play (LOOI-1, LOO5-2).",
                "Club law: when the turn-up is a club, everybody must play, and nobody may throw up (LOOI-2).",
                "Three cards of a suit are not a flush here (LOOI-3). The dealer's rights are those of Three-card Loo: "
                "he takes the pool when everybody throws up (LOO-DECL-7), and must play against a lone stander "
                "(LOO-DECL-8).",
            ),
        ),
        Section(
            "play",
            "The play: following, heading and trumping",
            (
                "The first player in to the dealer's left leads. A leader holding the ace of trumps must lead it; with "
                "two or three trumps, the highest; the winner of the first trick leads a trump if he has one "
                "(LOO-PLAY-2, LOO-PLAY-3).",
                _FOLLOW,
                _VOID,
            ),
        ),
        Section(
            "payments",
            "The payments: the pool and loos",
            (
                "The pool is divided into three shares, one for each trick (LOO-SET-1). Each player who played and took "
                "no trick is looed 6 into the next pool (LOO-SET-3).",
                _PEEL_LOOED,
            ),
        ),
        Section(
            "example",
            "A deal, step by step",
            (
                "Ann, Ben, Cat and Dan sit clockwise, and Dan deals. The pool holds 9: 6 carried from the last deal "
                "and Dan's 3. The turn-up is {8H}, so hearts are trumps.",
                "Ann holds {AH} {9S} {4C} and stands. Ben holds {5S} {4D} {3C}: he exchanges {4D} {3C} and draws "
                "{KH} {6S}. Cat throws up {7D} {6C} {2S}. Dan stands on {QS} {JD} {9H}.",
                "Trick 1: Ann must lead the ace of trumps, {AH}. Ben must follow with his only heart, {KH}; Dan plays "
                "{9H}. Ann wins.",
                "Trick 2: Ann has no trump left, so she leads what she likes: {9S}. Ben cannot beat it and plays "
                "{5S}; Dan must head it, with {QS}. Dan wins.",
                "Trick 3: Dan leads {JD}; Ann throws {4C} and Ben {6S}. Dan wins.",
                "The pool of 9 gives 3 a trick. Ben played and took no trick: he is looed 6, into the next pool. Cat "
                "threw up, and neither pays nor receives. For the deal: Ann +3, Dan +3 (6 less the 3 he staked), "
                "Ben -6.",
            ),
        ),
    ),
    rule_parts=("3", "4.1", "4.2", "4.3", "5"),
    example_record=_record(
        "irish",
        dict(deal=3, loo=6, single=3),
        6,
        "Dan",
        {
            "Ann": "AH 9S 4C",
            "Ben": "5S 4D 3C",
            "Cat": "7D 6C 2S",
            "Dan": "QS JD 9H",
            "turnup": "8H",
            "stock": "KH 6S 2C",
        },
        "Ann stand; Ben exchange 4D 3C; Cat throw; Dan stand; Ann play AH; Ben play KH; Dan play 9H; "
        "Ann play 9S; Ben play 5S; Dan play QS; Dan play JD; Ann play 4C; Ben play 6S",
    ),
    example_net={"Ann": 3, "Ben": -6, "Cat": 0, "Dan": 3},
)

#: the pages of Loo, form by form
LOO_PAGES = (THREE_CARD, FIVE_CARD, IRISH)
