"""Accounts (``tui_common.server.accounts``, ``names``): a name belongs to the first key
or password it logged in with; its case and look-alike twins are the same name or
refused; guests; the operator's ``serve accounts``; a second login moves the seat."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.server.client import Player
from tests.server.test_ssh import QUICK_RETRIES, running
from tui_common.server import names
from tui_common.server.accounts import (AccountError, Accounts, Doorkeeper, Login, LoginThrottle,
                                        hash_password, password_matches)

pytestmark = pytest.mark.timeout(60)

CYRILLIC_A = "\u0410"  # А, which looks like the Latin A


@pytest.fixture
def keeper(store):
    """The login rules over the accounts of a store of each engine; a refusal slows
    the next try by a millisecond, not 1-4 s (test_login_throttle.py)."""
    return Doorkeeper(Accounts(store.db), throttle=LoginThrottle(policy=QUICK_RETRIES))


def key_login(keeper, name: str, key, address: str = "192.0.2.1") -> str | None:
    """A key login as ``name`` as asyncssh drives it: the name, the key, success.
    Returns the name it plays as, or None when refused."""
    login = Login(keeper, address)
    login.begin(name)
    if not login.key_ok(key.convert_to_public()):  # the server sees the public half
        return None
    assert login.completed() is None
    return login.name


async def password_login(keeper, name: str, password: str, address: str = "192.0.2.1") -> str | None:
    login = Login(keeper, address)
    if not login.begin(name)[0]:
        return login.name
    if not await login.password_ok(password):
        return None
    assert login.completed() is None
    return login.name


def new_key():
    return asyncssh.generate_private_key("ssh-ed25519")


# -- names ------------------------------------------------------------------------------


def test_a_name_is_one_identity_however_cased_or_composed():
    assert names.identity("Ann") == names.identity("ANN") == names.identity("ann") == names.identity("Ａｎｎ")
    assert names.identity("Anne") != names.identity("Ann")


def test_a_name_mixing_alphabets_is_refused_but_one_alphabet_is_welcome():
    assert "Cyrillic and Latin" in names.refusal(CYRILLIC_A + "nn")
    assert names.refusal("Анна") is None  # all Cyrillic
    assert names.refusal("Σοφία") is None  # all Greek
    assert names.refusal("山田たろう") is None  # Japanese: kanji and hiragana together
    assert names.refusal("Ann 2") is None  # digits and spaces belong to no alphabet
    assert "guests" in names.refusal("guest-7")


def test_look_alike_names_share_a_skeleton():
    latin = names.skeleton("Ann")
    assert names.skeleton("ΑΝΝ") == latin  # Greek capitals
    assert names.skeleton("Апп") == latin  # Cyrillic А and п
    assert names.skeleton("Ann") != names.skeleton("Anna")


# -- keys -------------------------------------------------------------------------------


def test_a_name_claimed_with_key_a_refuses_key_b_and_its_case_and_cyrillic_twins(keeper):
    a, b = new_key(), new_key()
    assert key_login(keeper, "Ann", a) == "Ann"
    assert key_login(keeper, "Ann", b) is None
    assert key_login(keeper, "ann", b) is None
    assert key_login(keeper, CYRILLIC_A + "nn", b) is None  # mixed alphabets
    assert key_login(keeper, "Апп", b) is None  # all Cyrillic, but looks like Ann
    # Key A is Ann however the name is typed, shown as first typed.
    assert key_login(keeper, "ANN", a) == "Ann"
    assert [acc.display for acc in keeper.accounts.all()] == ["Ann"]


def test_the_refusal_is_said_in_a_sentence(keeper):
    key_login(keeper, "Ann", new_key())
    login = Login(keeper, "192.0.2.1")
    _, banner = login.begin("ΑΝΝ")
    assert banner == "The name 'ΑΝΝ' looks too much like 'Ann', another player's; please choose another."
    _, banner = Login(keeper, "192.0.2.1").begin(CYRILLIC_A + "nn")
    assert "mixes letters of two alphabets (Cyrillic and Latin)" in banner


def test_a_new_name_is_told_it_becomes_theirs(keeper):
    login = Login(keeper, "192.0.2.1")
    needed, banner = login.begin("Bea")
    assert needed and "Bea is a new name here: it becomes yours" in banner
    assert login.key_ok(new_key().convert_to_public()) and login.completed() is None
    assert "Bea is now your name on this server: your SSH key" in login.note
    assert Login(keeper, "192.0.2.1").begin("Bea") == (True, "")  # known now: no banner


def test_with_authorized_keys_each_listed_key_owns_only_its_names(keeper):
    a, b, stranger = new_key(), new_key(), new_key()
    keeper.authorized_keys = asyncssh.import_authorized_keys(
        (a.export_public_key() + b.export_public_key()).decode())
    assert key_login(keeper, "Ann", stranger) is None  # not listed: not even a new name
    assert key_login(keeper, "Ann", a) == "Ann"
    assert key_login(keeper, "Ann", b) is None
    assert key_login(keeper, "Bob", b) == "Bob"
    assert not keeper.passwords_offered


# -- passwords --------------------------------------------------------------------------


async def test_a_new_names_first_password_becomes_its_password_kept_hashed(keeper):
    assert await password_login(keeper, "Cy", "tulip") == "Cy"
    stored = keeper.accounts.get("cy").password
    assert stored.startswith("scrypt$") and "tulip" not in stored and stored.encode().hex().find(
        b"tulip".hex()) < 0
    assert await password_login(keeper, "Cy", "rose") is None
    assert await password_login(keeper, "CY", "tulip") == "Cy"
    assert key_login(keeper, "Cy", new_key()) is None  # a key cannot take a password's name


async def test_a_key_owned_name_refuses_every_password(keeper):
    key_login(keeper, "Ann", new_key())
    assert await password_login(keeper, "Ann", "anything") is None


async def test_every_password_is_hashed_in_the_one_hashing_thread(keeper, monkeypatch):
    """New passwords and checks, several logins at once, all in one thread (each scrypt
    takes 16 MB; a pool of threads kept that much in each thread's allocator arena)."""
    import asyncio
    import threading

    from tui_common.server import accounts as accounts_module

    threads = set()

    def recorded(work):
        def run(*args):
            threads.add(threading.current_thread().name)
            return work(*args)
        return run

    monkeypatch.setattr(accounts_module, "hash_password", recorded(hash_password))
    monkeypatch.setattr(accounts_module, "password_matches", recorded(password_matches))
    names = [f"Player{i}" for i in range(6)]
    assert await asyncio.gather(*(password_login(keeper, n, "tulip") for n in names)) == names
    assert await asyncio.gather(*(password_login(keeper, n, "tulip") for n in names)) == names
    assert len(threads) == 1 and threads.pop().startswith("password-hashing")


def test_password_hashes_are_salted_and_checked():
    one, two = hash_password("tulip"), hash_password("tulip")
    assert one != two  # a random salt each
    assert password_matches("tulip", one) and password_matches("tulip", two)
    assert not password_matches("tulips", one)
    assert not password_matches("tulip", "plain tulip")


async def test_with_a_server_password_it_comes_first_then_the_names(keeper):
    keeper.member_password = "s3cret"
    assert await password_login(keeper, "Di", "s3cret") is None  # the server password alone
    assert await password_login(keeper, "Di", "wrong mine") is None
    assert await password_login(keeper, "Di", "s3cret mine") == "Di"
    assert await password_login(keeper, "Di", "s3cret other") is None
    assert not keeper.keys_offered
    login = Login(keeper, "192.0.2.1")
    login.begin("Di")
    prompts = [text for text, _ in login.challenge()[3]]
    assert prompts == ["Server password: ", "Di's password: "]
    assert await login.responses_ok(["s3cret", "mine"]) and login.name == "Di"


async def test_keyboard_interactive_asks_a_new_names_password_twice(keeper):
    login = Login(keeper, "192.0.2.1")
    login.begin("Eve")
    title, text, _, prompts = login.challenge()
    assert [p for p, _ in prompts] == ["Choose a password for Eve: ", "The same again: "]
    assert not await login.responses_ok(["one", "two"])
    assert keeper.accounts.get("Eve") is None
    assert await login.responses_ok(["one", "one"]) and login.name == "Eve"


# -- guests -----------------------------------------------------------------------------


async def test_guests_play_as_guest_n_only_when_the_server_lets_them(keeper):
    assert await password_login(keeper, "Fay", "") is None  # no guests: a password is needed
    keeper.guests = True
    assert await password_login(keeper, "guest", "") == "guest-1"  # ssh guest@host: no question
    assert await password_login(keeper, "Fay", "") == "guest-2"  # an empty password
    assert keeper.accounts.get("Fay") is None and keeper.accounts.get("guest-2") is None


# -- the operator -----------------------------------------------------------------------


def test_the_operator_lists_renames_and_releases_accounts(store_at, capsys):
    from tui_common.server.cli import serve_main

    store = store_at()
    accounts = Accounts(store.db)
    key = new_key()
    keeper = Doorkeeper(accounts)
    key_login(keeper, "Ann", key)
    accounts.claim("Bob", password_hash=hash_password("x"))
    store.close()
    folder = (["--data-dir", str(store_at.where.parent)] if store_at.engine == "sqlite"
              else ["--store", store_at.where])
    assert serve_main("clear-ward", ["accounts", "list", *folder]) == 0
    shown = capsys.readouterr().out
    assert "Ann" in shown and key.get_fingerprint() in shown and "password" in shown and "2 accounts" in shown
    assert serve_main("clear-ward", ["accounts", "rename", "ann", "Anna", *folder]) == 0
    assert serve_main("clear-ward", ["accounts", "rename", "Bob", "Anna", *folder]) == 1
    assert "another player's account" in capsys.readouterr().err
    assert serve_main("clear-ward", ["accounts", *folder, "release", "BOB"]) == 0  # the folder first: too
    assert serve_main("clear-ward", ["accounts", "release", "Bob", *folder]) == 1
    left = Accounts(store_at().db).all()
    assert [(a.display, a.public_key is not None) for a in left] == [("Anna", True)]
    # The renamed account logs in with its key under the new name only.
    keeper = Doorkeeper(Accounts(store_at().db))
    assert key_login(keeper, "anna", key) == "Anna"
    assert key_login(keeper, "Ann", new_key()) == "Ann"  # Ann is free again: a new account


def test_a_rename_to_a_look_alike_or_mixed_name_is_refused(keeper):
    keeper.accounts.claim("Ann", password_hash="x")
    keeper.accounts.claim("Bob", password_hash="x")
    with pytest.raises(AccountError, match="looks too much like 'Ann'"):
        keeper.accounts.rename("Bob", "ΑΝΝ")
    with pytest.raises(AccountError, match="two alphabets"):
        keeper.accounts.rename("Bob", "B" + "\u043e" + "b")
    assert keeper.accounts.rename("Ann", "ANN").display == "ANN"  # its own case: fine


# -- over SSH ---------------------------------------------------------------------------


async def test_over_ssh_key_a_owns_ann_and_key_b_is_refused_as_ann_ann_and_cyrillic_ann(tmp_path):
    a, b = new_key(), new_key()
    async with running(tmp_path) as server:
        ann = await Player("Ann").connect(server.port, client_keys=[a], preferred_auth="publickey")
        server.players.append(ann)
        await ann.wait_for("Ann is now your name on this server")
        for name in ("Ann", "ann", CYRILLIC_A + "nn"):
            with pytest.raises(asyncssh.PermissionDenied):
                await Player(name).connect(server.port, client_keys=[b], preferred_auth="publickey")
        # Without a key, the name's password is asked: Ann has none, so no password will do.
        with pytest.raises(asyncssh.PermissionDenied):
            await Player("Ann").connect(server.port)


async def test_a_second_login_moves_the_seat_and_tells_the_first_terminal_why(tmp_path):
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=2)
        first = await Player("Ann").connect(server.port, password="tulip")
        server.players.append(first)
        await first.wait_for("#1 ")
        await first.press("enter")
        await first.wait_for("you are Ann")
        assert room.present == {0: 1}
        second = await Player("ann").connect(server.port, password="tulip")
        server.players.append(second)
        await second.wait_for("Welcome, Ann")
        await first.wait_for("You logged in as Ann on another terminal")
        await asyncio.wait_for(first.closed.wait(), 10)
        await second.press("enter")
        await second.wait_for("you are Ann")
        assert room.present == {0: 1} and len(server.sessions) == 1
