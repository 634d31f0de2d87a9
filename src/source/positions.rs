//! Source positions: byte offsets to 1-based line/column, code frames, and the map from the
//! prepared script Boa runs back to the program's original source.

/// Line starts of a text, for turning byte offsets into 1-based lines and columns as V8 counts
/// them: every ECMAScript line terminator ends a line (LF, CR, CRLF as one, U+2028, U+2029), and
/// columns count UTF-16 code units.
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of each line's first character.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        for (at, &byte) in bytes.iter().enumerate() {
            let next = match byte {
                b'\n' => at + 1,
                b'\r' if bytes.get(at + 1) != Some(&b'\n') => at + 1,
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                0xE2 if bytes.get(at + 1) == Some(&0x80) && matches!(bytes.get(at + 2), Some(0xA8 | 0xA9)) => at + 3,
                _ => continue,
            };
            starts.push(next);
        }
        Self { text, starts }
    }

    /// Lines in the text.
    pub fn line_count(&self) -> u32 {
        self.starts.len() as u32
    }

    /// The 1-based line and UTF-16 column of a byte offset, as V8 reports them.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let (line, before) = self.locate(offset);
        (line, before.encode_utf16().count() as u32 + 1)
    }

    /// The 1-based line and column in characters (code points) of a byte offset, as Boa counts
    /// positions in the script it runs.
    pub fn line_char_col(&self, offset: usize) -> (u32, u32) {
        let (line, before) = self.locate(offset);
        (line, before.chars().count() as u32 + 1)
    }

    /// The 1-based line of `offset` and the text of that line before it.
    fn locate(&self, offset: usize) -> (u32, &'a str) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        (line as u32 + 1, &self.text[self.starts[line].min(offset)..offset])
    }

    /// The text of a 1-based line, without its terminator.
    fn line_text(&self, line: usize) -> &'a str {
        let start = self.starts[line - 1];
        let end = self.starts.get(line).copied().unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r', '\u{2028}', '\u{2029}'])
    }

    /// (line, column in characters) of each character outside the Basic Multilingual Plane: one
    /// column to Boa, two UTF-16 code units to V8.
    pub fn supplementary_characters(&self) -> Vec<(u32, u32)> {
        let mut found = Vec::new();
        if self.text.bytes().any(|byte| byte >= 0xF0) {
            for line in 1..=self.starts.len() {
                let text = self.line_text(line);
                let columns = text.chars().enumerate().filter(|(_, c)| c.len_utf16() == 2);
                found.extend(columns.map(|(column, _)| (line as u32, column as u32 + 1)));
            }
        }
        found
    }

    /// Up to two lines either side of `line`, numbered, with a caret under the UTF-16 `column`.
    pub fn code_frame(&self, line: u32, column: u32) -> String {
        let target = line as usize;
        let first = target.saturating_sub(2).max(1);
        let last = (target + 2).min(self.starts.len());
        let width = last.to_string().len();
        let mut frame = String::new();
        for number in first..=last {
            let text = self.line_text(number);
            let marker = if number == target { '>' } else { ' ' };
            frame.push_str(&format!("{marker} {number:>width$} | {text}\n"));
            if number == target {
                let mut units = 0;
                let pad: String = text
                    .chars()
                    .take_while(|c| {
                        units += c.len_utf16() as u32;
                        units < column
                    })
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                frame.push_str(&format!("  {:>width$} | {pad}^\n", ""));
            }
        }
        frame.trim_end().to_owned()
    }
}

/// Text inserted into the program (the wrapper, a session's hoisted declarations), recorded so
/// positions Boa reports in the prepared script map back to the original. Insertions never
/// contain line terminators.
#[derive(Debug, Default, Clone)]
pub struct PositionMap {
    /// Characters of wrapper text before the program on its first line.
    first_line_prefix: u32,
    /// Per 1-based line: (original 1-based column, inserted length), sorted by column. Columns
    /// and lengths count characters, as Boa does.
    insertions: Vec<(u32, u32, u32)>,
    /// Lines of the program; later lines belong to the wrapper.
    lines: u32,
    /// (line, character column) of the program's characters outside the Basic Multilingual
    /// Plane, sorted: each is one column to Boa and two to V8.
    supplementary: Vec<(u32, u32)>,
}

impl PositionMap {
    /// The map for a program whose text is indexed by `program` and was wrapped behind
    /// `first_line_prefix` characters, with `insertions` made in it.
    pub fn new(first_line_prefix: u32, mut insertions: Vec<(u32, u32, u32)>, program: &LineIndex) -> Self {
        insertions.sort_unstable();
        Self { first_line_prefix, insertions, lines: program.line_count(), supplementary: program.supplementary_characters() }
    }

    /// The original position of a 1-based (line, column in characters) in the prepared script,
    /// as V8 would report it (the column in UTF-16 code units), or `None` for the runtime's
    /// wrapper. A position inside inserted text maps to where the text was inserted.
    pub fn original(&self, line: u32, column: u32) -> Option<(u32, u32)> {
        let (line, column) = self.original_characters(line, column)?;
        let start = self.supplementary.partition_point(|&(l, _)| l < line);
        let wide_before = self.supplementary[start..].iter().take_while(|&&(l, c)| l == line && c < column).count();
        Some((line, column + wide_before as u32))
    }

    /// [`PositionMap::original`] in characters.
    fn original_characters(&self, line: u32, column: u32) -> Option<(u32, u32)> {
        if line > self.lines || (line == 1 && column <= self.first_line_prefix) {
            return None;
        }
        let mut column = if line == 1 { column - self.first_line_prefix } else { column };
        let start = self.insertions.partition_point(|&(l, _, _)| l < line);
        let mut shift = 0;
        for &(_, at, len) in self.insertions[start..].iter().take_while(|&&(l, _, _)| l == line) {
            if column < at + shift {
                break;
            }
            if column < at + shift + len {
                return Some((line, at));
            }
            shift += len;
        }
        column -= shift;
        Some((line, column))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_one_based_lines_and_character_columns() {
        let index = LineIndex::new("ab\nçd\nx");
        assert_eq!(index.line_col(0), (1, 1));
        assert_eq!(index.line_col(3), (2, 1));
        assert_eq!(index.line_col(5), (2, 2), "ç is one column though two bytes");
        assert_eq!(index.line_col(7), (3, 1));
    }

    #[test]
    fn code_frame_points_at_the_column() {
        let index = LineIndex::new("const a = 1\nconst b = ;\nreturn b");
        let frame = index.code_frame(2, 11);
        assert!(frame.contains("> 2 | const b = ;"), "{frame}");
        assert!(frame.contains("  |           ^"), "{frame}");
    }

    #[test]
    fn prepared_columns_map_back() {
        // Line 1 has a 10-character wrapper; line 3 has 5 characters inserted at column 4.
        let map = PositionMap::new(10, vec![(3, 4, 5)], &LineIndex::new("a\nb\nc\nd"));
        assert_eq!(map.original(1, 13), Some((1, 3)));
        assert_eq!(map.original(1, 5), None, "in the wrapper");
        assert_eq!(map.original(3, 2), Some((3, 2)));
        assert_eq!(map.original(3, 6), Some((3, 4)), "inside the insertion");
        assert_eq!(map.original(3, 12), Some((3, 7)));
        assert_eq!(map.original(4, 12), Some((4, 12)));
        assert_eq!(map.original(5, 1), None, "the wrapper's closing line");
    }

    #[test]
    fn every_line_terminator_ends_a_line() {
        let text = "a\nb\rc\r\nd\u{2028}e\u{2029}f";
        let index = LineIndex::new(text);
        assert_eq!(index.line_count(), 6);
        for (line, letter) in ["a", "b", "c", "d", "e", "f"].iter().enumerate() {
            assert_eq!(index.line_col(text.find(letter).unwrap()), (line as u32 + 1, 1), "{letter}");
        }
        let frame = index.code_frame(5, 1);
        assert!(frame.contains("> 5 | e\n"), "{frame}");
        assert!(frame.contains("  4 | d\n"), "{frame}");
    }

    #[test]
    fn columns_count_utf16_units_as_v8_does() {
        let text = "'😀é'; x";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(text.find('x').unwrap()), (1, 8));
        assert_eq!(index.line_char_col(text.find('x').unwrap()), (1, 7), "Boa counts characters");
        // One space for each character before `x`, the emoji included.
        assert!(index.code_frame(1, 8).ends_with("|       ^"), "{}", index.code_frame(1, 8));
        // Boa's column 7 (characters) is V8's 8 once the emoji before it counts twice.
        let map = PositionMap::new(0, Vec::new(), &index);
        assert_eq!(map.original(1, 7), Some((1, 8)));
        assert_eq!(map.original(1, 2), Some((1, 2)), "before the emoji");
    }
}
