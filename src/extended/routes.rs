//! Which requests are extended-card requests, derived from the public card's interfaces.

use http::Method;

use super::error::ExtendedError;
use super::lenient;
use crate::AgentInterface;
use crate::protocol::{Binding, ExtendedCardOperation, ProtocolVersion};
use crate::serve::{canonical_segment, is_plain_segment};

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ask {
    /// A route of an HTTP+JSON interface (`{path}[/{tenant}]/extendedAgentCard` in v1.0,
    /// `{path}/v1/card` in v0.3), answered in the operation's version.
    Rest(ExtendedCardOperation),
    /// A POST to a JSON-RPC interface: the method decides (read from the body).
    JsonRpc,
    /// A REST route whose tenant segment a proxy could read as another path (`..`, `%2e`,
    /// `a%2Fb`, ...): refused with 404 whoever asks, never passed on.
    BadTenant,
    /// Not a route in its RFC 3986 spelling, but one to a server that decodes or normalises
    /// more than the RFC allows (`/a%2Frpc`, `/x/..%2Frpc`, `/%2572pc`, `/RPC`, see
    /// [`lenient`]): refused with 404 whoever asks, never passed on.
    Lenient,
}

/// One HTTP+JSON route: the interface path and the operation below it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RestRoute {
    path: String,
    operation: ExtendedCardOperation,
}

impl RestRoute {
    /// Whether the [lenient reading](lenient::segments) of a path is this route.
    fn matches_leniently(&self, read: &[&[u8]]) -> bool {
        let suffix = lenient::split(self.operation.rest_suffix().unwrap_or_default());
        let base = lenient::split(&self.path);
        let Some((head, tail)) = read
            .len()
            .checked_sub(suffix.clone().count())
            .map(|at| read.split_at(at))
        else {
            return false;
        };
        let base_len = base.clone().count();
        lenient::same_segments(tail, suffix)
            && (lenient::same_segments(head, base.clone())
                || (self.operation.takes_tenant()
                    && head.len() == base_len + 1
                    && lenient::same_segments(&head[..base_len], base)))
    }

    /// Whether `path` is this route (the tenant, where the operation takes one, a single
    /// non-empty segment): [`Ask::BadTenant`] when it is but its tenant is not a plain
    /// segment (see [`is_plain_segment`]).
    fn matches(&self, path: &str) -> Option<Ask> {
        let base = path.strip_suffix(self.operation.rest_suffix()?)?;
        if base == self.path {
            return Some(Ask::Rest(self.operation));
        }
        if !self.operation.takes_tenant() {
            return None;
        }
        let tenant = base
            .strip_prefix(self.path.as_str())?
            .strip_prefix('/')
            .filter(|tenant| !tenant.is_empty() && !tenant.contains('/'))?;
        Some(if is_plain_segment(tenant) {
            Ask::Rest(self.operation)
        } else {
            Ask::BadTenant
        })
    }
}

/// The routes, as plain paths.
#[derive(Debug, Clone, Default)]
pub(crate) struct Routes {
    rest: Vec<RestRoute>,
    jsonrpc: Vec<String>,
}

impl Routes {
    /// One route per interface whose binding is HTTP+JSON or JSONRPC; other bindings (gRPC,
    /// custom) are not HTTP routes this layer can answer and are skipped.
    pub(crate) fn from_interfaces(interfaces: &[AgentInterface]) -> Result<Self, ExtendedError> {
        let mut routes = Routes::default();
        for (index, interface) in interfaces.iter().enumerate() {
            let binding = Binding::parse(&interface.protocol_binding);
            let version = ProtocolVersion::parse(&interface.protocol_version);
            let Some(operation) = ExtendedCardOperation::of(&binding, &version) else {
                continue;
            };
            let path = path_of(&interface.url).ok_or_else(|| ExtendedError::Unroutable {
                pointer: format!("/supportedInterfaces/{index}/url"),
                url: interface.url.clone(),
            })?;
            if operation.binding() == Binding::JsonRpc {
                push_unique(&mut routes.jsonrpc, path);
            } else {
                push_unique(&mut routes.rest, RestRoute { path, operation });
            }
        }
        Ok(routes)
    }

    /// Whether a request is for the extended card (before its body is read). REST routes
    /// are ours whatever the method (other methods get 405 there). The path is matched in
    /// its one RFC 3986 §6.2.2 spelling, the rule tenant names follow (`/%72pc` is `/rpc`,
    /// `/rest/%65xtendedAgentCard` is `/rest/extendedAgentCard`); a path that is no route
    /// in that spelling but one to a lenient server is [`Ask::Lenient`].
    pub(crate) fn ask(&self, method: &Method, path: &str) -> Option<Ask> {
        let path = canonical_segment(path);
        let post = method == Method::POST;
        if post && self.jsonrpc.iter().any(|p| same_path(p, &path)) {
            return Some(Ask::JsonRpc);
        }
        if let Some(ask) = self.rest.iter().find_map(|route| route.matches(&path)) {
            return Some(ask);
        }
        let decoded = lenient::decoded(&path);
        let read = lenient::segments(&decoded);
        let lenient_jsonrpc = || {
            let mut routes = self.jsonrpc.iter();
            post && routes.any(|p| lenient::same_segments(&read, lenient::split(p)))
        };
        let lenient_rest = || self.rest.iter().any(|route| route.matches_leniently(&read));
        (lenient_jsonrpc() || lenient_rest()).then_some(Ask::Lenient)
    }

    /// True when no route exists (the public card declares no HTTP interface).
    pub(crate) fn is_empty(&self) -> bool {
        self.rest.is_empty() && self.jsonrpc.is_empty()
    }
}

fn push_unique<T: PartialEq>(list: &mut Vec<T>, item: T) {
    if !list.contains(&item) {
        list.push(item);
    }
}

/// A JSON-RPC endpoint is a single path; `/a2a` and `/a2a/` are the same endpoint.
fn same_path(route: &str, path: &str) -> bool {
    path.strip_suffix('/').unwrap_or(path) == route
}

/// The path of an absolute http(s) URL, without a trailing slash (`""` for the root).
fn path_of(url: &str) -> Option<String> {
    let uri: http::Uri = url.parse().ok()?;
    match uri.scheme_str() {
        Some("http" | "https") => {}
        _ => return None,
    }
    uri.authority()?;
    // In the one spelling requests are matched in.
    let path = canonical_segment(uri.path());
    Some(path.trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExtendedCardOperation::{RestV0_3, RestV1_0};

    fn interface(url: &str, binding: &str, version: &str) -> AgentInterface {
        AgentInterface::new(url, binding, version)
    }

    #[test]
    fn routes_from_interfaces() {
        let routes = Routes::from_interfaces(&[
            interface("https://a.example/a2a/v1", "JSONRPC", "1.0"),
            interface("https://a.example/a2a/rest/", "HTTP+JSON", "1.0"),
            interface("https://a.example/old", "HTTP+JSON", "0.3"),
            interface("grpc.example:443", "GRPC", "1.0"),
        ])
        .unwrap();
        assert_eq!(routes.ask(&Method::POST, "/a2a/v1"), Some(Ask::JsonRpc));
        assert_eq!(routes.ask(&Method::POST, "/a2a/v1/"), Some(Ask::JsonRpc));
        assert_eq!(routes.ask(&Method::GET, "/a2a/v1"), None);
        let post = routes.ask(&Method::POST, "/a2a/rest/extendedAgentCard");
        assert_eq!(post, Some(Ask::Rest(RestV1_0)));
        let get = |p| routes.ask(&Method::GET, p);
        assert_eq!(
            get("/a2a/rest/extendedAgentCard"),
            Some(Ask::Rest(RestV1_0))
        );
        assert_eq!(
            get("/a2a/rest/acme/extendedAgentCard"),
            Some(Ask::Rest(RestV1_0))
        );
        assert_eq!(get("/a2a/rest/a/b/extendedAgentCard"), None);
        for tenant in ["..", ".", "%2e", "%2E%2e", "a%2Fb", "%2f", "a%5Cb"] {
            let path = format!("/a2a/rest/{tenant}/extendedAgentCard");
            let ask = routes.ask(&Method::GET, &path);
            assert_eq!(ask, Some(Ask::BadTenant), "{path}");
        }
        // The v0.3 route takes no tenant: nothing there to refuse.
        assert_eq!(get("/old/../v1/card"), None);
        // A route to servers that merge slashes or ignore case: refused, not passed on.
        assert_eq!(get("/a2a/rest//extendedAgentCard"), Some(Ask::Lenient));
        assert_eq!(get("/a2a/rest/extendedagentcard"), Some(Ask::Lenient));
        assert_eq!(get("/old/v1/card"), Some(Ask::Rest(RestV0_3)));
        assert_eq!(get("/extendedAgentCard"), None);
    }

    fn example_routes() -> Routes {
        Routes::from_interfaces(&[
            interface("https://a.example/rpc", "JSONRPC", "1.0"),
            interface("https://a.example/rest", "HTTP+JSON", "1.0"),
            interface("https://a.example/old", "HTTP+JSON", "0.3"),
        ])
        .unwrap()
    }

    /// `path` with the byte at `at` percent-encoded, in upper or lower case hex.
    fn escaped(path: &str, at: usize, lower: bool) -> String {
        let escape = format!("%{:02X}", path.as_bytes()[at]);
        let escape = if lower { escape.to_lowercase() } else { escape };
        format!("{}{escape}{}", &path[..at], &path[at + 1..])
    }

    #[test]
    fn every_escaped_unreserved_character_is_the_route() {
        let routes = example_routes();
        for (method, path, ask) in [
            (Method::POST, "/rpc", Ask::JsonRpc),
            (Method::POST, "/rpc/", Ask::JsonRpc),
            (Method::GET, "/rest/extendedAgentCard", Ask::Rest(RestV1_0)),
            (
                Method::GET,
                "/rest/t-1/extendedAgentCard",
                Ask::Rest(RestV1_0),
            ),
            (Method::GET, "/old/v1/card", Ask::Rest(RestV0_3)),
        ] {
            for at in (0..path.len()).filter(|&at| path.as_bytes()[at] != b'/') {
                for lower in [false, true] {
                    let spelled = escaped(path, at, lower);
                    assert_eq!(routes.ask(&method, &spelled), Some(ask), "{spelled}");
                }
            }
        }
        // Every character escaped at once.
        let all: String = "rpc".bytes().map(|b| format!("%{b:02x}")).collect();
        assert_eq!(
            routes.ask(&Method::POST, &format!("/{all}")),
            Some(Ask::JsonRpc)
        );
        // Only POST is a JSON-RPC call.
        assert_eq!(routes.ask(&Method::GET, "/%72pc"), None);
    }

    #[test]
    fn near_misses_are_not_routes() {
        let routes = example_routes();
        for (method, path) in [
            (Method::POST, "/%72pcx"),
            (Method::POST, "/x%72pc"),
            (Method::POST, "/%72p"),
            (Method::POST, "/rp%63/x"),
            (Method::POST, "/%2572pcx"),
            (Method::POST, "/rpc%2Fx"),
            (Method::POST, "/%72pc%2e"),
            (Method::GET, "/rest/%65xtendedAgentCardx"),
            (Method::GET, "/%72estx/extendedAgentCard"),
            (Method::GET, "/rest/a/b/%65xtendedAgentCard"),
            (Method::GET, "/rest/extendedAgentCar%64/x"),
            (Method::GET, "/old/t/v1/card"),
            (Method::GET, "/ol%64/v1/cards"),
            (Method::GET, "/%2e%2e/rest"),
        ] {
            assert_eq!(routes.ask(&method, path), None, "{method} {path}");
        }
    }

    #[test]
    fn spellings_only_a_lenient_server_reads_as_a_route_are_refused() {
        let routes = example_routes();
        for (method, path) in [
            // An encoded '/' (Starlette decodes it before routing), '\\', ';'.
            (Method::POST, "/x%2F..%2Frpc"),
            (Method::POST, "/x%2f%2e%2e%2frpc"),
            (Method::GET, "/rest%2FextendedAgentCard"),
            (Method::GET, "/rest%5cextendedAgentCard"),
            (Method::GET, "/rest\\extendedAgentCard"),
            (Method::GET, "/old%2Fv1%2Fcard"),
            (Method::POST, "/rpc;a=b"),
            (Method::POST, "/rpc%3Ba=b"),
            // Double and triple encoding, upper and lower case hex.
            (Method::POST, "/%2572pc"),
            (Method::POST, "/rp%2563"),
            (Method::POST, "/%25252572pc"),
            (Method::GET, "/rest/%2565xtendedAgentCard"),
            (Method::GET, "/%2572est/extendedAgentCard"),
            (Method::GET, "/rest/acme/%2565xtendedAgentCard"),
            // Dot segments, decoded or not.
            (Method::POST, "/x/../rpc"),
            (Method::POST, "/x/%2e%2E/rpc"),
            (Method::POST, "/x/%252e%252e/rpc"),
            (Method::POST, "/./rpc"),
            (Method::GET, "/rest/t/..%2FextendedAgentCard"),
            (Method::GET, "/./rest/extendedAgentCard"),
            // Empty segments and case.
            (Method::POST, "//rpc"),
            (Method::POST, "/rpc//"),
            (Method::POST, "/RPC"),
            (Method::GET, "/REST/EXTENDEDAGENTCARD"),
            (Method::GET, "/Old/V1/Card"),
        ] {
            assert_eq!(
                routes.ask(&method, path),
                Some(Ask::Lenient),
                "{method} {path}"
            );
        }
    }

    #[test]
    fn route_urls_are_matched_in_their_one_spelling() {
        let routes =
            Routes::from_interfaces(&[interface("https://a.example/%7Eu/rp%63", "JSONRPC", "1.0")])
                .unwrap();
        assert_eq!(routes.ask(&Method::POST, "/~u/rpc"), Some(Ask::JsonRpc));
        assert_eq!(routes.ask(&Method::POST, "/%7eu/rpc"), Some(Ask::JsonRpc));
    }

    #[test]
    fn unroutable_urls() {
        let err = Routes::from_interfaces(&[interface("not a url", "JSONRPC", "1.0")]);
        assert!(err.is_err());
        let root =
            Routes::from_interfaces(&[interface("https://a.example", "HTTP+JSON", "1.0")]).unwrap();
        assert_eq!(
            root.ask(&Method::GET, "/extendedAgentCard"),
            Some(Ask::Rest(RestV1_0))
        );
    }
}
