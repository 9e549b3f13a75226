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

/// A GRPC interface URL read as a gRPC client dials it: the one reading, for validation (is
/// it a form a client dials?) and for `check` (where does the call go?).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GrpcTarget {
    /// TLS (https, grpcs, `host:port` and `dns:` targets) or cleartext h2c (http, grpc).
    pub(crate) tls: bool,
    /// `host[:port]`, an IPv6 host in brackets.
    pub(crate) authority: String,
    /// The URL's path without a trailing slash (`""` for none): where a proxy may route.
    pub(crate) path: String,
}

/// Why `url` is not a form a gRPC client dials, or `None` when it is one (an empty URL is
/// the shape check's business).
pub(crate) fn grpc_url_problem(url: &str) -> Option<String> {
    if url.is_empty() {
        return None;
    }
    grpc_target(url).err()
}

/// `url` as the target a gRPC client dials, or why it is none.
pub(crate) fn grpc_target(url: &str) -> Result<GrpcTarget, String> {
    if is_plain_host_port(url) {
        return Ok(GrpcTarget {
            tls: true,
            authority: bracketed(url),
            path: String::new(),
        });
    }
    if url.chars().any(char::is_whitespace) {
        return Err(format!("it contains white space; write {ACCEPTED}"));
    }
    let scheme = url
        .split_once(':')
        .map(|(scheme, _)| scheme)
        .filter(|scheme| is_scheme(scheme));
    let Some(scheme) = scheme else {
        return Err(if looks_like_a_host(url) {
            format!(
                "it names a host without a port; write {url}:443 or https://{url} so a client \
                 knows where to dial"
            )
        } else {
            format!("it is not a gRPC address; write {ACCEPTED}")
        });
    };
    let scheme = scheme.to_ascii_lowercase();
    match scheme.as_str() {
        "http" | "https" | "grpc" | "grpcs" => {
            if !is_absolute_url(url) {
                return Err(format!("it has no usable host and port; write {ACCEPTED}"));
            }
            no_query_or_fragment(url)?;
            let rest = &url[scheme.len() + "://".len()..];
            let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            Ok(GrpcTarget {
                tls: matches!(scheme.as_str(), "https" | "grpcs"),
                authority: authority.to_owned(),
                path: path.trim_end_matches('/').to_owned(),
            })
        }
        "dns" => {
            let target = &url["dns:".len()..];
            // `dns:host:port` or `dns://authority/host:port`: the name after any authority.
            let name = match target.strip_prefix("//") {
                Some(rest) => rest.split_once('/').map_or("", |(_, name)| name),
                None => target,
            };
            if name.is_empty() {
                return Err(format!("the dns: target names no host; write {ACCEPTED}"));
            }
            no_query_or_fragment(url)?;
            Ok(GrpcTarget {
                tls: true,
                authority: bracketed(name),
                path: String::new(),
            })
        }
        _ => Err(format!(
            "{scheme}: is not a scheme a gRPC client of an agent card dials; write {ACCEPTED}"
        )),
    }
}

/// `fc00::1:50051` (a card written by hand) as `[fc00::1]:50051`; anything else as given.
fn bracketed(authority: &str) -> String {
    match authority.rsplit_once(':') {
        Some((host, port)) if !host.starts_with('[') && host.contains(':') => {
            match host.parse::<std::net::Ipv6Addr>() {
                Ok(_) => format!("[{host}]:{port}"),
                Err(_) => authority.to_owned(),
            }
        }
        _ => authority.to_owned(),
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
fn no_query_or_fragment(url: &str) -> Result<(), String> {
    let part = if url.contains('?') {
        "a query (?...)"
    } else if url.contains('#') {
        "a fragment (#...)"
    } else {
        return Ok(());
    };
    Err(format!(
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

    #[test]
    fn each_accepted_form_reads_as_the_target_a_client_dials() {
        let target = |url: &str| {
            let t = grpc_target(url).unwrap();
            (t.tls, t.authority, t.path)
        };
        let tls = |a: &str, p: &str| (true, a.to_owned(), p.to_owned());
        let h2c = |a: &str, p: &str| (false, a.to_owned(), p.to_owned());
        assert_eq!(
            target("https://a.example/a2a/grpc/"),
            tls("a.example", "/a2a/grpc")
        );
        assert_eq!(target("HTTPS://A.EXAMPLE"), tls("A.EXAMPLE", ""));
        assert_eq!(target("http://127.0.0.1:9"), h2c("127.0.0.1:9", ""));
        assert_eq!(target("grpc://a.example:50051"), h2c("a.example:50051", ""));
        assert_eq!(target("grpcs://a.example"), tls("a.example", ""));
        assert_eq!(target("a.example:443"), tls("a.example:443", ""));
        assert_eq!(target("dns:///a.example:443"), tls("a.example:443", ""));
        assert_eq!(target("dns:a.example:8443"), tls("a.example:8443", ""));
        assert_eq!(
            target("dns://8.8.8.8/a.example:443"),
            tls("a.example:443", "")
        );
        assert_eq!(target("fc00::1:50051"), tls("[fc00::1]:50051", ""));
        assert_eq!(target("[::1]:50051"), tls("[::1]:50051", ""));
        for refused in [
            "a.example",
            ":1",
            "unix:///run/a.sock",
            "https://a.example/a?x#y",
            "",
        ] {
            assert!(grpc_target(refused).is_err(), "{refused}");
        }
    }
}
