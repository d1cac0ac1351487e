"""The card search language: a small, Scryfall-like query syntax, parsed to an AST.

Pure Python (no Django), so it is testable on its own; ``cards.search`` compiles the AST to
the ORM.

Syntax
------
``word``                 a bare word matches card names (accents and case folded; fuzzy when
                         nothing matches exactly: "did you mean ...")
``"two words"``          a quoted phrase matches names containing the phrase
``o:blow`` ``o:"power blow"``   card text contains (``text:``, ``oracle:``); ``o=...`` whole text
``t:attack``             type contains (``type:``); ``t="special attack"`` exact type
``name:duck``            name contains (``n:``); ``name="duck"`` exact name
``game:highlander``      ``game:meccg``, ``game:inwo`` (also ``g:``; ``hl``, ``me``, ``il`` abbreviations)
``sub:darius``           sub-title (persona, weapon of choice or faction) contains (``subtitle:``,
                         ``persona:``, ``weapon:``)
``r<=2``                 restriction number: ``r=3`` ``r:3`` ``r<3`` ``r>1`` ``r>=2`` ``r!=6``
                         (``restriction``); ``r:none`` cards without one
``is:errata``            the card has errata; also ``is:special`` (a Special Card or Special Attack),
                         ``is:basic``, ``is:master``, ``is:reserved``, ``is:signature``,
                         ``is:pregame``, ``is:vehicle``; ``not:x`` is ``-is:x``
``grid:X--/X--/X--``     exact grid (rows top to bottom; ``X`` covered, ``-`` or ``.`` not, ``?`` either)
``grid:ul``              the grid covers that cell; several cells with commas: ``grid:ul,ml``.
                         Cells: ``ul uc ur ml mc mr ll lc lr`` or long names such as ``upper-left``,
                         ``top-right``, ``middle-center`` (= ``center``, ``thrust``), ``lower-right``,
                         ``bottom-center``
``-term``                negation (also before parentheses: ``-(t:edge or t:event)``)
``a b``                  both (implicit and; ``and`` may be written)
``a or b``               either; ``and`` binds tighter than ``or``
``( ... )``              grouping

A syntax error raises :class:`QuerySyntaxError` with the position of the mistake; ``str()`` of
the error shows the query with a caret under it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = [
    "And",
    "Field",
    "Name",
    "Node",
    "Not",
    "Or",
    "QuerySyntaxError",
    "parse",
    "GAMES",
    "IS_VALUES",
    "parse_grid_value",
    "bare_words",
]

GAMES = {
    "highlander": "highlander",
    "hl": "highlander",
    "htcg": "highlander",
    "meccg": "meccg",
    "me": "meccg",
    "middle-earth": "meccg",
    "middleearth": "meccg",
    "inwo": "inwo",
    "il": "inwo",
    "illuminati": "inwo",
}
IS_VALUES = ("errata", "special", "basic", "master", "reserved", "signature", "pregame", "vehicle")

FIELD_ALIASES = {
    "o": "text",
    "oracle": "text",
    "text": "text",
    "t": "type",
    "type": "type",
    "n": "name",
    "name": "name",
    "g": "game",
    "game": "game",
    "sub": "sub",
    "subtitle": "sub",
    "persona": "sub",
    "weapon": "sub",
    "faction": "sub",
    "r": "r",
    "restriction": "r",
    "is": "is",
    "not": "not",
    "grid": "grid",
}
OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")
ORDER_OPS = ("<=", ">=", "<", ">", "!=")

ROWS = {"u": 0, "upper": 0, "top": 0, "m": 1, "middle": 1, "mid": 1, "l": 2, "lower": 2, "bottom": 2}
COLS = {"l": 0, "left": 0, "c": 1, "center": 1, "centre": 1, "r": 2, "right": 2}
CELL_SPECIALS = {"center": (1, 1), "centre": (1, 1), "thrust": (1, 1), "mc": (1, 1)}


class QuerySyntaxError(ValueError):
    """A broken query. ``position`` is the 0-based offset of the mistake in ``query``."""

    def __init__(self, message: str, position: int, query: str = "", length: int = 1):
        self.message = message
        self.position = position
        self.query = query
        self.length = max(1, length)
        super().__init__(str(self))

    def pointer(self) -> str:
        """The query and a caret line under the mistake."""
        return f"{self.query}\n{' ' * self.position}^{'~' * (self.length - 1)}"

    def __str__(self) -> str:
        if not self.query and self.position == 0:
            return self.message
        return f"{self.message} (at column {self.position + 1})\n{self.pointer()}"

    def as_dict(self) -> dict:
        return {
            "error": self.message,
            "position": self.position,
            "query": self.query,
            "pointer": self.pointer(),
        }


# ---------------------------------------------------------------- AST
@dataclass(frozen=True)
class Node:
    start: int = field(default=0, compare=False, kw_only=True)
    end: int = field(default=0, compare=False, kw_only=True)


@dataclass(frozen=True)
class Name(Node):
    """A bare word or quoted phrase: matches card names."""

    text: str
    phrase: bool = False

    def __str__(self):
        return f'"{self.text}"' if self.phrase else self.text


@dataclass(frozen=True)
class Field(Node):
    """``key op value``; ``value`` is already validated and normalised (see ``parse``)."""

    key: str
    op: str
    value: object

    def __str__(self):
        value = self.value
        if self.key == "grid":
            kind, data = value
            value = data if kind == "pattern" else ",".join(_cell_name(c) for c in data)
        elif value is None:
            value = "none"
        elif isinstance(value, str) and (" " in value or not value):
            value = f'"{value}"'
        return f"{self.key}{self.op}{value}"


@dataclass(frozen=True)
class Not(Node):
    item: Node

    def __str__(self):
        return f"-{self.item}"


@dataclass(frozen=True)
class And(Node):
    items: tuple

    def __str__(self):
        return "(" + " ".join(str(i) for i in self.items) + ")"


@dataclass(frozen=True)
class Or(Node):
    items: tuple

    def __str__(self):
        return "(" + " or ".join(str(i) for i in self.items) + ")"


def _cell_name(cell):
    return "uml"[cell[0]] + "lcr"[cell[1]]


# ---------------------------------------------------------------- tokens
@dataclass(frozen=True)
class Token:
    kind: str  # LPAREN RPAREN NEG OR AND WORD PHRASE FIELD EOF
    text: str
    start: int
    end: int
    key: str = ""
    op: str = ""
    value: str = ""
    value_start: int = 0
    quoted: bool = False


_STOP = set(" \t\r\n()")
_KEY_RE = re.compile(r"[A-Za-z_]+")


def _read_quoted(query: str, i: int) -> tuple[str, int]:
    """``query[i]`` is a double quote; return (content, index after the closing quote)."""
    close = query.find('"', i + 1)
    if close < 0:
        raise QuerySyntaxError('This quote is never closed: add a closing "', i, query)
    return query[i + 1 : close], close + 1


def tokenize(query: str) -> list[Token]:
    tokens: list[Token] = []
    i, n = 0, len(query)
    while i < n:
        ch = query[i]
        if ch.isspace():
            i += 1
            continue
        if ch in "()":
            tokens.append(Token("LPAREN" if ch == "(" else "RPAREN", ch, i, i + 1))
            i += 1
            continue
        if ch == "-" and (i + 1 >= n or query[i + 1].isspace() or query[i + 1] == ")"):
            raise QuerySyntaxError(
                "A '-' must be followed directly by the term to exclude, e.g. -t:edge", i, query
            )
        if ch == "-" and (not tokens or tokens[-1].end < i or tokens[-1].kind in ("LPAREN", "NEG")):
            tokens.append(Token("NEG", ch, i, i + 1))
            i += 1
            continue
        if ch == '"':
            text, j = _read_quoted(query, i)
            if not text.strip():
                raise QuerySyntaxError("This quoted phrase is empty", i, query, j - i)
            tokens.append(Token("PHRASE", text, i, j))
            i = j
            continue
        key_match = _KEY_RE.match(query, i)
        if key_match:
            key_end = key_match.end()
            op = next((o for o in OPERATORS if query.startswith(o, key_end)), "")
            if op:
                key = key_match.group().lower()
                if key not in FIELD_ALIASES:
                    known = "o: t: name: game: sub: r<=N is: not: grid:"
                    raise QuerySyntaxError(
                        f"Unknown keyword '{key_match.group()}{op}' (known: {known})",
                        i,
                        query,
                        key_end - i + len(op),
                    )
                j = key_end + len(op)
                if j < n and query[j] == '"':
                    value, end = _read_quoted(query, j)
                    quoted = True
                else:
                    end = j
                    while end < n and query[end] not in _STOP:
                        end += 1
                    value, quoted = query[j:end], False
                if not value.strip():
                    raise QuerySyntaxError(
                        f"'{query[i:j]}' needs a value after it, e.g. {_example(key)}",
                        j if j < n else i,
                        query,
                        1 if j < n else j - i,
                    )
                tokens.append(
                    Token(
                        "FIELD",
                        query[i:end],
                        i,
                        end,
                        key=FIELD_ALIASES[key],
                        op=op,
                        value=value,
                        value_start=j + (1 if quoted else 0),
                        quoted=quoted,
                    )
                )
                i = end
                continue
        j = i
        while j < n and query[j] not in _STOP and query[j] != '"':
            j += 1
        word = query[i:j]
        kind = {"or": "OR", "and": "AND"}.get(word.lower(), "WORD")
        tokens.append(Token(kind, word, i, j))
        i = j
    tokens.append(Token("EOF", "", n, n))
    return tokens


def _example(key: str) -> str:
    return {
        "text": 'o:"power blow"',
        "type": "t:attack",
        "name": "name:duck",
        "game": "game:highlander",
        "sub": "sub:darius",
        "r": "r<=2",
        "is": "is:errata",
        "not": "not:special",
        "grid": "grid:X--/X--/X-- or grid:ul",
    }.get(FIELD_ALIASES.get(key, key), "key:value")


# ---------------------------------------------------------------- parser
# Parentheses nest at most this deep: the parser and the search it feeds recurse per level.
MAX_NESTING = 16


class _Parser:
    def __init__(self, query: str):
        self.query = query
        self.tokens = tokenize(query)
        self.i = 0
        self.depth = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.i]

    def error(self, message: str, token: Token | None = None, length: int | None = None):
        token = token or self.tok
        raise QuerySyntaxError(
            message,
            token.start,
            self.query,
            length if length is not None else max(1, token.end - token.start),
        )

    def parse(self) -> Node | None:
        if self.tok.kind == "EOF":
            return None
        node = self.parse_or()
        if self.tok.kind == "RPAREN":
            self.error("This ')' has no matching '('")
        if self.tok.kind != "EOF":  # pragma: no cover - parse_or consumes everything else
            self.error(f"Unexpected '{self.tok.text}'")
        return node

    def parse_or(self) -> Node:
        items = [self.parse_and()]
        while self.tok.kind == "OR":
            or_tok = self.tok
            self.i += 1
            if self.tok.kind in ("EOF", "RPAREN", "OR", "AND"):
                self.error("'or' needs a term on both sides", or_tok)
            items.append(self.parse_and())
        return items[0] if len(items) == 1 else Or(tuple(items), start=items[0].start, end=items[-1].end)

    def parse_and(self) -> Node:
        if self.tok.kind in ("OR", "AND"):
            self.error(f"'{self.tok.text}' needs a term on both sides")
        items = [self.parse_unary()]
        while self.tok.kind not in ("EOF", "RPAREN", "OR"):
            if self.tok.kind == "AND":
                and_tok = self.tok
                self.i += 1
                if self.tok.kind in ("EOF", "RPAREN", "OR", "AND"):
                    self.error("'and' needs a term on both sides", and_tok)
            items.append(self.parse_unary())
        return items[0] if len(items) == 1 else And(tuple(items), start=items[0].start, end=items[-1].end)

    def parse_unary(self) -> Node:
        if self.tok.kind == "NEG":
            neg = self.tok
            self.i += 1
            if self.tok.kind in ("EOF", "RPAREN", "OR", "AND", "NEG"):
                self.error("A '-' must be followed directly by the term to exclude, e.g. -t:edge", neg)
            item = self.parse_unary()
            return Not(item, start=neg.start, end=item.end)
        return self.parse_primary()

    def parse_primary(self) -> Node:
        tok = self.tok
        if tok.kind == "LPAREN":
            self.i += 1
            if self.tok.kind == "RPAREN":
                self.error(
                    "Empty parentheses: put a term inside, e.g. (t:block or t:dodge)",
                    tok,
                    self.tok.end - tok.start,
                )
            if self.tok.kind == "EOF":
                self.error("This '(' is never closed: add a ')'", tok)
            if self.depth >= MAX_NESTING:
                self.error(f"Parentheses nest too deep here: at most {MAX_NESTING} levels", tok)
            self.depth += 1
            node = self.parse_or()
            self.depth -= 1
            if self.tok.kind != "RPAREN":
                self.error("This '(' is never closed: add a ')'", tok)
            self.i += 1
            return _with_span(node, tok.start, self.tokens[self.i - 1].end)
        if tok.kind == "RPAREN":
            self.error("This ')' has no matching '('")
        self.i += 1
        if tok.kind == "WORD":
            return Name(tok.text, start=tok.start, end=tok.end)
        if tok.kind == "PHRASE":
            return Name(tok.text, phrase=True, start=tok.start, end=tok.end)
        if tok.kind == "FIELD":
            return self.field(tok)
        self.error(f"Unexpected '{tok.text}'", tok)  # pragma: no cover

    def field(self, tok: Token) -> Node:
        key, op, raw = tok.key, tok.op, tok.value
        span = dict(start=tok.start, end=tok.end)

        def bad(message):
            raise QuerySyntaxError(message, tok.value_start, self.query, len(raw))

        if op in ORDER_OPS and key != "r":
            raise QuerySyntaxError(
                f"'{op}' only works with r (the restriction number); use ':' here",
                tok.value_start - len(op),
                self.query,
                len(op),
            )
        if key == "r":
            if raw.lower() in ("none", "null", "no", "-"):
                if op not in (":", "=", "!="):
                    bad("Use r:none (or -r:none) for cards without a restriction number")
                node = Field("r", "=", None, **span)
                return Not(node, **span) if op == "!=" else node
            if not raw.isdigit():
                bad(f"The restriction number must be a whole number, e.g. r<=2 (got '{raw}')")
            return Field("r", "=" if op == ":" else op, int(raw), **span)
        value = raw.strip()
        if key == "game":
            game = GAMES.get(value.lower())
            if game is None:
                bad(f"Unknown game '{raw}': use highlander, meccg or inwo")
            return Field("game", "=", game, **span)
        if key in ("is", "not"):
            flag = value.lower().replace("-", "").replace("_", "")
            flag = {"erratum": "errata", "pregames": "pregame", "specials": "special"}.get(flag, flag)
            if flag not in IS_VALUES:
                bad(f"Unknown {key}: value '{raw}' (known: {', '.join(IS_VALUES)})")
            node = Field("is", ":", flag, **span)
            return Not(node, **span) if key == "not" else node
        if key == "grid":
            try:
                return Field("grid", ":", parse_grid_value(value), **span)
            except ValueError as exc:
                bad(str(exc))
        return Field(key, op, value, **span)


def _with_span(node: Node, start: int, end: int) -> Node:
    object.__setattr__(node, "start", start)
    object.__setattr__(node, "end", end)
    return node


_PATTERN_RE = re.compile(r"^[xX\-.?]{3}/[xX\-.?]{3}/[xX\-.?]{3}$")


def parse_grid_value(value: str) -> tuple:
    """``("pattern", "X--/X--/X--")`` (with ``?`` wildcards) or ``("cells", ((row, col), ...))``."""
    if "/" in value:
        if not _PATTERN_RE.match(value):
            raise ValueError(
                f"A grid pattern is three rows of three cells, top to bottom, like X--/X--/X-- "
                f"(X covered, - not covered, ? either); got '{value}'"
            )
        return ("pattern", value.upper().replace(".", "-"))
    cells = []
    for part in value.lower().split(","):
        cell = parse_cell(part.strip())
        if cell is None:
            raise ValueError(
                f"Unknown grid cell '{part}': use ul uc ur ml mc mr ll lc lr, or names like "
                f"upper-left, middle-center, lower-right, or a pattern like X--/X--/X--"
            )
        if cell not in cells:
            cells.append(cell)
    return ("cells", tuple(cells))


def parse_cell(name: str) -> tuple[int, int] | None:
    if name in CELL_SPECIALS:
        return CELL_SPECIALS[name]
    if len(name) == 2 and name[0] in "uml" and name[1] in "lcr":
        return ROWS[name[0]], COLS[name[1]]
    parts = re.split(r"[-_ ]", name)
    if len(parts) == 2 and parts[0] in ROWS and parts[1] in COLS and len(parts[0]) > 1 and len(parts[1]) > 1:
        return ROWS[parts[0]], COLS[parts[1]]
    return None


def parse(query: str) -> Node | None:
    """Parse ``query`` to an AST (``None`` for an empty query). Raises :class:`QuerySyntaxError`."""
    return _Parser(query or "").parse()


def bare_words(node: Node | None, negated: bool = False) -> list[str]:
    """The bare words and phrases (not negated) of a query, in order: what a name search looks for."""
    if node is None:
        return []
    if isinstance(node, Name):
        return [] if negated else [node.text]
    if isinstance(node, Not):
        return bare_words(node.item, not negated)
    if isinstance(node, (And, Or)):
        return [w for item in node.items for w in bare_words(item, negated)]
    return []
