//! The subset of TOML that PHH files use, read exactly as `parsers/sites/phh/toml_subset.py`
//! (`fast_loads`) reads it: `key = value` lines with a bare key, a value that is a string
//! without escapes, a non-negative integer or decimal, a boolean or a local time, arrays of
//! strings or of numbers (over several lines, with comments between strings), comments, and
//! bare `[table]` headers. Anything outside the subset (where the Python reader hands the
//! text to `tomllib`) is `None` here: the hand goes to the Python path, which reads it.

/// A TOML value of the subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Str(String),
    Int(i64),
    /// A decimal `mantissa / 10 ** scale`, as written (`0.50` is (50, 2)).
    Dec(i128, u32),
    /// A local time (hour, minute, second).
    Time(u32, u32, u32),
    Bool(bool),
    Arr(Vec<Value>),
    Table(Table),
}

/// A table: its keys in the order written (a Python dict's order).
pub type Table = Vec<(String, Value)>;

/// The value of `key` in `table`.
pub fn get<'a>(table: &'a Table, key: &str) -> Option<&'a Value> {
    table.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// `[\x00-\x08\x0a-\x1f\x7f]`: control characters other than tab.
fn ctrl(b: u8) -> bool {
    (b < 0x20 && b != b'\t') || b == 0x7f
}

fn key_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

struct Cursor<'a> {
    b: &'a [u8],
    s: &'a str,
    p: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.p).copied()
    }
    fn blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.p += 1;
        }
    }
    /// `#[^CTRL]*`: a comment up to its line end (or a control character).
    fn comment(&mut self) {
        if self.peek() == Some(b'#') {
            self.p += 1;
            while self.peek().is_some_and(|b| !ctrl(b)) {
                self.p += 1;
            }
        }
    }
    /// `[ \t]*(#...)?(\n|\Z)`: the rest of a line; false when anything else follows.
    fn line_end(&mut self) -> bool {
        self.blanks();
        self.comment();
        match self.peek() {
            None => true,
            Some(b'\n') => {
                self.p += 1;
                true
            }
            Some(_) => false,
        }
    }
    /// `(?:[ \t\n]+|#[^CTRL]*)*` inside an array; whether it held a comment.
    fn gap(&mut self) -> bool {
        let mut commented = false;
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n') => self.p += 1,
                Some(b'#') => {
                    commented = true;
                    self.comment();
                }
                _ => return commented,
            }
        }
    }
    fn word(&mut self) -> &'a str {
        let at = self.p;
        while self.peek().is_some_and(key_char) {
            self.p += 1;
        }
        &self.s[at..self.p]
    }
    /// A basic string without escapes or a literal string, without its quotes.
    fn string(&mut self) -> Option<String> {
        let quote = self.peek()?;
        let at = self.p + 1;
        let mut p = at;
        loop {
            let b = *self.b.get(p)?;
            if b == quote {
                break;
            }
            if ctrl(b) || (quote == b'"' && b == b'\\') {
                return None;
            }
            p += 1;
        }
        self.p = p + 1;
        Some(self.s[at..p].to_string())
    }
    fn digits(&mut self) -> &'a str {
        let at = self.p;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.p += 1;
        }
        &self.s[at..self.p]
    }
    /// `(0|[1-9][0-9]*)(\.[0-9]+)?`: an Int or a Dec; None when too large for this port.
    fn number(&mut self) -> Option<Value> {
        let at = self.p;
        let whole = if self.peek() == Some(b'0') {
            self.p += 1;
            "0"
        } else {
            self.digits()
        };
        if whole.is_empty() {
            self.p = at;
            return None;
        }
        if self.peek() == Some(b'.') && self.b.get(self.p + 1).is_some_and(u8::is_ascii_digit) {
            self.p += 1;
            let frac = self.digits();
            if whole.len() + frac.len() > 30 {
                return None;
            }
            let m: i128 = format!("{whole}{frac}").parse().ok()?;
            return Some(Value::Dec(m, frac.len() as u32));
        }
        whole.parse::<i64>().ok().map(Value::Int)
    }
    /// `([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]`.
    fn time(&mut self) -> Option<Value> {
        let t = self.b.get(self.p..self.p + 8)?;
        let d = |i: usize| (t[i] as char).to_digit(10);
        let (h, m, s) = (d(0)? * 10 + d(1)?, d(3)? * 10 + d(4)?, d(6)? * 10 + d(7)?);
        if t[2] != b':' || t[5] != b':' || h > 23 || t[3] > b'5' || t[6] > b'5' {
            return None;
        }
        self.p += 8;
        Some(Value::Time(h, m, s))
    }
    /// An array of numbers (no comment among them) or of strings.
    fn array(&mut self) -> Option<Value> {
        self.p += 1; // '['
        let mut items = Vec::new();
        let mut strings: Option<bool> = None;
        let mut commented = self.gap();
        loop {
            if self.peek() == Some(b']') {
                self.p += 1;
                break;
            }
            let item = match self.peek()? {
                b'"' | b'\'' if strings != Some(false) => {
                    strings = Some(true);
                    Value::Str(self.string()?)
                }
                b'0'..=b'9' if strings != Some(true) => {
                    strings = Some(false);
                    self.number()?
                }
                _ => return None,
            };
            items.push(item);
            commented |= self.gap();
            match self.peek()? {
                b',' => {
                    self.p += 1;
                    commented |= self.gap();
                }
                b']' => {}
                _ => return None,
            }
        }
        if commented && strings != Some(true) {
            return None; // comments among numbers: outside the subset
        }
        Some(Value::Arr(items))
    }
    /// A value and the rest of its line.
    fn value(&mut self) -> Option<Value> {
        let v = match self.peek()? {
            b'[' => self.array()?,
            b'"' | b'\'' => Value::Str(self.string()?),
            b'0'..=b'9' => {
                let at = self.p;
                if let Some(v) = self.number() {
                    if self.line_end() {
                        return Some(v);
                    }
                }
                self.p = at;
                self.time()?
            }
            b't' if self.b[self.p..].starts_with(b"true") => {
                self.p += 4;
                Value::Bool(true)
            }
            b'f' if self.b[self.p..].starts_with(b"false") => {
                self.p += 5;
                Value::Bool(false)
            }
            _ => return None,
        };
        self.line_end().then_some(v)
    }
}

/// The document, or None when `text` is outside the subset (or a key or table repeats).
pub fn loads(text: &str) -> Option<Table> {
    let mut c = Cursor {
        b: text.as_bytes(),
        s: text,
        p: 0,
    };
    let mut root: Table = Vec::new();
    let mut table: Option<usize> = None; // the current [table] in root
    while c.p < c.b.len() {
        c.blanks();
        match c.peek() {
            Some(b'[') => {
                c.p += 1;
                c.blanks();
                let name = c.word();
                c.blanks();
                if name.is_empty() || c.peek() != Some(b']') {
                    return None;
                }
                c.p += 1;
                if !c.line_end() || get(&root, name).is_some() {
                    return None;
                }
                root.push((name.to_string(), Value::Table(Vec::new())));
                table = Some(root.len() - 1);
            }
            Some(b) if key_char(b) => {
                let key = c.word();
                c.blanks();
                if c.peek() != Some(b'=') {
                    return None;
                }
                c.p += 1;
                c.blanks();
                let value = c.value()?;
                let into = match table {
                    Some(i) => match &mut root[i].1 {
                        Value::Table(t) => t,
                        _ => return None,
                    },
                    None => &mut root,
                };
                if get(into, key).is_some() {
                    return None;
                }
                into.push((key.to_string(), value));
            }
            _ => {
                if !c.line_end() {
                    return None;
                }
            }
        }
    }
    Some(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_subset() {
        let doc = loads(
            "variant = 'NT'\nantes = [0, 0.50]\nactions = [ # c\n  \"p1 f\", # x\n  'p2 cc',\n]\ntime = 00:00:09\nyear = 2009 # y\nok = true\n",
        )
        .unwrap();
        assert_eq!(get(&doc, "variant"), Some(&Value::Str("NT".into())));
        assert_eq!(
            get(&doc, "antes"),
            Some(&Value::Arr(vec![Value::Int(0), Value::Dec(50, 2)]))
        );
        assert_eq!(
            get(&doc, "actions"),
            Some(&Value::Arr(vec![
                Value::Str("p1 f".into()),
                Value::Str("p2 cc".into())
            ]))
        );
        assert_eq!(get(&doc, "time"), Some(&Value::Time(0, 0, 9)));
        assert_eq!(get(&doc, "year"), Some(&Value::Int(2009)));
        assert_eq!(get(&doc, "ok"), Some(&Value::Bool(true)));
    }

    #[test]
    fn tables_and_what_is_outside() {
        let doc = loads("# c\n[1]\nvariant = \"NT\"\n\n[2]\nvariant = \"FT\"\n").unwrap();
        assert_eq!(doc.len(), 2);
        for bad in [
            "a = 1\na = 2\n",
            "a = 012\n",
            "a = -1\n",
            "a = \"x\\ty\"\n",
            "a = [1, # c\n 2]\n",
            "a = [1, 'x']\n",
            "a.b = 1\n",
            "a = 1979-05-27\n",
            "[1]\n[1]\n",
            "a = 1.\n",
            "a = 24:00:00\n",
        ] {
            assert_eq!(loads(bad), None, "{bad:?}");
        }
        assert_eq!(loads("a = []\n").unwrap()[0].1, Value::Arr(vec![]));
    }
}
