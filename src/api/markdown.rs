//! The rules pages as HTML, for a browser that asks for it: a small rendering of the subset
//! of Markdown the rules pages are written in (headings, paragraphs, bullet and numbered
//! lists, tables, code fences, inline code, bold, links; HTML comments dropped). Not a
//! general Markdown renderer. A link to another rules page (`tai.md#anchor`) becomes a link
//! to that page's route (`../tai/rules#anchor`); headings get GitHub's anchors.

/// A whole HTML document for the page, titled with its first heading.
pub fn page_html(markdown: &str) -> String {
    let title = markdown
        .lines()
        .find_map(|l| l.strip_prefix("# "))
        .unwrap_or("Rules");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>body{{font-family:sans-serif;max-width:70em;margin:auto;padding:1em}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.2em .4em;\
         vertical-align:top}}pre{{overflow-x:auto;background:#f4f4f4;padding:.5em}}</style>\n\
         </head>\n<body>\n{}</body>\n</html>\n",
        escape(title),
        to_html(markdown)
    )
}

/// The body: the Markdown's blocks as HTML elements.
pub fn to_html(markdown: &str) -> String {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            i += 1;
        } else if trimmed.starts_with("<!--") {
            while i < lines.len() && !lines[i].contains("-->") {
                i += 1;
            }
            i += 1;
        } else if trimmed.starts_with("```") {
            i += 1;
            out += "<pre><code>";
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                out += &escape(lines[i].trim_start());
                out.push('\n');
                i += 1;
            }
            out += "</code></pre>\n";
            i += 1;
        } else if let Some((level, text)) = heading(trimmed) {
            out += &format!(
                "<h{level} id=\"{}\">{}</h{level}>\n",
                slug(text),
                inline(text)
            );
            i += 1;
        } else if trimmed.starts_with('|') {
            i = table(&lines, i, &mut out);
        } else if list_item(trimmed).is_some() {
            i = list(&lines, i, &mut out);
        } else {
            let mut text = Vec::new();
            while i < lines.len() && !ends_paragraph(lines[i]) {
                text.push(lines[i].trim());
                i += 1;
            }
            out += &format!("<p>{}</p>\n", inline(&text.join(" ")));
        }
    }
    out
}

/// Whether a line ends a paragraph (a blank line or the start of another block).
fn ends_paragraph(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty()
        || t.starts_with("```")
        || t.starts_with('|')
        || t.starts_with("<!--")
        || heading(t).is_some()
        || list_item(t).is_some()
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    let text = line.get(level..)?.strip_prefix(' ')?;
    (1..=6).contains(&level).then_some((level, text.trim()))
}

/// A list item's marker kind (`ul` or `ol`) and text.
fn list_item(line: &str) -> Option<(&'static str, &str)> {
    if let Some(text) = line.strip_prefix("- ") {
        return Some(("ul", text));
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let rest = line.get(digits..)?.strip_prefix(". ")?;
    (digits > 0).then_some(("ol", rest))
}

/// A list from line `i`: items, their indented continuation lines and code fences; returns
/// the first line after it.
fn list(lines: &[&str], mut i: usize, out: &mut String) -> usize {
    let Some((tag, _)) = list_item(lines[i].trim_start()) else {
        return i + 1;
    };
    let indent = lines[i].len() - lines[i].trim_start().len();
    *out += &format!("<{tag}>\n");
    while i < lines.len() {
        let line = lines[i];
        let own = line.len() - line.trim_start().len();
        let item = list_item(line.trim_start()).filter(|(t, _)| own == indent && *t == tag);
        let Some((_, first)) = item else {
            break;
        };
        let mut body = vec![first.trim().to_string()];
        i += 1;
        while i < lines.len() {
            let next = lines[i];
            let next_indent = next.len() - next.trim_start().len();
            if next.trim().is_empty() {
                let continues = lines
                    .get(i + 1)
                    .is_some_and(|l| l.len() - l.trim_start().len() > indent);
                if !continues {
                    break;
                }
                body.push(String::new());
            } else if next_indent <= indent {
                break;
            } else {
                body.push(next.to_string());
            }
            i += 1;
        }
        let inner = body.join("\n");
        let html = to_html(&inner);
        let html = match html
            .strip_prefix("<p>")
            .and_then(|h| h.strip_suffix("</p>\n"))
        {
            Some(single) if !single.contains("<p>") => single.to_string(),
            _ => html,
        };
        *out += &format!("<li>{html}</li>\n");
        while i < lines.len() && lines[i].trim().is_empty() {
            let continues = lines
                .get(i + 1)
                .and_then(|l| list_item(l.trim_start()).map(|(t, _)| (l, t)))
                .is_some_and(|(l, t)| t == tag && l.len() - l.trim_start().len() == indent);
            if !continues {
                break;
            }
            i += 1;
        }
    }
    *out += &format!("</{tag}>\n");
    i
}

/// A table from line `i` (header, separator, rows); returns the first line after it.
fn table(lines: &[&str], mut i: usize, out: &mut String) -> usize {
    *out += "<table>\n";
    let mut row = 0;
    while i < lines.len() && lines[i].trim_start().starts_with('|') {
        let cells = cells(lines[i].trim());
        let separator = cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':'));
        if !separator {
            let tag = if row == 0 { "th" } else { "td" };
            *out += "<tr>";
            for c in cells {
                *out += &format!("<{tag}>{}</{tag}>", inline(&c));
            }
            *out += "</tr>\n";
            row += 1;
        }
        i += 1;
    }
    *out += "</table>\n";
    i
}

/// The cells of a table row, `\|` read as a `|` inside a cell.
fn cells(row: &str) -> Vec<String> {
    let inner = row.strip_prefix('|').unwrap_or(row);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                if let Some(s) = cells.last_mut() {
                    s.push('|');
                }
                chars.next();
            }
            '|' => cells.push(String::new()),
            c => {
                if let Some(s) = cells.last_mut() {
                    s.push(c);
                }
            }
        }
    }
    cells.into_iter().map(|c| c.trim().to_string()).collect()
}

/// Inline markup: `code`, **bold**, [text](target); everything else escaped.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('`') {
            if let Some(end) = after.find('`') {
                out += &format!("<code>{}</code>", escape(&after[..end]));
                rest = &after[end + 1..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix("**") {
            if let Some(end) = after.find("**") {
                out += &format!("<strong>{}</strong>", inline(&after[..end]));
                rest = &after[end + 2..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix('[') {
            if let Some((label, target, used)) = link(after) {
                out += &format!(
                    "<a href=\"{}\">{}</a>",
                    escape(&href(target)),
                    inline(label)
                );
                rest = &after[used..];
                continue;
            }
        }
        let c = rest.chars().next().unwrap_or(' ');
        out += &escape(&c.to_string());
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// `text](target)` after a `[`: the text, the target and the bytes used.
fn link(after: &str) -> Option<(&str, &str, usize)> {
    let close = after.find("](")?;
    let end = after[close + 2..].find(')')? + close + 2;
    Some((&after[..close], &after[close + 2..end], end + 1))
}

/// A link's target as served: another rules page (`tai.md#x`) becomes its route.
fn href(target: &str) -> String {
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    match path.strip_suffix(".md") {
        Some(page) if !page.contains('/') && !page.is_empty() => {
            let anchor = if anchor.is_empty() {
                String::new()
            } else {
                format!("#{anchor}")
            };
            format!("../{page}/rules{anchor}")
        }
        _ => target.to_string(),
    }
}

/// GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as `-`.
pub fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::{slug, to_html};

    #[test]
    fn renders_the_subset_the_pages_use() {
        let md = "# Title\n\n<!-- note -->\n\nSome `code` and **bold**, [tai](tai.md#how-it-ends).\n\n\
                  - one\n  more\n- two\n\n1. first\n2. second\n\n| a | b |\n|---|---|\n| x \\| y | <z> |\n\n\
                  ```\nl,n/9 b\n```\n";
        let html = to_html(md);
        assert_eq!(
            html,
            "<h1 id=\"title\">Title</h1>\n\
             <p>Some <code>code</code> and <strong>bold</strong>, <a href=\"../tai/rules#how-it-ends\">tai</a>.</p>\n\
             <ul>\n<li>one more</li>\n<li>two</li>\n</ul>\n\
             <ol>\n<li>first</li>\n<li>second</li>\n</ol>\n\
             <table>\n<tr><th>a</th><th>b</th></tr>\n<tr><td>x | y</td><td>&lt;z&gt;</td></tr>\n</table>\n\
             <pre><code>l,n/9 b\n</code></pre>\n"
        );
    }

    #[test]
    fn slugs_are_githubs() {
        assert_eq!(
            slug("Order of a move's effects"),
            "order-of-a-moves-effects"
        );
        assert_eq!(slug("`repetition`"), "repetition");
        assert_eq!(slug("4.1 Inherited kinds"), "41-inherited-kinds");
    }
}
