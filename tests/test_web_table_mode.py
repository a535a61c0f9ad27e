"""Table mode at the web table (RULES.md §5, §8; docs/web.md "Table mode"), against a real ``roundgames serve``:
an irregular action is warned of first and changes nothing, then, confirmed, is applied with its laws, which every
seat reads in the log.

One server runs for the module, on a free port with its own database (tests/webproto.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from roundgames.web.words import card_words
from webproto import NAMES, Server, Table, comparable, refused


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("web-table-mode"))
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def table(server: Server) -> Iterator[Table]:
    t = Table(server)
    try:
        yield t
    finally:
        t.close()


STAKES = re.compile(r"Stakes: deal (\d+), loo (\d+)")


def proper(state: dict[str, Any]) -> str:
    """A proper action for the seat whose state this is: stand; in Nap's calling the lowest call if nobody has
    called yet, else pass; in the play the first legal card."""
    actions = [e["action"] for e in state["legal"]]
    if "stand" in actions:
        return "stand"
    calls = sorted((a for a in actions if re.fullmatch(r"call \d", a)), key=lambda a: int(a[-1]))
    if calls and not any(s["note"].startswith("called") for s in state["seats"]):
        return calls[0]
    return "pass" if "pass" in actions else actions[0]


def breaking(rule: str) -> Callable[[dict[str, Any]], str | None]:
    """A card of the hand that the state's ``illegal`` says breaks ``rule``, if any."""
    return lambda state: next((c for c, why in state["illegal"].items() if why.endswith(f"({rule})")), None)


class Found:
    """A turn in the play where the seat to act holds the card looked for, with the deal as its play began."""

    def __init__(self, seat: int, card: str, state: dict[str, Any], leader: int, counts: list[int]) -> None:
        self.seat, self.card, self.state, self.leader, self.counts = seat, card, state, leader, counts
        self.number = int(state["deal"]["number"])


def play_until(table: Table, want: Callable[[dict[str, Any]], str | None], turns: int = 400) -> Found:
    """Act properly for every seat until, in the play, ``want`` picks something from the state of the seat to act."""
    leader, counts = -1, []
    for _ in range(turns):
        seat = table.to_act()
        c, token = table.client(seat), table.tokens[seat]
        state = c.snapshot(token)["state"]
        deal = state["deal"]
        if deal["phase"] == "play":
            if not deal["trick"] and deal["last_trick"] is None:  # the first lead: the play as it began
                leader, counts = seat, [s["cards"] for s in state["seats"]]
            card = want(state)
            if card is not None:
                return Found(seat, card, state, leader, counts)
        c.send({"type": "act", "action": proper(state)})
        c.of_type("update")
    raise AssertionError(f"no turn in {turns} offered what was looked for")


def finish_deal(table: Table, number: int) -> dict[str, Any]:
    """Act properly until deal ``number`` is over; the state of the next deal, which waits for its first action."""
    for _ in range(60):
        seat = table.to_act()
        c, token = table.client(seat), table.tokens[seat]
        state = c.snapshot(token)["state"]
        if state["deal"]["number"] != number:
            return state
        c.send({"type": "act", "action": proper(state)})
        c.of_type("update")
    raise AssertionError(f"deal {number} did not end")


def test_table_mode_is_a_setting_of_the_table(server: Server) -> None:
    mode = server.http.get("/api/options").json()["mode"]
    assert mode["default"] == "strict" and mode["values"] == ["strict", "table"]
    assert "laws" in mode["doc"] and "RULES.md" not in mode["doc"]  # players have no RULES.md: the rules page
    plain = server.http.get(f"/api/tables/{server.create(game='loo', players=3)}").json()
    assert plain["mode"] == "strict"
    table = server.create(game="nap", players=3, mode="table", listed=True)
    info = server.http.get(f"/api/tables/{table}").json()
    assert info["mode"] == "table"
    assert next(t for t in server.http.get("/api/tables").json()["tables"] if t["id"] == table)["mode"] == "table"
    token = server.sit(table, 0, "Ann")
    with server.ws(table) as c:
        _, snapshot = c.hello(token)
        assert snapshot["state"]["table"]["mode"] == "table"


def test_table_mode_loo_law_14_revoke_is_warned_of_then_penalised_and_the_hand_replayed(server: Server) -> None:
    """A revoke at a table-mode table: first the warning (LOO-PLAY-4 broken, LOO-LAW-14 would apply) and nothing
    changes; sent again confirmed, the law is in everybody's log, a full loo goes into the next pool and every card
    goes back to its hand, the same leader leading again (LOO-LAW-0b, -0d, §14.9). The offender wins nothing and is
    not looed again (LOO-LAW-0c, §14.6); the penalty counts as a loo, so the next deal is no single (§14.5)."""
    table = Table(server, "loo", 3, mode="table", rounds=10, options={"loo_mode": "limited"})
    try:
        found = play_until(table, breaking("LOO-PLAY-4"))
        seat, card, name = found.seat, found.card, NAMES[found.seat]
        c, token = table.client(seat), table.tokens[seat]
        stakes = STAKES.search("\n".join(found.state["table"]["rules"]))
        assert stakes is not None
        deal_stake, loo = int(stakes.group(1)), int(stakes.group(2))
        law = f"LOO-LAW-14 applied to {name}: {loo} into the next pool"

        error = refused(c, token, {"type": "act", "action": f"play {card}"}, "irregular", "action")
        assert error["rule"] == "LOO-PLAY-4" and error["action"] == f"play {card}"
        assert error["laws"] == [{"rule": "LOO-LAW-14", "name": "revoke", "text": law, "penalty": loo, "pool": "next"}]
        assert error["message"].startswith("Revoke (LOO-LAW-14): ") and law in error["message"]
        assert "replayed from the first lead" in error["message"]

        c.send({"type": "act", "action": f"play {card}", "irregular": True})
        update = c.until(lambda m: m["type"] == "update" and bool(m["log"]), "the revoke")
        assert [(e["kind"], e["seat"], e["text"]) for e in update["log"]] == [
            ("action", seat, f"{name} plays {card_words(card)}"),
            ("law", seat, f"Revoke: {law}."),
            ("law", None, "Every card goes back to its hand: the hand is replayed from the first lead."),
        ]
        deal = update["state"]["deal"]
        assert deal["number"] == found.number and deal["phase"] == "play" and not deal["complete"]
        assert deal["trick"] == [] and deal["last_trick"] is None and deal["to_act"] == found.leader
        # The full loo lies on the table, set aside for the next deal (LOO-LAW-18).
        assert deal["next_pool"] == loo and deal["pool"] == found.state["deal"]["pool"] + loo
        assert [s["cards"] for s in update["state"]["seats"]] == found.counts
        assert [s["tricks"] for s in update["state"]["seats"]] == [0, 0, 0]
        # Each seat has its own cards back and sees no other's; the revoked card was shown to everybody.
        hands = []
        for i in range(3):
            snapshot = table.client(i).snapshot(table.tokens[i])
            hands.append(set(snapshot["state"]["hand"]))
            assert len(hands[i]) == found.counts[i]
            assert any(e["kind"] == "law" and e["text"] == f"Revoke: {law}." for e in snapshot["log"])
        assert card in hands[seat] and sum(len(h) for h in hands) == len(set().union(*hands))
        with server.ws(table.id) as spectator:
            _, watched = spectator.hello(None)
            assert watched["state"]["hand"] == [] and any(
                e["text"] == f"{name} plays {card_words(card)}" for e in watched["log"]
            )

        dealer = int(deal["dealer"])
        after = finish_deal(table, found.number)
        net = after["scores"]["deals"][found.number - 1]
        assert net[seat] == -(loo + (deal_stake if seat == dealer else 0)), (net, seat, dealer)
        # Money is conserved: what the seats lost lies in the new deal's pool, with its dealer's stake.
        assert after["deal"]["kind"] == "regular" and after["deal"]["phase"] == "declare"
        assert after["deal"]["pool"] == -sum(after["scores"]["totals"]) + deal_stake
    finally:
        table.close()


def test_table_mode_nap_law_6_revoke_ends_the_deal(server: Server) -> None:
    """NAP-LAW-6 under the default revoke_rule: play stops at the revoke; by the caller his call fails, by an
    opponent it counts as made and the revoker alone pays the caller for every opponent (C-NAP-12)."""
    table = Table(server, "nap", 3, mode="table", rounds=10)
    try:
        found = play_until(table, breaking("NAP-PLAY-2"))
        seat, card, name = found.seat, found.card, NAMES[found.seat]
        c, token = table.client(seat), table.tokens[seat]
        deal = found.state["deal"]
        declarer, call = int(deal["declarer"]), int(deal["contract"])
        unit = int(re.search(r"Stakes: unit (\d+)", "\n".join(found.state["table"]["rules"])).group(1))  # type: ignore[union-attr]
        paid = call * unit * 2  # two opponents
        law = f"NAP-LAW-6 applied to {name}: {paid} paid between the players"

        error = refused(c, token, {"type": "act", "action": f"play {card}"}, "irregular", "action")
        assert error["rule"] == "NAP-PLAY-2"
        assert error["laws"] == [{"rule": "NAP-LAW-6", "name": "revoke", "text": law, "penalty": paid, "pool": None}]
        assert error["message"].endswith(f"{law}, and the deal ends here.")

        c.send({"type": "act", "action": f"play {card}", "irregular": True})
        update = c.until(lambda m: m["type"] == "update" and bool(m["log"]), "the revoke")
        log = [(e["kind"], e["text"]) for e in update["log"]]
        assert log[:2] == [("action", f"{name} plays {card_words(card)}"), ("law", f"Revoke: {law}.")]
        assert log[2][0] == "result" and log[2][1].startswith(
            f"{NAMES[declarer]} {'lost' if seat == declarer else 'made'} {call}"
        )
        state = update["state"]
        assert state["deal"]["complete"] and state["deal"]["number"] == found.number
        assert card not in [t["card"] for t in state["deal"]["trick"]]  # the revoking card is not added to the trick
        net = state["deal"]["net"]
        if seat == declarer:
            assert net == [-paid if s == seat else paid // 2 for s in range(3)]
        else:
            assert net == [-paid if s == seat else paid if s == declarer else 0 for s in range(3)]
    finally:
        table.close()


def test_table_mode_a_card_out_of_turn_is_warned_of_and_what_no_law_covers_is_refused(server: Server) -> None:
    table = Table(server, "loo", 3, mode="table", rounds=10)
    try:
        found = play_until(
            table, lambda s: "lead" if not s["deal"]["trick"] and s["deal"]["last_trick"] is None else None
        )
        other = next(i for i in range(3) if i != found.seat and found.counts[i])
        c, token = table.client(other), table.tokens[other]
        hand = c.snapshot(token)["state"]["hand"]
        error = refused(c, token, {"type": "act", "action": f"play {hand[0]}"}, "irregular", "action")
        assert [law["rule"] for law in error["laws"]] == ["LOO-LAW-10"]  # a card out of turn
        assert error["laws"][0]["text"].startswith(f"LOO-LAW-10 applied to {NAMES[other]}: ")
        # No law covers a card he does not hold, or a declaration once play has begun other than a throw.
        not_held = next(x for x in ("AS", "KH", "QD", "JC", "TS", "9H", "8D", "7C", "2S") if x not in hand)
        for action in (f"play {not_held}", "stand"):
            refused(c, token, {"type": "act", "action": action, "irregular": True}, "not_your_turn")
    finally:
        table.close()


def test_table_mode_clarification_27_loo_law_5_a_declaration_out_of_turn_is_made_once(server: Server) -> None:
    """LOO-LAW-5, §14.27: the second seat to declare throws up out of turn, warned of and confirmed; it is logged
    once, and when the first seat stands the turn passes straight to the dealer."""
    table = Table(server, "loo", 3, mode="table", rounds=10)
    try:
        first = table.to_act()
        second, dealer = (first + 1) % 3, (first + 2) % 3
        c, token = table.client(second), table.tokens[second]
        error = refused(c, token, {"type": "act", "action": "throw"}, "irregular", "action")
        assert [law["rule"] for law in error["laws"]] == ["LOO-LAW-5"]
        c.send({"type": "act", "action": "throw", "irregular": True})
        c.until(lambda m: m["type"] == "update" and bool(m["log"]), "the throw out of turn")
        table.client(first).send({"type": "act", "action": "stand"})
        state = c.until(lambda m: m["type"] == "update" and m["state"]["deal"]["to_act"] != first, "the stand")["state"]
        assert state["deal"]["to_act"] == dealer
        log = [e["text"] for e in c.snapshot(token)["log"] if e["kind"] == "action"]
        assert log == [f"{NAMES[second]} throws up", f"{NAMES[first]} stands"]
    finally:
        table.close()


def test_a_strict_table_refuses_an_irregular_card_even_when_confirmed(table: Table) -> None:
    found = play_until(table, lambda s: next(iter(s["illegal"]), None))
    c, token = table.client(found.seat), table.tokens[found.seat]
    error = refused(c, token, {"type": "act", "action": f"play {found.card}", "irregular": True}, "illegal")
    assert found.state["illegal"][found.card].endswith(f"({error['rule']})")
    assert "laws" not in error and "action" not in error
    assert found.state["table"]["mode"] == "strict"


def test_table_mode_undo_never_goes_back_past_an_irregularity(server: Server) -> None:
    table = server.create(game="loo", players=3, people=1, bot_delay=0, bot="random", mode="table", rounds=10)
    token = server.sit(table, 0, "Ann")
    my_turn = lambda m: m.get("state") is not None and bool(m["state"]["legal"])  # noqa: E731
    with server.ws(table) as c:
        c.hello(token)
        for _ in range(200):
            state = c.until(my_turn, "my turn")["state"]
            card = next(iter(state["illegal"]), None)
            if card is not None:
                break
            c.send({"type": "act", "action": proper(state)})
        else:
            raise AssertionError("no turn with a card the rules forbid")
        number = state["deal"]["number"]
        c.send({"type": "act", "action": f"play {card}", "irregular": True})
        update = c.until(lambda m: m["type"] == "update" and any(e["kind"] == "law" for e in m["log"]), "the law")
        state = update["state"] if my_turn(update) else c.until(my_turn, "my turn again")["state"]
        assert state["deal"]["number"] == number  # the hand is replayed: the deal goes on
        assert state["undo"] is False
        refused(c, token, {"type": "undo"}, "no_undo")


def test_table_mode_and_its_laws_survive_a_restart(tmp_path: Path) -> None:
    first = Server(tmp_path, process=True)  # restarted below: a process of its own, as is the next
    try:
        table = Table(first, "loo", 3, mode="table", rounds=10, turn_seconds=None)  # no turn to time afresh
        found = play_until(table, breaking("LOO-PLAY-4"))
        c = table.client(found.seat)
        c.send({"type": "act", "action": f"play {found.card}", "irregular": True})
        c.until(lambda m: m["type"] == "update" and bool(m["log"]), "the revoke")
        before = comparable(c.snapshot(table.tokens[found.seat]))
        table.close()
    finally:
        first.stop()
    second = Server(tmp_path, process=True)  # the same database
    try:
        assert second.http.get(f"/api/tables/{table.id}").json()["mode"] == "table"
        with second.ws(table.id) as c:
            _, after = c.hello(table.tokens[found.seat])
            assert comparable(after) == before
    finally:
        second.stop()


def test_table_mode_a_confirmation_after_the_play_moved_on_is_warned_of_again(server: Server) -> None:
    """A warning names the law that applied when it was given. Warned of a card out of turn (LOO-LAW-10), a player
    confirms it only once his turn has come and it is now a revoke (LOO-LAW-14): he is warned again, with the law
    that applies now, and nothing changes; confirmed once more, it is played."""
    table = Table(server, "loo", 3, mode="table", rounds=10)
    first_lead = lambda s: "lead" if not s["deal"]["trick"] and s["deal"]["last_trick"] is None else None  # noqa: E731
    try:
        for _ in range(30):
            found = play_until(table, first_lead)
            leader, lead = found.seat, proper(found.state).removeprefix("play ")
            other = (leader + 1) % 3
            c, token = table.client(other), table.tokens[other]
            hand = c.snapshot(token)["state"]["hand"]
            offsuit = [x for x in hand if x[-1] != lead[-1]]
            if not offsuit or len(offsuit) == len(hand):  # he could not revoke on this lead
                table.client(leader).send({"type": "act", "action": f"play {lead}"})
                table.client(leader).of_type("update")
                continue
            card = offsuit[0]
            early = refused(c, token, {"type": "act", "action": f"play {card}"}, "irregular", "action")
            assert [law["rule"] for law in early["laws"]] == ["LOO-LAW-10"]
            table.client(leader).send({"type": "act", "action": f"play {lead}"})
            table.client(leader).of_type("update")
            if c.snapshot(token)["state"]["deal"]["to_act"] != other:
                continue
            confirmed = {"type": "act", "action": f"play {card}", "irregular": True}
            again = refused(c, token, confirmed, "irregular", "action")
            assert [law["rule"] for law in again["laws"]] == ["LOO-LAW-14"] and again["rule"] == "LOO-PLAY-4"
            assert again["message"].startswith("The play has moved on since the warning. Revoke (LOO-LAW-14): ")
            c.send(confirmed)
            update = c.until(lambda m: m["type"] == "update" and bool(m["log"]), "the revoke")
            assert update["log"][1]["text"].startswith("Revoke: LOO-LAW-14 applied to ")
            return
        raise AssertionError("no first lead on which the next player could revoke")
    finally:
        table.close()


def test_table_mode_loo_law_0b_a_replay_may_be_demanded_under_revoke_replay_optional(server: Server) -> None:
    """Under revoke_replay optional (C-LOO-11) the revoked card stands for the moment; a seat other than the offender
    may demand the replay as the very next action (offered as a button to the seat to act), and every card goes
    back to its hand (LOO-LAW-0b, §14.9)."""
    table = Table(server, "loo", 3, mode="table", rounds=10, options={"revoke_replay": "optional"})
    try:
        found = play_until(table, breaking("LOO-PLAY-4"))
        seat, card = found.seat, found.card
        c = table.client(seat)
        error = refused(c, table.tokens[seat], {"type": "act", "action": f"play {card}"}, "irregular", "action")
        assert error["message"].endswith("the card stands, unless the next player demands a replay (LOO-LAW-0b).")
        c.send({"type": "act", "action": f"play {card}", "irregular": True})
        update = c.until(lambda m: m["type"] == "update" and bool(m["log"]), "the revoke")
        # the card may have ended the trick, whose winner is then logged after the law's line
        texts = [e["text"] for e in update["log"]]
        assert "The card stands, unless the next player demands a replay (LOO-LAW-0b)." in texts
        to_act = update["state"]["deal"]["to_act"]
        demander = to_act if to_act != seat else (seat + 1) % 3  # any seat but the offender may demand it
        d, token = table.client(demander), table.tokens[demander]
        state = d.snapshot(token)["state"]
        assert card in [t["card"] for t in state["deal"]["trick"]] or state["deal"]["last_trick"]  # it stands
        if demander == to_act:
            assert {"action": "replay", "label": "Demand a replay"} in state["legal"]
        d.send({"type": "act", "action": "replay"})
        demanded = d.until(lambda m: m["type"] == "update" and bool(m["log"]), "the demand")
        assert [(e["kind"], e["text"]) for e in demanded["log"]] == [
            ("action", f"{NAMES[demander]} demands a replay"),
            ("law", "Every card goes back to its hand: the hand is replayed from the first lead."),
        ]
        deal = demanded["state"]["deal"]
        assert deal["trick"] == [] and deal["last_trick"] is None and deal["to_act"] == found.leader
        assert [s["cards"] for s in demanded["state"]["seats"]] == found.counts
        refused(c, table.tokens[seat], {"type": "act", "action": "replay"}, ("illegal", "not_your_turn"))  # once only
    finally:
        table.close()
