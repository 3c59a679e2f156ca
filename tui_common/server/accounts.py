"""Accounts: a player name belongs to whoever first logged in with it, and failed logins
are slowed, then refused, per address.

- ``Accounts``: the ``accounts`` table of the server's store (schema in
  ``store_sql.py``: ``rooms.sqlite3``, or PostgreSQL, the same SQL). A name is one
  account however it is typed (``names.identity``: NFKC, case-folded), shown as first typed; a name mixing alphabets, a guest's name or one
  that looks like another account's (``names.skeleton``) is refused with a sentence.
  An account is owned by one SSH public key (trust on first use: the first key that
  logs in with the name) or by a password (the first password given for a new name),
  kept as a salted scrypt hash (``hash_password``), never in clear.
- ``LoginThrottle``: after a failed login from an address, its next attempt waits
  1 s, then 2, 4, 8, 16 s (``ThrottlePolicy``); 10 failures within 10 minutes ban the
  address for 15 minutes (its connections are closed at once). Each failure is logged
  as one line, ``login failed for 'NAME' from ADDRESS (REASON)``, on the
  ``hospital_games.server`` logger (docs/server.md has a fail2ban filter for it).
- ``Doorkeeper`` (the server's rules) and ``Login`` (one connection's login): what the
  SSH layer (``ssh._Gate``) asks: which methods are offered, whether a key or a
  password lets this name in, the prompts of keyboard-interactive logins; the name the
  session then plays under (``Login.name``) and a note for its lobby.

See docs/server.md, "Logging in".
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Container
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from tui_common.server import names
from tui_common.server.room_setup import clean_name
from tui_common.server.rooms import RoomError

log = logging.getLogger("hospital_games.server")

#: scrypt's cost (16 MB, about 50 ms a hash): slow for a guesser, quick for one login.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1

#: The one thread that hashes passwords (``hashing``), made when first needed.
_HASHER: ThreadPoolExecutor | None = None


async def hashing(work: Callable[..., object], *args):
    """``work(*args)`` (``hash_password`` or ``password_matches``) in the server's one
    hashing thread, awaited. One thread, not asyncio's pool: each scrypt takes 16 MB,
    and the C allocator keeps what a thread freed in that thread's own arena for it to
    reuse. With every pool thread hashing in turn, up to six arenas held 16 MB each (the
    load benchmark's 40 logins: 4.3 MB a seated session; 3.7 with one arena). Logins
    then hash one at a time, about 20 a second: a flood of guesses cannot take more
    than that one thread's core either."""
    global _HASHER
    if _HASHER is None:
        _HASHER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="password-hashing")
    return await asyncio.get_running_loop().run_in_executor(_HASHER, work, *args)


class AccountError(Exception):
    """An account operation refused; the message is one sentence for a person."""


def hash_password(password: str) -> str:
    """``password`` as stored: ``scrypt$N$R$P$SALT$HASH`` (hex; a random 16-byte salt)."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def password_matches(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` by ``hash_password`` (compared in
    constant time); False for a malformed ``stored``."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        again = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(again, bytes.fromhex(digest))


def key_text(key) -> str:
    """An asyncssh public key as stored: ``"ssh-ed25519 AAAA..."`` (no comment)."""
    return " ".join(key.export_public_key().decode().split()[:2])


def fingerprint(text: str) -> str:
    """OpenSSH's fingerprint of a stored key (``"SHA256:..."``)."""
    blob = base64.b64decode(text.split()[1])
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")


@dataclass(frozen=True)
class Account:
    """One row of the accounts table (see ``store_sql.ACCOUNTS``)."""

    identity: str
    display: str
    skeleton: str
    public_key: str | None
    password: str | None
    created: str
    last_login: str | None

    @property
    def owner(self) -> str:
        """Who owns it, for the operator: ``"key SHA256:..."`` or ``"password"``."""
        return f"key {fingerprint(self.public_key)}" if self.public_key else "password"


_COLUMNS = ("identity, display, skeleton, public_key, password, datetime(created), "
            "datetime(last_login)")


class Accounts:
    """The accounts of one database: ``db`` is a store's ``db`` (``store.Store``'s
    ``sqlite3`` connection, or ``store_pg.PgStore``'s), anything with DB-API's
    ``execute`` (``?`` placeholders) and ``IntegrityError``; see the module docstring."""

    def __init__(self, db) -> None:
        self.db = db

    def get(self, name: str) -> Account | None:
        """The account of ``name`` however it is cased or composed, or ``None``."""
        row = self.db.execute(f"SELECT {_COLUMNS} FROM accounts WHERE identity = ?",
                              (names.identity(name),)).fetchone()
        return None if row is None else Account(*row)

    def all(self) -> list[Account]:
        """Every account, by name."""
        return [Account(*row) for row in self.db.execute(f"SELECT {_COLUMNS} FROM accounts ORDER BY identity")]

    def refusal(self, name: str, *, besides: str | None = None) -> str | None:
        """Why ``name`` may not be a name here (one sentence), or ``None``: the rules of
        ``names.refusal``, or it looks like another account's name (``besides``: an
        identity not counted as another, for a rename)."""
        why = names.refusal(name)
        if why:
            return why
        mine = names.identity(name)
        row = self.db.execute("SELECT display FROM accounts WHERE skeleton = ? AND identity NOT IN (?, ?)",
                              (names.skeleton(name), mine, besides or mine)).fetchone()
        if row is not None:
            return f"The name {name!r} looks too much like {row[0]!r}, another player's; please choose another."
        return None

    def claim(self, name: str, *, public_key: str | None = None, password_hash: str | None = None) -> Account:
        """Make ``name`` an account owned by a key or a password hash. Raises
        ``AccountError`` when it is taken (or a look-alike was made) meanwhile."""
        try:
            self.db.execute("INSERT INTO accounts (identity, display, skeleton, public_key, password, last_login) "
                            "VALUES (?, ?, ?, ?, ?, julianday('now'))",
                            (names.identity(name), name, names.skeleton(name), public_key, password_hash))
        except self.db.IntegrityError:
            raise AccountError(f"The name {name!r} was just taken by another login; please choose another.") \
                from None
        return self.get(name)

    def touch(self, name: str) -> None:
        """Note a login of ``name`` now."""
        self.db.execute("UPDATE accounts SET last_login = julianday('now') WHERE identity = ?",
                        (names.identity(name),))

    def rename(self, old: str, new: str) -> Account:
        """The account ``old`` is called ``new`` from now on (its key or password kept).
        Raises ``AccountError`` (no such account, a refused or taken name)."""
        account = self.get(old)
        if account is None:
            raise AccountError(f"There is no account {old!r}.")
        try:
            new = clean_name(new)
        except RoomError as err:
            raise AccountError(str(err).capitalize() + ".") from None
        why = self.refusal(new, besides=account.identity)
        taken = self.get(new)
        if why is None and taken is not None and taken.identity != account.identity:
            why = f"The name {new!r} is another player's account already."
        if why:
            raise AccountError(why)
        self.db.execute("UPDATE accounts SET identity = ?, display = ?, skeleton = ? WHERE identity = ?",
                        (names.identity(new), new, names.skeleton(new), account.identity))
        return self.get(new)

    def release(self, name: str) -> Account:
        """Forget the account ``name``: the next login with it claims it afresh. Raises
        ``AccountError`` when there is none."""
        account = self.get(name)
        if account is None:
            raise AccountError(f"There is no account {name!r}.")
        self.db.execute("DELETE FROM accounts WHERE identity = ?", (account.identity,))
        return account

    def next_guest(self) -> str:
        """A guest's name never given before on this server: ``guest-1``, ``guest-2``..."""
        self.db.execute("INSERT INTO counters (name, value) VALUES ('guest', 1) "
                        "ON CONFLICT(name) DO UPDATE SET value = counters.value + 1")
        (number,) = self.db.execute("SELECT value FROM counters WHERE name = 'guest'").fetchone()
        return f"guest-{number}"


# -- failed logins ---------------------------------------------------------------------


@dataclass(frozen=True)
class ThrottlePolicy:
    """How failed logins from one address are slowed (seconds)."""

    #: the wait after the first failure; it doubles with each further one...
    first_delay: float = 1.0
    #: ...up to this
    max_delay: float = 16.0
    #: this many failures within ``window`` ban the address...
    ban_after: int = 10
    window: float = 600.0
    #: ...for this long
    ban_seconds: float = 900.0


def shown_name(name: str) -> str:
    """A login name as logged: cut to 40 characters and quoted, control characters
    escaped (``repr``), so no name can forge a log line or the address after it."""
    return repr(name[:40])


@dataclass
class LoginThrottle:
    """Failed logins per address (module docstring). ``clock``: seconds (monotonic);
    ``exempt``: addresses slowed but never banned (the browser door's, whose players
    all come from 127.0.0.1)."""

    policy: ThrottlePolicy = ThrottlePolicy()
    clock: Callable[[], float] = time.monotonic
    exempt: Container[str] = ()
    _failures: dict[str, deque] = field(default_factory=dict)
    _next: dict[str, float] = field(default_factory=dict)
    _banned: dict[str, float] = field(default_factory=dict)

    def banned(self, address: str) -> bool:
        """Whether ``address`` is banned now."""
        until = self._banned.get(address)
        if until is not None and self.clock() >= until:
            del self._banned[address]
            until = None
        return until is not None

    def wait(self, address: str) -> float:
        """Seconds ``address`` must wait before its next attempt is looked at (0: none)."""
        return max(0.0, self._next.get(address, 0.0) - self.clock())

    def failed(self, address: str, name: str, reason: str) -> None:
        """Log a failed login, and count it unless it came while banned."""
        log.warning("login failed for %s from %s (%s)", shown_name(name), address, reason)
        if reason == "banned":
            return
        now, policy = self.clock(), self.policy
        if len(self._failures) > 4096:
            self._forget(now)
        failures = self._failures.setdefault(address, deque())
        failures.append(now)
        while failures and failures[0] <= now - policy.window:
            failures.popleft()
        delay = min(policy.max_delay, policy.first_delay * 2 ** (len(failures) - 1))
        self._next[address] = now + delay
        if len(failures) >= policy.ban_after and address not in self.exempt:
            self._banned[address] = now + policy.ban_seconds
            failures.clear()
            log.warning("%s is banned for %g minutes after %d failed logins", address,
                        policy.ban_seconds / 60, policy.ban_after)

    def _forget(self, now: float) -> None:
        for address in [a for a, f in self._failures.items() if not f or f[-1] <= now - self.policy.window]:
            del self._failures[address]
            self._next.pop(address, None)

    async def attempt(self, address: str, name: str, check: Callable[[], Awaitable[tuple[bool, str]]],
                      sleep: Callable[[float], Awaitable] = asyncio.sleep) -> bool:
        """One login attempt: refused at once while ``address`` is banned, else looked
        at (``check()``: ``(ok, reason)``) after the address's wait; a failure is logged
        and counted."""
        if self.banned(address):
            self.failed(address, name, "banned")
            return False
        wait = self.wait(address)
        if wait > 0:
            await sleep(wait)
        ok, reason = await check()
        if not ok:
            self.failed(address, name, reason)
        return ok


# -- the login rules -------------------------------------------------------------------


@dataclass
class Doorkeeper:
    """The server's login rules. ``member_password``: the server-wide password
    (``--password``), asked before the account's; ``authorized_keys``: asyncssh's
    ``SSHAuthorizedKeys`` (``--authorized-keys``): only those keys log in; ``guests``:
    keyless strangers play as ``guest-N``."""

    accounts: Accounts
    member_password: str | None = None
    authorized_keys: object = None
    guests: bool = False
    throttle: LoginThrottle = field(default_factory=LoginThrottle)

    @property
    def keys_offered(self) -> bool:
        """Key logins: always, except with a server password alone (a key cannot bring it)."""
        return self.authorized_keys is not None or self.member_password is None

    @property
    def passwords_offered(self) -> bool:
        """Password logins: unless only listed keys may log in."""
        return self.authorized_keys is None or self.member_password is not None


class Login:
    """One connection's login (``ssh._Gate`` asks it). ``name``: who it plays as, once
    in; ``note``: a sentence for its first lobby; ``refused``: why the name may not log
    in, said in the SSH banner."""

    def __init__(self, keeper: Doorkeeper, address: str) -> None:
        self.keeper, self.address = keeper, address
        self.wanted = ""
        self.name: str | None = None
        self.note = ""
        self.refused: str | None = None
        self._key: str | None = None

    @property
    def accounts(self) -> Accounts:
        return self.keeper.accounts

    def begin(self, username: str) -> tuple[bool, str]:
        """The client asks to log in as ``username``: (must it authenticate, the banner
        to send first or "")."""
        self.name, self.note, self.refused, self._key = None, "", None, None
        try:
            self.wanted = clean_name(username)
        except RoomError:
            self.wanted = username[:40]
            self.refused = "A player's name needs a letter or a digit: log in as e.g. ssh -p 2222 Ann@host."
            return True, self.refused
        keeper = self.keeper
        if (keeper.guests and keeper.passwords_offered and keeper.member_password is None
                and names.identity(self.wanted) == "guest"):
            self._admit_guest()
            return False, ""
        self.refused = self.accounts.refusal(self.wanted)
        if self.refused:
            return True, self.refused
        if self.accounts.get(self.wanted) is None:
            return True, (f"{self.wanted} is a new name here: it becomes yours with this login. Your SSH key, or "
                          "else the password you give now, will be asked whenever you log in as "
                          f"{self.wanted} again.")
        return True, ""

    def _admit_guest(self) -> None:
        self.name = self.accounts.next_guest()
        self.note = (f"You play as {self.name}, a guest. To keep a name, log in with it and a key or a "
                     "password.")

    @property
    def keys_possible(self) -> bool:
        """Whether a key login may let this name in (asked again after each attempt, so
        ``ssh`` is offered only the methods that can work)."""
        return self.keeper.keys_offered and not self.refused

    @property
    def passwords_possible(self) -> bool:
        """Whether a password may let this name in: not for a refused name, nor for one
        owned by a key (unless guests may come in)."""
        if self.refused or not self.keeper.passwords_offered:
            return False
        if self.keeper.guests or not self.wanted:
            return True
        account = self.accounts.get(self.wanted)
        return account is None or account.password is not None

    # -- keys ----------------------------------------------------------------------------

    def key_ok(self, key) -> bool:
        """Whether ``key`` (an asyncssh ``SSHKey``) may log in as the name: listed (with
        ``--authorized-keys``), and the name's own key or a new name (then the key owns
        it once the login completes)."""
        if self.refused or not self.keeper.keys_offered:
            return False
        listed = self.keeper.authorized_keys
        if listed is not None and listed.validate(key, self.address, self.address) is None:
            return False
        text = key_text(key)
        account = self.accounts.get(self.wanted)
        if account is None or account.public_key == text:
            self._key = text
            return True
        return False

    # -- passwords -----------------------------------------------------------------------

    async def password_ok(self, password: str) -> bool:
        """Password login (``ssh NAME@HOST`` answering "Password:", or the browser door).
        With a server password, ``password`` is it, a space, then the name's password
        (SSH passwords cannot hold a newline)."""
        own: str | None = password
        member = None
        if self.keeper.member_password is not None:
            size = len(self.keeper.member_password)
            space = password[size:size + 1]
            member = password[:size] if space in (" ", "") else password
            own = password[size + 1:] if space == " " else None
        return await self._attempt(member, own)

    def challenge(self) -> tuple[str, str, str, tuple[tuple[str, bool], ...]] | None:
        """The keyboard-interactive prompts (``ssh`` asks them in turn): the server
        password if there is one, then the name's password (twice for a new name);
        ``None`` when the name cannot log in so (refused, or owned by a key)."""
        if self.refused or not self.keeper.passwords_offered:
            return None
        account = self.accounts.get(self.wanted)
        guest = " (empty: play as a guest)" if self.keeper.guests else ""
        prompts = [("Server password: ", False)] if self.keeper.member_password is not None else []
        if account is None:
            text = ""  # the banner said it (begin)
            prompts += [(f"Choose a password for {self.wanted}{guest}: ", False), ("The same again: ", False)]
        elif account.password is not None or self.keeper.guests:
            text = "" if account.password is not None else f"{account.display} logs in with their SSH key."
            prompts.append((f"{account.display}'s password{guest}: ", False))
        else:
            return None
        return "", text, "en-US", tuple(prompts)

    async def responses_ok(self, responses: list[str]) -> bool:
        """The answers to ``challenge``'s prompts."""
        answers = list(responses)
        member = answers.pop(0) if self.keeper.member_password is not None and answers else None
        own = answers.pop(0) if answers else None
        again = answers.pop(0) if answers else None
        return await self._attempt(member, own, again)

    async def _attempt(self, member: str | None, own: str | None, again: str | None = None) -> bool:
        return await self.keeper.throttle.attempt(self.address, self.wanted,
                                                  lambda: self._check(member, own, again))

    async def _check(self, member: str | None, own: str | None, again: str | None) -> tuple[bool, str]:
        keeper = self.keeper
        if self.refused:
            return False, "name refused"
        if not keeper.passwords_offered:
            return False, "keys only"
        if keeper.member_password is not None and not hmac.compare_digest(
                (member or "").encode(), keeper.member_password.encode()):
            return False, "wrong server password"
        if not own:
            if keeper.guests:
                self._admit_guest()
                return True, ""
            return False, "no password"
        account = self.accounts.get(self.wanted)
        if account is None:
            if again is not None and again != own:
                return False, "the two new passwords differ"
            stored = await hashing(hash_password, own)
            try:
                account = self.accounts.claim(self.wanted, password_hash=stored)
            except AccountError:
                return False, "name taken meanwhile"
            self._welcome(account)
            return True, ""
        if account.password is None:
            return False, "name owned by a key"
        if not await hashing(password_matches, own, account.password):
            return False, "wrong password"
        self.name = account.display
        return True, ""

    def _welcome(self, account: Account) -> None:
        self.name = account.display
        how = "your SSH key" if account.public_key else "the password you chose"
        self.note = f"{account.display} is now your name on this server: {how} is asked whenever you log in as it."

    # -- done ----------------------------------------------------------------------------

    def completed(self) -> str | None:
        """The login succeeded: a key login's name is claimed now (trust on first use)
        or its account's last login noted. Returns a sentence when the name was taken
        by another login in between (the session then says it and closes)."""
        if self.name is None and self._key is not None:
            account = self.accounts.get(self.wanted)
            if account is None:
                try:
                    account = self.accounts.claim(self.wanted, public_key=self._key)
                except AccountError as err:
                    return str(err)
                self._welcome(account)
                return None
            if account.public_key != self._key:
                return f"The name {self.wanted!r} was just taken by another login; please choose another."
            self.name = account.display
        if self.name is not None and not names.GUEST_NAME.fullmatch(names.identity(self.name)):
            self.accounts.touch(self.name)
        return None if self.name is not None else "The login did not name a player."
