"""Index arithmetic in rules: `i+1`, `|Z|`, `|S|`, `1 < i < j <= i+5`. Parsed once, never eval'd.

Grammar (whitespace free):
    comparison := sum (op sum)+          op is < <= > >= == !=
    sum        := atom (('+' | '-') atom)*
    atom       := integer | name | '|' name '|'
A `name` is an index variable bound by a condition; `|X|` is the length of token list X or of the
phrase bound to X. Positions are 1-based, as in the paper's Table 14.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

_TOKEN = re.compile(r"\s*(?:(\d+)|(\|[A-Za-z_]\w*\|)|([A-Za-z_]\w*)|(<=|>=|==|!=|<|>)|([+-]))")
_COMPARE = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


class ExpressionError(ValueError):
    pass


@dataclass(frozen=True)
class Expression:
    """A compiled integer expression. `names` are the variables it reads, `lengths` the |X| it reads."""

    source: str
    names: frozenset[str]
    lengths: frozenset[str]
    _terms: tuple[tuple[int, str, str | int], ...]  # (sign, kind, value), kind in int/name/length

    def evaluate(self, bindings: Mapping[str, int], length_of: Callable[[str], int]) -> int:
        total = 0
        for sign, kind, value in self._terms:
            if kind == "int":
                total += sign * value  # type: ignore[operator]
            elif kind == "name":
                total += sign * bindings[value]  # type: ignore[index]
            else:
                total += sign * length_of(value)  # type: ignore[arg-type]
        return total


@dataclass(frozen=True)
class Comparison:
    source: str
    operands: tuple[Expression, ...]
    operators: tuple[str, ...]

    @property
    def names(self) -> frozenset[str]:
        return frozenset().union(*(operand.names for operand in self.operands))

    def holds(self, bindings: Mapping[str, int], length_of: Callable[[str], int]) -> bool:
        values = [operand.evaluate(bindings, length_of) for operand in self.operands]
        return all(
            _COMPARE[op](left, right) for op, left, right in zip(self.operators, values, values[1:])
        )


def _tokens(source: str) -> list[str]:
    position, tokens = 0, []
    text = source.strip()
    while position < len(text):
        match = _TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ExpressionError(f"cannot read {text[position:]!r} in expression {source!r}")
        tokens.append(match.group(0).strip())
        position = match.end()
    if not tokens:
        raise ExpressionError("empty expression")
    return tokens


def _parse_sum(tokens: list[str], source: str) -> Expression:
    terms: list[tuple[int, str, str | int]] = []
    sign = 1
    expect_atom = True
    for token in tokens:
        if expect_atom:
            if token == "-" and not terms:
                sign = -sign
                continue
            if token.isdigit():
                terms.append((sign, "int", int(token)))
            elif token.startswith("|"):
                terms.append((sign, "length", token[1:-1]))
            elif re.fullmatch(r"[A-Za-z_]\w*", token):
                terms.append((sign, "name", token))
            else:
                raise ExpressionError(f"expected a number or a name, found {token!r} in {source!r}")
            expect_atom = False
        else:
            if token not in "+-":
                raise ExpressionError(f"expected + or -, found {token!r} in {source!r}")
            sign = 1 if token == "+" else -1
            expect_atom = True
    if expect_atom:
        raise ExpressionError(f"expression {source!r} ends with an operator")
    return Expression(
        source=source,
        names=frozenset(str(v) for _, k, v in terms if k == "name"),
        lengths=frozenset(str(v) for _, k, v in terms if k == "length"),
        _terms=tuple(terms),
    )


def parse_expression(source: str | int) -> Expression:
    """An integer expression such as `i+1` or `|Z|-1`."""
    text = str(source)
    tokens = _tokens(text)
    if any(token in _COMPARE for token in tokens):
        raise ExpressionError(f"{text!r} is a comparison where a number is expected")
    return _parse_sum(tokens, text)


def parse_comparison(source: str) -> Comparison:
    """A chain of comparisons such as `1 < i < j <= i+5`."""
    tokens = _tokens(str(source))
    operands, operators, current = [], [], []
    for token in tokens:
        if token in _COMPARE:
            operands.append(_parse_sum(current, source))
            operators.append(token)
            current = []
        else:
            current.append(token)
    operands.append(_parse_sum(current, source))
    if not operators:
        raise ExpressionError(f"{source!r} has no comparison operator")
    return Comparison(source=str(source), operands=tuple(operands), operators=tuple(operators))
