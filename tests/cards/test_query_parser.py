"""The card search language: each operator parses to the expected AST; broken queries point at the mistake."""

import pytest

from cards.query import And, Field, Name, Not, Or, QuerySyntaxError, bare_words, parse, parse_grid_value


def test_empty_query_is_none():
    assert parse("") is None
    assert parse("   ") is None


def test_bare_word_is_a_name_term_with_position():
    node = parse("  sideswipe")
    assert node == Name("sideswipe")
    assert (node.start, node.end) == (2, 11)


def test_quoted_phrase():
    node = parse('"twist of the blade"')
    assert node == Name("twist of the blade", phrase=True)
    assert str(node) == '"twist of the blade"'


def test_implicit_and_of_bare_words():
    assert parse("mysterious technique") == And((Name("mysterious"), Name("technique")))


def test_explicit_and_is_the_same_as_implicit():
    assert parse("t:attack and r<=2") == parse("t:attack r<=2")


@pytest.mark.parametrize(
    "query,key,value",
    [
        ("o:blow", "text", "blow"),
        ('o:"power blow"', "text", "power blow"),
        ("oracle:blow", "text", "blow"),
        ("t:attack", "type", "attack"),
        ('type:"special attack"', "type", "special attack"),
        ("sub:darius", "sub", "darius"),
        ("persona:kell", "sub", "kell"),
        ("weapon:katar", "sub", "katar"),
        ("name:duck", "name", "duck"),
    ],
)
def test_text_fields(query, key, value):
    node = parse(query)
    assert isinstance(node, Field)
    assert (node.key, node.op, node.value) == (key, ":", value)


def test_exact_text_field_operator():
    assert parse('t="Special Attack"') == Field("type", "=", "Special Attack")


@pytest.mark.parametrize(
    "query,game",
    [
        ("game:highlander", "highlander"),
        ("game:MECCG", "meccg"),
        ("g:inwo", "inwo"),
        ("game:hl", "highlander"),
        ("game:me", "meccg"),
        ("game:illuminati", "inwo"),
    ],
)
def test_game(query, game):
    assert parse(query) == Field("game", "=", game)


@pytest.mark.parametrize(
    "query,op,value",
    [
        ("r<=2", "<=", 2),
        ("r=3", "=", 3),
        ("r:3", "=", 3),
        ("r>1", ">", 1),
        ("r<6", "<", 6),
        ("r>=2", ">=", 2),
        ("restriction!=6", "!=", 6),
    ],
)
def test_restriction(query, op, value):
    assert parse(query) == Field("r", op, value)


def test_restriction_none():
    assert parse("r:none") == Field("r", "=", None)
    assert parse("r!=none") == Not(Field("r", "=", None))


@pytest.mark.parametrize("flag", ["errata", "special", "basic", "master", "reserved", "signature", "pregame"])
def test_is_flags(flag):
    assert parse(f"is:{flag}") == Field("is", ":", flag)


def test_not_flag_is_negated_is():
    assert parse("not:errata") == Not(Field("is", ":", "errata"))


def test_grid_pattern_exact():
    assert parse("grid:X--/X--/X--") == Field("grid", ":", ("pattern", "X--/X--/X--"))
    assert parse("grid:x../x../x..") == Field("grid", ":", ("pattern", "X--/X--/X--"))
    assert parse("grid:???/XXX/???").value == ("pattern", "???/XXX/???")


@pytest.mark.parametrize(
    "value,cells",
    [
        ("ul", ((0, 0),)),
        ("upper-left", ((0, 0),)),
        ("top-left", ((0, 0),)),
        ("lr", ((2, 2),)),
        ("bottom-right", ((2, 2),)),
        ("center", ((1, 1),)),
        ("thrust", ((1, 1),)),
        ("middle-center", ((1, 1),)),
        ("ul,ml,ll", ((0, 0), (1, 0), (2, 0))),
    ],
)
def test_grid_cells(value, cells):
    assert parse_grid_value(value) == ("cells", cells)
    assert parse(f"grid:{value}") == Field("grid", ":", ("cells", cells))


def test_negation_of_term_and_group():
    assert parse("-is:special") == Not(Field("is", ":", "special"))
    assert parse("-(t:edge or t:event)") == Not(Or((Field("type", ":", "edge"), Field("type", ":", "event"))))
    assert parse("-duck") == Not(Name("duck"))


def test_hyphen_inside_a_word_is_not_negation():
    assert parse("T-Bird") == Name("T-Bird")


def test_or_and_precedence():
    node = parse("t:attack r<=2 or t:block")
    assert node == Or((And((Field("type", ":", "attack"), Field("r", "<=", 2))), Field("type", ":", "block")))
    assert parse("a OR b or c") == Or((Name("a"), Name("b"), Name("c")))


def test_parentheses_group():
    node = parse("(t:block or t:dodge) grid:ul")
    assert node == And(
        (
            Or((Field("type", ":", "block"), Field("type", ":", "dodge"))),
            Field("grid", ":", ("cells", ((0, 0),))),
        )
    )
    assert (node.items[0].start, node.items[0].end) == (0, 20)


def test_design_example():
    node = parse('t:attack game:highlander o:"power blow" -is:special')
    assert node == And(
        (
            Field("type", ":", "attack"),
            Field("game", "=", "highlander"),
            Field("text", ":", "power blow"),
            Not(Field("is", ":", "special")),
        )
    )
    assert str(node) == '(type:attack game=highlander text:"power blow" -is:special)'


def test_accents_kept_in_words():
    assert parse("Nazgûl") == Name("Nazgûl")


def test_bare_words_skips_negated_and_fields():
    assert bare_words(parse('mysterius tecnique -duck t:attack "holy ground"')) == [
        "mysterius",
        "tecnique",
        "holy ground",
    ]


# ---------------------------------------------------------------- broken queries
@pytest.mark.parametrize(
    "query,position,fragment",
    [
        ("o:", 0, "needs a value"),
        ("t:attack o: power", 11, "needs a value"),
        ("(t:attack or t:block", 0, "never closed"),
        ("t:attack)", 8, "no matching '('"),
        ("t:attack or", 9, "'or' needs a term on both sides"),
        ("or t:attack", 0, "'or' needs a term"),
        ("a and or b", 2, "'and' needs a term"),
        ("t:attack -", 9, "'-' must be followed"),
        ("- duck", 0, "'-' must be followed"),
        ("foo:bar", 0, "Unknown keyword 'foo:'"),
        ("r<=two", 3, "whole number"),
        ('o:"power blow', 2, "never closed"),
        ('duck "', 5, "never closed"),
        ("grid:zz", 5, "Unknown grid cell 'zz'"),
        ("grid:XX/X--/X--", 5, "three rows of three cells"),
        ("game:chess", 5, "Unknown game 'chess'"),
        ("is:broken", 3, "Unknown is: value 'broken'"),
        ("()", 0, "Empty parentheses"),
        ("t<2", 1, "only works with r"),
        ('""', 0, "empty"),
    ],
)
def test_broken_queries_point_at_the_mistake(query, position, fragment):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    error = info.value
    assert fragment in error.message
    assert error.position == position
    assert error.query == query


def test_error_message_has_a_caret_under_the_mistake():
    with pytest.raises(QuerySyntaxError) as info:
        parse("t:attack (o:blow or")
    text = str(info.value)
    lines = text.splitlines()
    assert lines[-2] == "t:attack (o:blow or"
    assert lines[-1] == " " * 17 + "^~"
    assert "column 18" in lines[0]
    assert info.value.as_dict()["pointer"].endswith("^~")
