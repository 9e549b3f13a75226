//! The JSON-RPC 2.0 response envelope, written in one place for every answer the layers give
//! themselves: `{"jsonrpc":"2.0","id":<id>,"result":<result>}` or `...,"error":<error>}`
//! (JSON-RPC 2.0 §5, A2A §9.5). The `result` or `error` member comes in as JSON text already
//! written, so a card or refusal built once is copied as it stands and only the caller's id is
//! serialized per request.

use serde_json::{Value, json};

use super::ErrorCode;

/// A success response: `result` is the JSON text of the result (a prebuilt card's bytes).
/// `id` is the request's id as read, `None` when it is not known (written as `null`).
// Only the extended card is a result the layers write; the tests use it in every build.
#[cfg_attr(not(feature = "extended"), allow(dead_code))]
pub(crate) fn result(id: Option<&Value>, result: &[u8]) -> Vec<u8> {
    envelope(id, br#","result":"#, result)
}

/// An error response: `error` is the JSON text of the error object (see [`error_object`]).
/// `id` as for [`result`].
pub(crate) fn error(id: Option<&Value>, error: &[u8]) -> Vec<u8> {
    envelope(id, br#","error":"#, error)
}

/// The JSON text of an error object (§5.1): `code` and `message`, and `data` when given.
pub(crate) fn error_object(code: ErrorCode, message: &str, data: Option<Value>) -> Vec<u8> {
    let object = match data {
        Some(data) => json!({"code": code.code(), "message": message, "data": data}),
        None => json!({"code": code.code(), "message": message}),
    };
    object.to_string().into_bytes()
}

fn envelope(id: Option<&Value>, member: &[u8], value: &[u8]) -> Vec<u8> {
    // A `Value` always serializes; `null` stands for an id that is not known.
    let id = id
        .and_then(|id| serde_json::to_vec(id).ok())
        .unwrap_or_else(|| b"null".to_vec());
    const HEAD: &[u8] = br#"{"jsonrpc":"2.0","id":"#;
    let mut body = Vec::with_capacity(HEAD.len() + id.len() + member.len() + value.len() + 1);
    body.extend_from_slice(HEAD);
    body.extend_from_slice(&id);
    body.extend_from_slice(member);
    body.extend_from_slice(value);
    body.push(b'}');
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: Vec<u8>) -> String {
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn the_id_is_echoed_as_json_of_each_type() {
        let ids = [
            (Some(json!(7)), r#"7"#),
            (Some(json!(-1.5)), r#"-1.5"#),
            (Some(json!("a\"b\\c\nd\u{1}é")), r#""a\"b\\c\nd\u0001é""#),
            (Some(Value::Null), "null"),
            (None, "null"),
        ];
        for (id, written) in ids {
            let body = text(result(id.as_ref(), b"{}"));
            assert_eq!(
                body,
                format!(r#"{{"jsonrpc":"2.0","id":{written},"result":{{}}}}"#)
            );
            let parsed: Value = serde_json::from_str(&body).unwrap();
            assert_eq!(parsed["id"], id.unwrap_or(Value::Null), "{body}");
        }
    }

    #[test]
    fn the_result_is_spliced_as_given() {
        let card = br#"{"name":"x","skills":[1,2]}"#;
        let body = text(result(Some(&json!("r-1")), card));
        assert_eq!(
            body,
            r#"{"jsonrpc":"2.0","id":"r-1","result":{"name":"x","skills":[1,2]}}"#
        );
    }

    #[test]
    fn an_error_has_the_error_member_and_no_result() {
        let object = error_object(ErrorCode::InvalidRequest, "no \"method\"", None);
        let body = text(error(Some(&json!(3)), &object));
        assert_eq!(
            body,
            r#"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"no \"method\""}}"#
        );
        let parsed: Value = serde_json::from_str(&body).unwrap();
        assert!(parsed.get("result").is_none());
    }

    #[test]
    fn an_error_object_carries_data_only_when_given() {
        let with: Value = serde_json::from_slice(&error_object(
            ErrorCode::MethodNotFound,
            "m",
            Some(json!([{"reason": "R"}])),
        ))
        .unwrap();
        assert_eq!(
            with,
            json!({"code": -32601, "message": "m", "data": [{"reason": "R"}]})
        );
        let without: Value =
            serde_json::from_slice(&error_object(ErrorCode::ParseError, "p", None)).unwrap();
        assert_eq!(without, json!({"code": -32700, "message": "p"}));
    }
}
