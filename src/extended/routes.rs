//! Which requests are extended-card requests, derived from the public card's interfaces.
//!
//! The rule is "every path a backend could route to an extended card", not only the routes
//! the card declares. Under each HTTP interface path `P` (JSON-RPC and HTTP+JSON alike, any
//! declared version), both versions' REST routes are guarded, `{P}/extendedAgentCard`
//! (v1.0) and `{P}/v1/card` (v0.3), each with a tenant segment after the prefix (the spec's
//! `{P}/{tenant}/extendedAgentCard`), before it (`/{tenant}{P}/...`: the Python a2a-sdk
//! mounts its REST routes under `/{tenant}` as well as at the prefix), or both. Why both
//! versions whatever the interface declares: SDKs serve the v0.3 routes beside the v1.0 ones
//! (a2a-sdk's `enable_v0_3_compat`), and a server mounting JSON-RPC and REST at one prefix
//! answers REST routes a JSON-RPC-only card never names.

use http::Method;

use super::error::ExtendedError;
use crate::AgentInterface;
use crate::http_headers::lenient_path;
use crate::http_headers::path::{canonical_segment, is_plain_segment};
use crate::protocol::{Binding, ExtendedCardOperation};

/// The REST operations guarded under every interface path: both versions' routes.
const REST_OPERATIONS: [ExtendedCardOperation; 2] = [
    ExtendedCardOperation::RestV1_0,
    ExtendedCardOperation::RestV0_3,
];

/// Where a tenant segment may sit around the interface path: (before, after).
const TENANT_PLACES: [(bool, bool); 4] =
    [(false, false), (false, true), (true, false), (true, true)];

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ask {
    /// A REST route under an interface path (`[/{tenant}]{path}[/{tenant}]/extendedAgentCard`
    /// for v1.0, the same with `/v1/card` for v0.3), answered in the operation's version.
    Rest(ExtendedCardOperation),
    /// A POST to a JSON-RPC interface: the method decides (read from the body).
    JsonRpc,
    /// A REST route whose tenant segment a proxy could read as another path (`..`, `%2e`,
    /// `a%2Fb`, ...): refused with 404 whoever asks, never passed on.
    BadTenant,
    /// A call to the gRPC service (`[P]/lf.a2a.v1.A2AService/{Method}`) that is the layer's
    /// business: the extended card, or a method the service does not define.
    #[cfg(feature = "grpc")]
    Grpc(GrpcCall),
    /// Not a route in its RFC 3986 spelling, but one to a server that decodes or normalises
    /// more than the RFC allows (`/a%2Frpc`, `/x/..%2Frpc`, `/%2572pc`, `/RPC`, see
    /// [`lenient_path`]): refused with 404 whoever asks, never passed on.
    Lenient,
}

/// Which gRPC call the layer handles.
#[cfg(feature = "grpc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GrpcCall {
    /// `GetExtendedAgentCard`: answered by the layer.
    ExtendedCard,
    /// A method `lf.a2a.v1.A2AService` does not define (another spelling of one, a newer
    /// one): the layer cannot tell what the service behind does with it, so
    /// [`UndecidedCall`](super::UndecidedCall) decides, as for a JSON-RPC call it cannot read.
    Undecided,
    /// v0.3's `a2a.v1.A2AService/GetAgentCard`, which returns the authenticated extended card
    /// in v0.3's proto (`agent/getAuthenticatedExtendedCard` over gRPC; SDKs keep serving it
    /// for v0.3 clients). The layer does not write v0.3's message, so
    /// [`UndecidedCall`](super::UndecidedCall) decides here too.
    V0_3Card,
}

/// v0.3's gRPC service (package `a2a.v1`) and its extended-card method.
#[cfg(feature = "grpc")]
const V0_3_CARD_CALL: [&str; 2] = ["a2a.v1.A2AService", "GetAgentCard"];

/// One REST route: the interface path and the operation below it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RestRoute {
    path: String,
    operation: ExtendedCardOperation,
}

impl RestRoute {
    /// The operation's suffix (`/extendedAgentCard`, `/v1/card`).
    fn suffix(&self) -> &'static str {
        self.operation.rest_suffix().unwrap_or_default()
    }

    /// Whether the [lenient reading](lenient_path::segments) of a path is this route, a tenant
    /// segment before or after the interface path or both.
    fn matches_leniently(&self, read: &[&[u8]]) -> bool {
        let suffix = lenient_path::split(self.suffix());
        let base = lenient_path::split(&self.path);
        let Some((head, tail)) = read
            .len()
            .checked_sub(suffix.clone().count())
            .map(|at| read.split_at(at))
        else {
            return false;
        };
        let base_len = base.clone().count();
        lenient_path::same_segments(tail, suffix)
            && TENANT_PLACES.iter().any(|&(before, after)| {
                let before = usize::from(before);
                head.len() == base_len + before + usize::from(after)
                    && lenient_path::same_segments(&head[before..before + base_len], base.clone())
            })
    }

    /// Whether `path` is this route, each tenant a single non-empty segment:
    /// [`Ask::BadTenant`] when it is but a tenant is not a plain segment (see
    /// [`is_plain_segment`]).
    fn matches(&self, path: &str) -> Option<Ask> {
        let rest = path.strip_suffix(self.suffix())?;
        let tenants = TENANT_PLACES
            .iter()
            .find_map(|&(before, after)| self.tenants(rest, before, after))?;
        Some(if tenants.into_iter().flatten().all(is_plain_segment) {
            Ask::Rest(self.operation)
        } else {
            Ask::BadTenant
        })
    }

    /// `rest` read as `[/{before}]{path}[/{after}]` with the tenants asked for, each one
    /// non-empty segment: the tenants, when it is that shape.
    fn tenants<'a>(
        &self,
        rest: &'a str,
        before: bool,
        after: bool,
    ) -> Option<[Option<&'a str>; 2]> {
        let (rest, after_tenant) = if after {
            let (head, tenant) = rest.rsplit_once('/')?;
            (head, Some(tenant))
        } else {
            (rest, None)
        };
        let (rest, before_tenant) = if before {
            let rest = rest.strip_prefix('/')?;
            let at = rest.find('/').unwrap_or(rest.len());
            (&rest[at..], Some(&rest[..at]))
        } else {
            (rest, None)
        };
        let tenants = [before_tenant, after_tenant];
        let non_empty = tenants.iter().flatten().all(|tenant| !tenant.is_empty());
        (rest == self.path && non_empty).then_some(tenants)
    }
}

/// The routes, as plain paths.
#[derive(Debug, Clone, Default)]
pub(crate) struct Routes {
    rest: Vec<RestRoute>,
    jsonrpc: Vec<String>,
    /// The HTTP+JSON interfaces' own paths (every operation lives below one).
    http_json: Vec<String>,
    /// Whether calls to the gRPC service are guarded (the `grpc` feature: always).
    #[cfg(feature = "grpc")]
    grpc: bool,
}

impl Routes {
    /// Routes under every interface whose binding is HTTP+JSON or JSONRPC: a JSON-RPC
    /// interface's path takes calls, and under every such path both versions' REST routes
    /// are guarded (see the module docs). Other bindings (gRPC, custom) are not HTTP routes
    /// this layer can answer and are skipped.
    ///
    /// With the `grpc` feature, the gRPC service's methods are guarded after any path prefix,
    /// whatever the card declares: a gRPC client sends every call to `/{service}/{method}`
    /// on the host it dials, whatever path its URL has, and a server may answer gRPC on the
    /// port of its HTTP interfaces.
    pub(crate) fn from_interfaces(interfaces: &[AgentInterface]) -> Result<Self, ExtendedError> {
        let mut routes = Routes {
            #[cfg(feature = "grpc")]
            grpc: true,
            ..Routes::default()
        };
        for (index, interface) in interfaces.iter().enumerate() {
            let binding = Binding::parse(&interface.protocol_binding);
            if !matches!(binding, Binding::JsonRpc | Binding::HttpJson) {
                continue;
            }
            let path = path_of(&interface.url).ok_or_else(|| ExtendedError::Unroutable {
                pointer: format!("/supportedInterfaces/{index}/url"),
                url: interface.url.clone(),
            })?;
            for operation in REST_OPERATIONS {
                let path = path.clone();
                push_unique(&mut routes.rest, RestRoute { path, operation });
            }
            match binding {
                Binding::JsonRpc => push_unique(&mut routes.jsonrpc, path),
                _ => push_unique(&mut routes.http_json, path),
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
        // The extended-card method, or another the service defines; a method it does not
        // define is decided after the lenient readings (it may be this one's other spelling).
        #[cfg(feature = "grpc")]
        let grpc = self.grpc_call(&path);
        #[cfg(feature = "grpc")]
        if let Some(call @ (None | Some(GrpcCall::ExtendedCard | GrpcCall::V0_3Card))) = grpc {
            return call.map(Ask::Grpc);
        }
        if let Some(ask) = self.rest.iter().find_map(|route| route.matches(&path)) {
            return Some(ask);
        }
        let decoded = lenient_path::decoded(&path);
        let read = lenient_path::segments(&decoded);
        let lenient_jsonrpc = || {
            let mut routes = self.jsonrpc.iter();
            post && routes.any(|p| lenient_path::same_segments(&read, lenient_path::split(p)))
        };
        let lenient_rest = || self.rest.iter().any(|route| route.matches_leniently(&read));
        // The last two segments read as a service and its extended-card method (v1.0's or
        // v0.3's).
        #[cfg(feature = "grpc")]
        let lenient_grpc = || {
            use crate::protocol::grpc::{GET_EXTENDED_AGENT_CARD, SERVICE};
            let routes = [[SERVICE, GET_EXTENDED_AGENT_CARD], V0_3_CARD_CALL];
            let tail = read.len().checked_sub(2).map(|at| &read[at..]);
            self.grpc
                && tail.is_some_and(|tail| {
                    routes
                        .iter()
                        .any(|route| lenient_path::same_segments(tail, route.iter().copied()))
                })
        };
        #[cfg(not(feature = "grpc"))]
        let lenient_grpc = || false;
        if lenient_jsonrpc() || lenient_rest() || lenient_grpc() {
            return Some(Ask::Lenient);
        }
        #[cfg(feature = "grpc")]
        if let Some(Some(call)) = grpc {
            return Some(Ask::Grpc(call));
        }
        None
    }

    /// For a path to one of the gRPC service's methods, after any prefix: `Some(Some(call))`
    /// when the call is the layer's, `Some(None)` for a method the service defines (the
    /// agent's business), `None` when the path is not the service's. Any prefix, not only the
    /// GRPC interfaces' paths: a gRPC server behind a proxy that strips a prefix of its own
    /// choosing answers `/{prefix}/lf.a2a.v1.A2AService/GetExtendedAgentCard` too. Any HTTP
    /// method: a gRPC server may not look at it, so a `GET` is guarded like the `POST` every
    /// gRPC client sends.
    #[cfg(feature = "grpc")]
    fn grpc_call(&self, path: &str) -> Option<Option<GrpcCall>> {
        use crate::protocol::grpc::{GET_EXTENDED_AGENT_CARD, SERVICE, is_method};
        if !self.grpc {
            return None;
        }
        let (before, method) = path.rsplit_once('/')?;
        let service = before.rsplit('/').next()?;
        if [service, method] == V0_3_CARD_CALL {
            return Some(Some(GrpcCall::V0_3Card));
        }
        if service != SERVICE {
            return None;
        }
        Some(if method == GET_EXTENDED_AGENT_CARD {
            Some(GrpcCall::ExtendedCard)
        } else if is_method(method) {
            None
        } else {
            Some(GrpcCall::Undecided)
        })
    }

    /// The declared interface a request path belongs to: a JSON-RPC interface's own path,
    /// or a path at or below an HTTP+JSON interface's path (in the same spelling as
    /// [`ask`](Self::ask)). For the answers of a server with no agent behind its layers.
    pub(crate) fn interface(&self, path: &str) -> Option<Binding> {
        let path = canonical_segment(path);
        if self.jsonrpc.iter().any(|p| same_path(p, &path)) {
            return Some(Binding::JsonRpc);
        }
        let below = |prefix: &String| {
            path.strip_prefix(prefix.as_str())
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        };
        self.http_json
            .iter()
            .any(below)
            .then_some(Binding::HttpJson)
    }

    /// True when no route exists (the public card declares no HTTP interface, and the
    /// `grpc` feature, which always guards the gRPC service, is off).
    pub(crate) fn is_empty(&self) -> bool {
        #[cfg(feature = "grpc")]
        if self.grpc {
            return false;
        }
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
        // A tenant segment after the prefix is guarded on the v0.3 route too.
        assert_eq!(get("/old/../v1/card"), Some(Ask::BadTenant));
        // A route to servers that merge slashes or ignore case: refused, not passed on.
        assert_eq!(get("/a2a/rest//extendedAgentCard"), Some(Ask::Lenient));
        assert_eq!(get("/a2a/rest/extendedagentcard"), Some(Ask::Lenient));
        assert_eq!(get("/old/v1/card"), Some(Ask::Rest(RestV0_3)));
        assert_eq!(get("/extendedAgentCard"), None);
    }

    /// Every place a backend could route an extended card from: both versions' suffixes
    /// under every HTTP interface path (JSON-RPC ones included, whatever version each
    /// declares), a tenant before the prefix, after it, or both.
    #[test]
    fn every_path_a_backend_could_route_is_guarded() {
        let routes = Routes::from_interfaces(&[
            interface("https://a.example/rpc", "JSONRPC", "1.0"),
            interface("https://a.example/rest", "HTTP+JSON", "1.0"),
            interface("https://a.example/old", "HTTP+JSON", "0.3"),
            interface("https://a.example/g", "GRPC", "1.0"),
        ])
        .unwrap();
        for prefix in ["/rpc", "/rest", "/old"] {
            for (suffix, operation) in [("/extendedAgentCard", RestV1_0), ("/v1/card", RestV0_3)] {
                for (before, after) in [("", ""), ("/acme", ""), ("", "/acme"), ("/t1", "/t2")] {
                    let path = format!("{before}{prefix}{after}{suffix}");
                    for method in [Method::GET, Method::HEAD, Method::POST] {
                        let ask = routes.ask(&method, &path);
                        assert_eq!(ask, Some(Ask::Rest(operation)), "{method} {path}");
                    }
                    // A tenant in each place that a proxy could read as another path.
                    for bad in ["/..", "/.", "/%2e", "/a%2Fb", "/a%5Cb"] {
                        for (b, a) in [(bad, after), (before, bad)] {
                            if b.is_empty() && a.is_empty() {
                                continue;
                            }
                            let path = format!("{b}{prefix}{a}{suffix}");
                            let ask = routes.ask(&Method::GET, &path);
                            assert_eq!(ask, Some(Ask::BadTenant), "{path}");
                        }
                    }
                }
            }
        }
        // Spellings a lenient server reads as those routes are refused.
        for path in [
            "/ACME/REST/EXTENDEDAGENTCARD",
            "/acme//rest/extendedAgentCard",
            "/acme/rest/%2565xtendedAgentCard",
            "/acme%2Frest%2FextendedAgentCard",
            "/t1/rest/t2/V1/Card",
            "/RPC/v1/card",
            "/acme/Old/t/extendedagentcard",
        ] {
            assert_eq!(routes.ask(&Method::GET, path), Some(Ask::Lenient), "{path}");
        }
        // Near misses: no interface prefix, two tenants on one side, a longer suffix, the
        // gRPC interface (not an HTTP route).
        for path in [
            "/extendedAgentCard",
            "/acme/extendedAgentCard",
            "/v1/card",
            "/a/b/rest/extendedAgentCard",
            "/rest/a/b/extendedAgentCard",
            "/a/b/rest/c/extendedAgentCard",
            "/rest/extendedAgentCards",
            "/rest/extendedAgentCard/x",
            "/rest/v1/cards",
            "/rest/v2/card",
            "/restx/extendedAgentCard",
            "/xrest/extendedAgentCard",
            "/g/extendedAgentCard",
            "/acme/g/v1/card",
        ] {
            assert_eq!(routes.ask(&Method::GET, path), None, "{path}");
        }
        // JSON-RPC calls stay on the JSON-RPC interface's own path.
        assert_eq!(routes.ask(&Method::POST, "/rest"), None);
        assert_eq!(routes.ask(&Method::POST, "/acme/rpc"), None);
    }

    #[test]
    fn a_root_interface_guards_a_tenant_on_either_side() {
        let routes =
            Routes::from_interfaces(&[interface("https://a.example/", "JSONRPC", "0.3")]).unwrap();
        for (path, operation) in [
            ("/extendedAgentCard", RestV1_0),
            ("/t/extendedAgentCard", RestV1_0),
            ("/t/u/extendedAgentCard", RestV1_0),
            ("/v1/card", RestV0_3),
            ("/t/v1/card", RestV0_3),
        ] {
            assert_eq!(
                routes.ask(&Method::GET, path),
                Some(Ask::Rest(operation)),
                "{path}"
            );
        }
        assert_eq!(routes.ask(&Method::GET, "/a/b/c/extendedAgentCard"), None);
        assert_eq!(routes.ask(&Method::POST, "/"), Some(Ask::JsonRpc));
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
    fn a_dot_segment_in_a_tenant_place_is_a_bad_tenant() {
        let routes = example_routes();
        for path in [
            "/./rest/extendedAgentCard",
            "/../rest/extendedAgentCard",
            "/rest/./v1/card",
        ] {
            assert_eq!(
                routes.ask(&Method::GET, path),
                Some(Ask::BadTenant),
                "{path}"
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
