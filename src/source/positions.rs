//! Source positions: byte offsets to 1-based line/column, code frames, and the map from the
//! prepared script Boa runs back to the program's original source.

/// Line starts of a text, for turning byte offsets into 1-based line and column (in characters).
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Self { text, starts }
    }

    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&start| start <= offset) - 1;
        let start = self.starts[line];
        let column = self.text.get(start..offset).map_or(offset - start, |s| s.chars().count());
        (line as u32 + 1, column as u32 + 1)
    }

    /// Up to two lines either side of `line`, numbered, with a caret under `column`.
    pub fn code_frame(&self, line: u32, column: u32) -> String {
        let lines: Vec<&str> = self.text.split('\n').collect();
        let target = line as usize;
        let first = target.saturating_sub(2).max(1);
        let last = (target + 2).min(lines.len());
        let width = last.to_string().len();
        let mut frame = String::new();
        for number in first..=last {
            let text = lines[number - 1].trim_end_matches('\r');
            let marker = if number == target { '>' } else { ' ' };
            frame.push_str(&format!("{marker} {number:>width$} | {text}\n"));
            if number == target {
                let pad: String =
                    text.chars().take(column.saturating_sub(1) as usize).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
                frame.push_str(&format!("  {:>width$} | {pad}^\n", ""));
            }
        }
        frame.trim_end().to_owned()
    }
}

/// Text inserted into the program (the wrapper, a session's hoisted declarations), recorded so
/// positions Boa reports in the prepared script map back to the original. Insertions never
/// contain newlines.
#[derive(Debug, Default, Clone)]
pub struct PositionMap {
    /// Characters of wrapper text before the program on its first line.
    first_line_prefix: u32,
    /// Per 1-based line: (original 1-based column, inserted length), sorted by column.
    insertions: Vec<(u32, u32, u32)>,
    /// Lines of the program; later lines belong to the wrapper.
    lines: u32,
}

impl PositionMap {
    pub fn new(first_line_prefix: u32, mut insertions: Vec<(u32, u32, u32)>, lines: u32) -> Self {
        insertions.sort_unstable();
        Self { first_line_prefix, insertions, lines }
    }

    /// The original position of a 1-based (line, column) in the prepared script, or `None` for
    /// the runtime's wrapper. A position inside inserted text maps to where the text was inserted.
    pub fn original(&self, line: u32, column: u32) -> Option<(u32, u32)> {
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
        let map = PositionMap::new(10, vec![(3, 4, 5)], 4);
        assert_eq!(map.original(1, 13), Some((1, 3)));
        assert_eq!(map.original(1, 5), None, "in the wrapper");
        assert_eq!(map.original(3, 2), Some((3, 2)));
        assert_eq!(map.original(3, 6), Some((3, 4)), "inside the insertion");
        assert_eq!(map.original(3, 12), Some((3, 7)));
        assert_eq!(map.original(4, 12), Some((4, 12)));
        assert_eq!(map.original(5, 1), None, "the wrapper's closing line");
    }
}
