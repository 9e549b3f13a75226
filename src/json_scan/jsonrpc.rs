//! The JSON-RPC peek of the middlewares: what the start of a request body asks for, read
//! with [`Scanner`]'s tolerant walk.

use serde_json::Value;

use super::Scanner;

/// What the start of a JSON-RPC request body says, read with the crate's tolerant JSON
/// walk (the one [`locate`](crate::validate::locate) uses; the way the most lenient JSON
/// reader would: `NaN`, `1e999`, any depth, lone surrogates, a byte order mark, duplicate
/// names), without building values.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Call {
    /// One request: the text of every top-level `method` member that is a string (a
    /// repeated name keeps every occurrence, so no reader's choice of first or last is
    /// missed), its `id` (the last one; `null` when absent or unreadable), and whether it
    /// has a `jsonrpc` member.
    Single {
        methods: Vec<String>,
        id: Value,
        jsonrpc: bool,
    },
    /// A batch: the methods of all its requests.
    Batch { methods: Vec<String> },
    /// Nothing that carries a method: an empty body, or a top-level string, number or
    /// literal.
    NoMethod,
    /// Text no JSON reader, however lenient, reads the way this walk does (single quotes,
    /// comments, another encoding, truncated): whether it names a method cannot be told.
    Unreadable,
}

/// Reads what a JSON-RPC request body asks for (see [`Call`]).
pub(crate) fn scan_call(body: &[u8]) -> Call {
    let scanner = Scanner::new(body);
    let start = scanner.skip_space(0);
    let scanned = match scanner.byte(start) {
        None => return Call::NoMethod,
        Some(b'{') => single(&scanner, start),
        Some(b'[') => {
            let (mut methods, mut readable) = (Vec::new(), true);
            let end = scanner.elements(start, |at, _| match single(&scanner, at) {
                Some((Call::Single { methods: m, .. }, _)) => methods.extend(m),
                // A request that is not an object is no call; one that cannot be read may be.
                _ => readable &= scanner.byte(at) != Some(b'{'),
            });
            end.filter(|_| readable)
                .map(|end| (Call::Batch { methods }, end))
        }
        Some(_) => scanner.skip_value(start).map(|end| (Call::NoMethod, end)),
    };
    match scanned {
        // Anything after the value (a second document, garbage) is read differently by
        // different readers.
        Some((call, end)) if scanner.skip_space(end) == scanner.len() => call,
        _ => Call::Unreadable,
    }
}

/// One request object at `at`, and the byte after it.
fn single(scanner: &Scanner<'_>, at: usize) -> Option<(Call, usize)> {
    let (mut methods, mut id, mut jsonrpc, mut readable) = (Vec::new(), None, false, true);
    let end = scanner.members(at, |name, start, end| match name {
        "method" if scanner.byte(start) == Some(b'"') => match scanner.string_text(start, end) {
            Some(method) => methods.push(method),
            None => readable = false,
        },
        "id" => id = Some((start, end)),
        "jsonrpc" => jsonrpc = true,
        _ => {}
    })?;
    let id = id
        .and_then(|(start, end)| serde_json::from_slice(scanner.slice(start, end)).ok())
        .unwrap_or(Value::Null);
    readable.then_some((
        Call::Single {
            methods,
            id,
            jsonrpc,
        },
        end,
    ))
}

#[cfg(test)]
mod tests {
    use super::{Call, scan_call};
    use serde_json::json;

    fn methods(body: &str) -> Option<Vec<String>> {
        match scan_call(body.as_bytes()) {
            Call::Single { methods, .. } | Call::Batch { methods } => Some(methods),
            Call::NoMethod => Some(Vec::new()),
            Call::Unreadable => None,
        }
    }

    #[test]
    fn reads_what_lenient_readers_read() {
        let m = |s: &str| Some(vec![s.to_owned()]);
        assert_eq!(
            methods(r#"{"method":"a","params":[NaN,-Infinity,1e999]}"#),
            m("a")
        );
        assert_eq!(
            methods(r#"{"params":{"s":"\ud800\"}"},"method":"a"}"#),
            m("a")
        );
        assert_eq!(methods("\u{feff} {\"method\" : \"\\u0061\" , }"), m("a"));
        assert_eq!(
            methods(&format!("[{}{}]", "[".repeat(5000), "]".repeat(5000))),
            Some(vec![])
        );
        assert_eq!(
            methods(r#"{"method":"a","method":"b"}"#),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(
            methods(r#"[{"method":"a"},7,{"method":"b"}]"#),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(methods(r#"{"method":1,"Method":"a"}"#), Some(vec![]));
        assert_eq!(methods("  "), Some(vec![]));
        assert_eq!(methods("\"GetExtendedAgentCard\""), Some(vec![]));
        let Call::Single { id, jsonrpc, .. } = scan_call(br#"{"jsonrpc":"2.0","id":[1,{"a":2}]}"#)
        else {
            panic!("one call")
        };
        assert_eq!((id, jsonrpc), (json!([1, {"a": 2}]), true));
        let Call::Single { id, .. } = scan_call(br#"{"id":NaN}"#) else {
            panic!("one call")
        };
        assert_eq!(id, json!(null));
    }

    #[test]
    fn what_readers_could_read_otherwise_is_unreadable() {
        for body in [
            "{'method':'a'}",
            "{method:\"a\"}",
            "{\"a\":1 /* c */,\"method\":\"a\"}",
            "{\"a\":[1}],\"method\":\"a\"}",
            "{\"a\":{'x':'}'},\"method\":\"a\"}",
            "{\"method\":\"a\"} {\"method\":\"b\"}",
            "{\"method\":\"a\"",
            "{\"method\":\"\\q\"}",
            "{\"method\":\"\\u+041\"}",
            "[{\"method\" \"a\"}]",
            "{\"a\":tr\"ue\"}",
            "{\"a\":\u{e9}}",
        ] {
            assert_eq!(methods(body), None, "{body}");
        }
    }
}
