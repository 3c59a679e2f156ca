"""The server with ``--workers 2``: the game apps run in two worker processes (room
``id % 2``), the rooms, the store and the lobby stay in the front process. Real asyncssh
clients as in ``test_ssh``; each test starts the two workers (a second or two)."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from core.clear_ward.bots import make_bot
from core.errors import IllegalActionError
from tests.server.client import Player
from tests.server.test_ssh import join, play_by_keys, running, watch
from tui_common.server.pool import WORKER_DIED

pytestmark = pytest.mark.timeout(90)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def wait_until(check, timeout: float = 15.0) -> None:
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not reached in time")


async def sit_in_room_2(server, name: str) -> Player:
    player = await Player(name).connect(server.port)
    server.players.append(player)
    await player.wait_for("#2 ")
    await player.wait_quiet()
    await player.press("enter")  # (the lobby shows the first room with a seat of theirs)
    await player.wait_for(f"you are {name}")
    return player


def worker_of(server, room) -> int:
    """The pid of the worker process serving ``room`` now."""
    return server.pool.workers[room.id % 2].proc.pid


@pytest.mark.slow  # a whole game end to end (docs/testing.md, Suite time)
async def test_two_rooms_on_two_workers_play_to_the_end_and_close_leaves_no_process(tmp_path):
    async with running(tmp_path, workers=2) as server:
        ward = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=3)  # room 1: worker 1
        other = server.hall.create("clear-the-ward", "Cy,Dee", "Cy", seed=4)  # room 2: worker 0
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        cy = await sit_in_room_2(server, "Cy")
        await bob.wait_quiet()
        assert "waiting for" not in ann.text() + bob.text()  # both are here, and the worker knows
        pids = server.pool.pids()
        assert len(pids) == 2 and worker_of(server, ward) != worker_of(server, other)
        assert os.getpid() not in pids and all(alive(pid) for pid in pids)
        # The front draws no game: each connection's app here is a stand-in for the worker's.
        assert {type(t.app).__name__ for t in server.sessions} == {"_Session"}
        await play_by_keys(ward, {"Ann": ann, "Bob": bob}, 8)
        await bob.wait_quiet()
        assert "ANN'S STAFF CARDS" in ann.text() and "BOB'S STAFF CARDS" not in ann.text()
        mover = ward.names()[ward.actor]
        await (bob if mover == "Ann" else ann).wait_for(f"{mover} is playing")
        # The rest of the game through the front's room, the seats away (their own
        # decisions are played for them here) and Eve watching: her worker's copy of the
        # room follows it to the end.
        eve = await watch(server, "Eve")
        for player in (ann, bob):
            await player.press("q")
            await player.wait_for("Back to the lobby?")
            await player.press("y")
            await player.wait_for("Welcome")
        bot = make_bot("greedy", 1)
        while not ward.record.over:
            ward.play(ward.actor, bot.choose(ward.record.state))
        await eve.wait_for("GAME OVER")
        assert server.hall.store.load_rooms()[0][0].record.over
        await ann.wait_quiet()
        await ann.press("enter")  # the room opens afresh in the worker: over, on its replay
        await ann.wait_for("Replay of room #1")
        await play_by_keys(other, {"Cy": cy}, 1)  # the other worker served its room all along
        await cy.wait_for("Cy moves the Doctor")
    assert not any(alive(pid) for pid in pids)


async def test_a_clinic_seat_plays_and_a_spectator_sees_it(tmp_path):
    async with running(tmp_path, workers=2) as server:
        server.hall.cpu_delay = 60  # the computer waits: the test plays its turns
        room = server.hall.create("clinic", "Ann,cpu:random", "Ann", seed=4)
        ann = await join(server, "Ann", width=100, height=30)
        cy = await watch(server, "Cy")
        await ann.wait_for("Cy is watching")
        by_ann = 0
        while by_ann < 2:  # Ann's start car, the computer's, Ann's bonus tile...
            done = len(room.record.actions)
            if room.actor == 0:
                await ann.wait_for("Enter choose")
                await ann.press("enter")
                by_ann += 1
            else:
                room.cpu_step()
            await wait_until(lambda: len(room.record.actions) > done)
        await cy.wait_quiet()
        from core.clinic.game.narration import describe

        states = room.record.states
        shown = describe(states[-2], room.record.actions[-1], states[-1]).split(".")[0][:30]
        await cy.wait_for(shown)
        assert room.spectators == 1 and room.present == {0: 1}


@pytest.mark.parametrize("workers", [0, 2], ids=["in-process", "workers"])
async def test_a_refused_action_reads_as_it_does_in_one_process(workers, tmp_path):
    async with running(tmp_path, workers=workers) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=3)
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        first, second = (ann, bob) if room.actor == 0 else (bob, ann)
        await first.wait_quiet()
        await first.press("e")  # end the turn before moving: the rules say no
        await first.wait_for("End turn is not allowed (Turn")
        await second.press("e")
        await second.wait_for(f"Wait: it is {first.name}'s turn")
        assert room.record.actions == ()
        await play_by_keys(room, {"Ann": ann, "Bob": bob}, 1)  # and the next key plays


async def test_a_killed_worker_sends_its_players_to_the_lobby_and_the_seat_is_kept(tmp_path):
    async with running(tmp_path, workers=2) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
        other = server.hall.create("clear-the-ward", "Cy,cpu:random", "Cy", seed=6)
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        await sit_in_room_2(server, "Cy")
        await play_by_keys(room, {"Ann": ann, "Bob": bob}, 2)
        dead = worker_of(server, room)
        os.kill(dead, signal.SIGKILL)
        await ann.wait_for(WORKER_DIED[:40])
        await bob.wait_for(WORKER_DIED[:40])
        assert room.status == "playing" and room.seat_of("Ann") == 0 and room.present == {}
        assert len(room.record.actions) == 2
        # The other worker's room plays on, and the server still greets a newcomer.
        done = len(other.record.actions)
        await wait_until(lambda: len(other.record.actions) > done or other.actor == 0)
        dee = await Player("Dee").connect(server.port)
        server.players.append(dee)
        await dee.wait_for("Welcome, Dee")
        # Back to the table: a new worker, the game where it was.
        await ann.press("enter")
        await ann.wait_for("you are Ann")
        await bob.press("enter")
        await bob.wait_for("you are Bob")
        assert worker_of(server, room) != dead and not alive(dead)
        await play_by_keys(room, {"Ann": ann, "Bob": bob}, 2)
        assert len(room.record.actions) == 4


async def test_a_worker_stops_by_itself_when_the_front_is_gone(tmp_path):
    """Should the front die without a word (kill -9), its workers must not live on: a
    worker stops when its socket to the front closes."""
    async with running(tmp_path, workers=2) as server:
        worker = server.pool.workers[0]
        await asyncio.wait_for(asyncio.shield(worker.ready), 60)
        worker.writer.transport.abort()  # as the kernel does for a killed front
        assert await asyncio.wait_for(worker.proc.wait(), 15) == 0


async def test_an_action_the_front_refuses_sends_the_table_back_in_step(tmp_path):
    """The worker plays a seat's action on its copy first; if the front's true record
    refuses it (the copy out of step: a bug), the players go back to the lobby with a
    sentence and, back at the table, see the front's game, without that action."""
    from tui_common.server.worker import OUT_OF_STEP

    async with running(tmp_path, workers=2) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=3)
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        mover = {"Ann": ann, "Bob": bob}[room.names()[room.actor]]
        real_play = room.play

        def refuse_once(seat, action):
            room.play = real_play
            raise IllegalActionError("a refusal the worker did not expect")

        room.play = refuse_once
        await mover.wait_quiet()
        await mover.press("n", "enter")
        await ann.wait_for(OUT_OF_STEP[:40])
        await bob.wait_for(OUT_OF_STEP[:40])
        assert room.record.actions == () and room.present == {}
        await join_again(ann)
        await join_again(bob)
        await play_by_keys(room, {"Ann": ann, "Bob": bob}, 2)  # the copy is in step again


async def join_again(player: Player) -> None:
    await player.wait_quiet()
    await player.press("enter")
    await player.wait_for(f"you are {player.name}")


async def test_a_hung_worker_is_stopped_and_its_players_go_to_the_lobby(tmp_path, monkeypatch):
    """A worker whose event loop stops answering (here: the process stopped, SIGSTOP)
    freezes its tables: the front stops it, as if it had died."""
    from tui_common.server import pool

    monkeypatch.setattr(pool, "PING_SECONDS", 0.1)
    monkeypatch.setattr(pool, "HUNG_SECONDS", 1.0)
    async with running(tmp_path, workers=2) as server:
        room = server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=7)
        ann = await join(server, "Ann")
        hung = worker_of(server, room)
        os.kill(hung, signal.SIGSTOP)
        await ann.wait_for(WORKER_DIED[:40])
        assert not alive(hung) and room.seat_of("Ann") == 0
        await join_again(ann)
        assert worker_of(server, room) != hung
