//! The forms a GRPC interface's URL may take. A2A §10.1 carries gRPC over HTTP/2 (with TLS
//! in production) and writes the interface URL as an https URL with a path
//! (`https://georoute-agent.example.com/a2a/grpc`); gRPC clients also dial `host:port` and
//! resolver targets (`dns:///host:port`). What a gRPC call cannot carry is refused: a query
//! or a fragment (a call is `POST {path}/{service}/{method}`, there is no place for either),
//! a scheme no gRPC client of a card dials, a host without a port outside a URL (the reader
//! cannot tell which port is meant: 443 for grpc-go, nothing for a hand-written client).

use super::syntax::{is_absolute_url, is_host_port, is_scheme};

/// The forms accepted, for messages.
pub(crate) const ACCEPTED: &str = "https://host[:port][/path] (gRPC over TLS, the spec's form), \
     http://host[:port][/path] (cleartext h2c), grpcs:// or grpc://host[:port], host:port, \
     or dns:///host[:port]";

/// Why `url` is not a form a gRPC client dials, or `None` when it is one (an empty URL is
/// the shape check's business).
pub(crate) fn grpc_url_problem(url: &str) -> Option<String> {
    if url.is_empty() || is_plain_host_port(url) {
        return None;
    }
    if url.chars().any(char::is_whitespace) {
        return Some(format!("it contains white space; write {ACCEPTED}"));
    }
    let scheme = url
        .split_once(':')
        .map(|(scheme, _)| scheme)
        .filter(|scheme| is_scheme(scheme));
    let Some(scheme) = scheme else {
        return Some(if looks_like_a_host(url) {
            format!(
                "it names a host without a port; write {url}:443 or https://{url} so a client \
                 knows where to dial"
            )
        } else {
            format!("it is not a gRPC address; write {ACCEPTED}")
        });
    };
    match scheme.to_ascii_lowercase().as_str() {
        "http" | "https" | "grpc" | "grpcs" => {
            if !is_absolute_url(url) {
                return Some(format!("it has no usable host and port; write {ACCEPTED}"));
            }
            query_or_fragment(url)
        }
        "dns" => {
            let target = &url["dns:".len()..];
            // `dns:host:port` or `dns://authority/host:port`: the name after any authority.
            let name = match target.strip_prefix("//") {
                Some(rest) => rest.split_once('/').map_or("", |(_, name)| name),
                None => target,
            };
            if name.is_empty() {
                return Some(format!("the dns: target names no host; write {ACCEPTED}"));
            }
            query_or_fragment(url)
        }
        _ => Some(format!(
            "{scheme}: is not a scheme a gRPC client of an agent card dials; write {ACCEPTED}"
        )),
    }
}

/// `host:port`, `[v6]:port` or an IPv6 address and a port without brackets (what a card
/// written by hand has); `ipv4:10.0.0.1:50051` is a resolver target, not a host.
fn is_plain_host_port(url: &str) -> bool {
    let Some((host, _)) = url.rsplit_once(':') else {
        return false;
    };
    is_host_port(url)
        && (!host.contains(':')
            || host.starts_with('[')
            || host.parse::<std::net::Ipv6Addr>().is_ok())
}

/// A query or a fragment, which a gRPC call has no place for.
fn query_or_fragment(url: &str) -> Option<String> {
    let part = if url.contains('?') {
        "a query (?...)"
    } else if url.contains('#') {
        "a fragment (#...)"
    } else {
        return None;
    };
    Some(format!(
        "it has {part}: a gRPC call is POST {{path}}/lf.a2a.v1.A2AService/{{method}} and \
         carries neither; put what it says in gRPC metadata"
    ))
}

/// A bare DNS name or IPv4 address (`grpc.example.com`): letters, digits, dots and dashes.
fn looks_like_a_host(text: &str) -> bool {
    text.contains('.')
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accepted_forms_pass() {
        for url in [
            "https://georoute-agent.example.com/a2a/grpc",
            "https://a.example",
            "https://a.example:8443/",
            "HTTPS://A.EXAMPLE/a2a",
            "http://127.0.0.1:50051",
            "grpcs://a.example:443",
            "grpc://a.example:50051",
            "a.example:443",
            "[::1]:50051",
            "10.0.0.1:50051",
            "fc00::1:50051",
            "dns:///a.example:443",
            "dns:a.example:443",
            "dns://8.8.8.8/a.example:443",
            "",
        ] {
            assert_eq!(grpc_url_problem(url), None, "{url}");
        }
    }

    #[test]
    fn each_near_miss_names_what_is_wrong() {
        let problem = |url: &str| grpc_url_problem(url).unwrap_or_else(|| panic!("{url} passed"));
        assert!(problem("https://a.example/a2a?tenant=t").contains("a query"));
        assert!(problem("https://a.example/a2a#grpc").contains("a fragment"));
        assert!(problem("grpc://a.example:1?x").contains("a query"));
        assert!(problem("dns:///a.example:443?x=1").contains("a query"));
        assert!(problem("dns://8.8.8.8/").contains("names no host"));
        assert!(problem("dns:").contains("names no host"));
        for other in [
            "unix:///run/agent.sock",
            "ipv4:10.0.0.1:50051",
            "xds:///agent",
            "ws://a.example/grpc",
            "h2c://a.example",
            "ftp://a.example",
        ] {
            let message = problem(other);
            assert!(message.contains("is not a scheme"), "{other}: {message}");
            assert!(message.contains("dns:///host"), "{other}: {message}");
        }
        assert!(problem("a.example").contains("without a port"));
        assert!(problem("a.example").contains("a.example:443"));
        assert!(problem("https://").contains("no usable host"));
        assert!(problem("https://a.example:99999").contains("no usable host"));
        assert!(grpc_url_problem("a.example:").is_some());
        assert!(problem("/a2a/grpc").contains("not a gRPC address"));
        assert!(problem("https://a.example/a b").contains("white space"));
    }
}
