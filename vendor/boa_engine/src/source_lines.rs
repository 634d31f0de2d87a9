//! Patched (code-runtime-boa), new: finding an operator in the source text. The AST keeps no
//! position for an operator (`a += b`, `x in y`), but V8 places the errors of assignments and
//! binary operators there; the operator is the first token between its two operands.

use boa_ast::Position;

/// Where the lines of a source text start and where its surrogate pairs are, so that a
/// [`Position`] (columns counting code points) finds its code unit without a scan from the start.
#[derive(Debug)]
pub(crate) struct SourceLines {
    /// The index of each line's first code unit.
    starts: Vec<usize>,
    /// The index of each surrogate pair's first code unit.
    pairs: Vec<usize>,
}

/// Whether `unit` ends a line, as the lexer counts lines (`\r\n` is one break).
fn is_line_terminator(unit: u16) -> bool {
    matches!(unit, 0xA | 0xD | 0x2028 | 0x2029)
}

fn is_surrogate_pair(text: &[u16], at: usize) -> bool {
    (0xD800..0xDC00).contains(&text[at])
        && text
            .get(at + 1)
            .is_some_and(|next| (0xDC00..0xE000).contains(next))
}

impl SourceLines {
    pub(crate) fn new(text: &[u16]) -> Self {
        let mut starts = vec![0];
        let mut pairs = Vec::new();
        let mut at = 0;
        while at < text.len() {
            let unit = text[at];
            if is_surrogate_pair(text, at) {
                pairs.push(at);
                at += 2;
                continue;
            }
            at += 1;
            if unit == 0xD && text.get(at) == Some(&0xA) {
                at += 1;
            }
            if is_line_terminator(unit) {
                starts.push(at);
            }
        }
        Self { starts, pairs }
    }

    /// The code unit at `position`.
    fn offset(&self, position: Position) -> Option<usize> {
        let line = usize::try_from(position.line_number())
            .ok()?
            .checked_sub(1)?;
        let start = *self.starts.get(line)?;
        let column = usize::try_from(position.column_number()).ok()? - 1;
        // The pairs from the line's start on: the `n`-th is `pair - start - n` code points
        // into the line, which grows with `n`, so the pairs before `column` are a prefix.
        let pairs = &self.pairs[self.pairs.partition_point(|&pair| pair < start)..];
        let (mut low, mut high) = (0, pairs.len());
        while low < high {
            let mid = low.midpoint(high);
            if pairs[mid] - start - mid < column {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        Some(start + column + low)
    }

    /// The position of the first token at or after `from` that is not whitespace, a comment, a
    /// `)` or a `]`, if there is one before `until`: the operator between two operands, `from`
    /// being the end of the first and `until` the start of the second. (A computed member's span
    /// ends before its `]`.)
    pub(crate) fn operator_between(
        &self,
        text: &[u16],
        from: Position,
        until: Position,
    ) -> Option<Position> {
        let (mut at, end) = (self.offset(from)?, self.offset(until)?.min(text.len()));
        let (mut line, mut column) = (from.line_number(), from.column_number());
        let mut in_comment: Option<bool> = None; // Some(true): a block comment
        while at < end {
            let unit = text[at];
            let next = text.get(at + 1).copied();
            match in_comment {
                None if unit == u16::from(b'/') && next == Some(u16::from(b'/')) => {
                    in_comment = Some(false);
                }
                None if unit == u16::from(b'/') && next == Some(u16::from(b'*')) => {
                    in_comment = Some(true);
                    (at, column) = (at + 2, column + 2);
                    continue;
                }
                Some(true) if unit == u16::from(b'*') && next == Some(u16::from(b'/')) => {
                    in_comment = None;
                    (at, column) = (at + 2, column + 2);
                    continue;
                }
                None if !(matches!(unit, 0x29 | 0x5D) // `)` and `]`
                    || is_line_terminator(unit)
                    || char::from_u32(u32::from(unit)).is_some_and(char::is_whitespace)
                    || unit == 0xFEFF) =>
                {
                    return Some(Position::new(line, column));
                }
                _ => {}
            }
            if is_line_terminator(unit) {
                if in_comment == Some(false) {
                    in_comment = None;
                }
                at += if unit == 0xD && next == Some(0xA) {
                    2
                } else {
                    1
                };
                (line, column) = (line + 1, 1);
            } else {
                at += if is_surrogate_pair(text, at) { 2 } else { 1 };
                column += 1;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operator(source: &str, from: (u32, u32), until: (u32, u32)) -> Option<(u32, u32)> {
        let text: Vec<u16> = source.encode_utf16().collect();
        let lines = SourceLines::new(&text);
        let (from, until) = (
            Position::new(from.0, from.1),
            Position::new(until.0, until.1),
        );
        lines
            .operator_between(&text, from, until)
            .map(|p| (p.line_number(), p.column_number()))
    }

    #[test]
    fn finds_the_operator_past_spaces_comments_and_parentheses() {
        assert_eq!(operator("t += 1", (1, 2), (1, 6)), Some((1, 3)));
        assert_eq!(operator("(t) = 2", (1, 3), (1, 7)), Some((1, 5)));
        assert_eq!(operator("o['c'] = 2", (1, 6), (1, 10)), Some((1, 8)));
        assert_eq!(operator("t /* = */ = 2", (1, 2), (1, 13)), Some((1, 11)));
        assert_eq!(operator("t // =\n  = 2", (1, 2), (2, 5)), Some((2, 3)));
        assert_eq!(operator("a\r\n/ 3", (1, 2), (2, 3)), Some((2, 1)));
        assert_eq!(operator("a b", (1, 2), (1, 2)), None);
    }

    #[test]
    fn columns_count_code_points() {
        // Each emoji is one column and two code units.
        assert_eq!(operator("'😀😀' in o", (1, 5), (1, 9)), Some((1, 6)));
        assert_eq!(operator("'😀'\n'😀😀' + 1", (2, 5), (2, 9)), Some((2, 6)));
        assert_eq!(operator("x\u{2028}'😀' in o", (2, 4), (2, 8)), Some((2, 5)));
    }
}
