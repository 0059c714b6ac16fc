"""The two research harnesses as the tests drive the agents: a game loop each that builds the state
objects exactly as the harness documents them (RLCard's ``state`` dict with ``raw_obs`` and
``raw_legal_actions``; DouZero's ``InfoSet``), written from those documents for these tests. The
legal actions come from our engine under the harness's rules (our ``rlcard`` and ``douzero``
presets reproduce the harnesses' move sets: ``testdata/reference/legal-moves.jsonl.gz``), in the
harness's encoding.
"""

import copy
import random
from collections import OrderedDict

from ddz_engine import cards

DECK = [c for c in cards.RANKS[:13] for _ in range(4)] + ["X", "D"]


def deal(rnd):
    d = list(DECK)
    rnd.shuffle(d)
    return [cards.canonical("".join(d[i * 17:(i + 1) * 17])) for i in range(3)], cards.canonical("".join(d[51:]))


def remove(hand, move):
    c = cards.counts(hand)
    for i, n in enumerate(cards.counts(move)):
        c[i] -= n
        if c[i] < 0:
            raise AssertionError("%s plays %s it does not hold" % (hand, move))
    return cards.from_counts(c)


class RandomRLCardAgent:
    """RLCard's random agent in raw mode: a uniform choice among ``raw_legal_actions``."""
    use_raw = True

    def __init__(self, seed):
        self.rnd = random.Random(seed)

    def step(self, state):
        return self.rnd.choice(state["raw_legal_actions"])

    def eval_step(self, state):
        a = self.step(state)
        return a, {"probs": {x: 1 / len(state["raw_legal_actions"]) for x in state["raw_legal_actions"]}}


class RLCardGame:
    """RLCard's Dou Dizhu game as its documentation describes the state: players 0, 1, 2 act in
    turn from the landlord; ``seen_cards`` loses every copy of a rank when the landlord plays it."""

    def __init__(self, engine, hands, kitty, landlord=0):
        self.engine = engine
        self.landlord = landlord
        self.hands = list(hands)
        self.hands[landlord] = cards.canonical(hands[landlord] + kitty)
        self.initial = list(self.hands)
        self.seen = cards.to_rlcard(kitty)
        self.trace = []
        self.played = ["", "", ""]
        self.current = landlord
        self.greater = None  # (player, move) to beat
        self.winner = None

    def legal(self):
        last = None if self.greater is None or self.greater[0] == self.current else self.greater[1]
        moves = self.engine.legal_moves(self.hands[self.current], last, rules="rlcard")
        out = []
        for m in moves:
            a = cards.to_rlcard(m)
            if a not in out:
                out.append(a)
        return out

    def state(self):
        me = self.current
        others = cards.canonical(self.hands[(me + 1) % 3] + self.hands[(me + 2) % 3])
        actions = self.legal()
        raw_obs = {
            "deck": "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR",
            "seen_cards": self.seen,
            "landlord": self.landlord,
            "self": me,
            "initial_hand": cards.to_rlcard(self.initial[me]),
            "trace": list(self.trace),
            "played_cards": [cards.to_rlcard(p) if p else "" for p in self.played],
            "others_hand": cards.to_rlcard(others),
            "current_hand": cards.to_rlcard(self.hands[me]),
            "num_cards_left": [len(h) for h in self.hands],
            "actions": actions,
        }
        return {"obs": None, "legal_actions": OrderedDict((i, None) for i in range(len(actions))),
                "raw_obs": raw_obs, "raw_legal_actions": list(actions), "action_record": []}

    def step(self, action):
        me = self.current
        if action not in self.legal():
            raise AssertionError("player %d played %r, not a legal action" % (me, action))
        self.trace.append((me, action))
        if action != "pass":
            ours = cards.from_rlcard(action)
            self.hands[me] = remove(self.hands[me], ours)
            self.played[me] = cards.canonical(self.played[me] + ours)
            if me == self.landlord:
                for c in action:
                    if c in self.seen:
                        self.seen = self.seen.replace(c, "")
            self.greater = (me, ours)
            if not self.hands[me]:
                self.winner = me
        self.current = (me + 1) % 3

    def run(self, agents, evaluate=True):
        """Plays the game out with ``agents[player]`` (RLCard's env.run loop); returns the payoffs."""
        while self.winner is None:
            agent = agents[self.current]
            state = self.state()
            if evaluate:
                action, _ = agent.eval_step(state)
            else:
                action = agent.step(state)
            self.step(action)
        landlord_won = self.winner == self.landlord
        return [1 if (p == self.landlord) == landlord_won else 0 for p in range(3)]


class InfoSet:
    """DouZero's InfoSet: the fields its documentation lists."""

    def __init__(self, player_position):
        self.player_position = player_position
        self.player_hand_cards = None
        self.num_cards_left_dict = None
        self.three_landlord_cards = None
        self.card_play_action_seq = None
        self.other_hand_cards = None
        self.legal_actions = None
        self.last_move = None
        self.last_two_moves = None
        self.last_move_dict = None
        self.played_cards = None
        self.all_handcards = None
        self.last_pid = None
        self.bomb_num = None


class RandomDouZeroAgent:
    """DouZero's random agent: a uniform choice among ``legal_actions``."""

    def __init__(self, seed):
        self.rnd = random.Random(seed)

    def act(self, infoset):
        return self.rnd.choice(infoset.legal_actions)


POSITIONS = ("landlord", "landlord_down", "landlord_up")


class DouZeroGame:
    """DouZero's GameEnv as documented: the landlord, landlord_down, landlord_up act in turn; each
    decision gets a deep copy of its InfoSet; a kitty card leaves ``three_landlord_cards`` when the
    landlord plays it; the answer must be in ``legal_actions``."""

    def __init__(self, engine, card_play_data):
        self.engine = engine
        self.hands = {p: sorted(card_play_data[p]) for p in POSITIONS}
        self.three_landlord_cards = list(card_play_data["three_landlord_cards"])
        self.card_play_action_seq = []
        self.played_cards = {p: [] for p in POSITIONS}
        self.last_move_dict = {p: [] for p in POSITIONS}
        self.bomb_num = 0
        self.last_pid = "landlord"
        self.acting = "landlord"
        self.winner = None

    def rival_move(self):
        seq = self.card_play_action_seq
        if not seq:
            return []
        return seq[-2] if len(seq[-1]) == 0 else seq[-1]

    def legal_actions(self):
        hand = cards.from_douzero(self.hands[self.acting])
        rival = self.rival_move()
        last = None
        if rival:
            last = cards.from_douzero(rival)
            # DouZero reads a played four-trio chain as the chain
            from ddz_engine.douzero import history_move
            last = history_move(last)
        out = []
        for m in self.engine.legal_moves(hand, last, rules="douzero"):
            a = cards.to_douzero(m)
            if a not in out:
                out.append(a)
        return out

    def infoset(self):
        i = InfoSet(self.acting)
        i.player_hand_cards = list(self.hands[self.acting])
        i.num_cards_left_dict = {p: len(self.hands[p]) for p in POSITIONS}
        i.three_landlord_cards = self.three_landlord_cards
        i.card_play_action_seq = self.card_play_action_seq
        i.other_hand_cards = sorted(c for p in POSITIONS if p != self.acting for c in self.hands[p])
        i.legal_actions = self.legal_actions()
        i.last_move = self.rival_move()
        i.last_two_moves = (list(reversed(self.card_play_action_seq[-2:])) + [[], []])[:2]  # the latest first
        i.last_move_dict = self.last_move_dict
        i.played_cards = self.played_cards
        i.all_handcards = {p: self.hands[p] for p in POSITIONS}
        i.last_pid = self.last_pid
        i.bomb_num = self.bomb_num
        return copy.deepcopy(i)

    def step(self, players):
        info = self.infoset()
        action = players[self.acting].act(info)
        if action not in info.legal_actions:
            raise AssertionError("%s played %r, not a legal action" % (self.acting, action))
        if action:
            self.last_pid = self.acting
        if action == [20, 30] or (len(action) == 4 and len(set(action)) == 1):  # a rocket or a bomb
            self.bomb_num += 1
        self.last_move_dict[self.acting] = list(action)
        self.card_play_action_seq.append(list(action))
        for c in action:
            self.hands[self.acting].remove(c)
        self.played_cards[self.acting] += action
        if self.acting == "landlord":  # one kitty copy leaves the list for each card played
            for c in action:
                if c in self.three_landlord_cards:
                    self.three_landlord_cards.remove(c)
        if not self.hands[self.acting]:
            self.winner = "landlord" if self.acting == "landlord" else "farmer"
            return
        self.acting = POSITIONS[(POSITIONS.index(self.acting) + 1) % 3]

    def run(self, players):
        while self.winner is None:
            self.step(players)
        return self.winner


def douzero_deal(rnd):
    """A deal in DouZero's evaluation-data layout (generate_eval_data.py's documented dict)."""
    d = [cards.DOUZERO_OF[c] for c in DECK]
    rnd.shuffle(d)
    data = {"landlord": d[:20], "landlord_up": d[20:37], "landlord_down": d[37:54], "three_landlord_cards": d[17:20]}
    for k in data:
        data[k].sort()
    return data
