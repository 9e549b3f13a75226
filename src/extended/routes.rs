//! Which requests are extended-card requests, derived from the public card's interfaces.

use http::Method;

use super::error::ExtendedError;
use crate::AgentInterface;
use crate::protocol::{Binding, ExtendedCardOperation, ProtocolVersion};
use crate::serve::is_plain_segment;

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
}

/// One HTTP+JSON route: the interface path and the operation below it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RestRoute {
    path: String,
    operation: ExtendedCardOperation,
}

impl RestRoute {
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
    /// are ours whatever the method (other methods get 405 there).
    pub(crate) fn ask(&self, method: &Method, path: &str) -> Option<Ask> {
        if method == Method::POST && self.jsonrpc.iter().any(|p| same_path(p, path)) {
            return Some(Ask::JsonRpc);
        }
        self.rest.iter().find_map(|route| route.matches(path))
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
    let path = uri.path().trim_end_matches('/');
    Some(path.to_owned())
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
        assert_eq!(get("/a2a/rest//extendedAgentCard"), None);
        assert_eq!(get("/a2a/rest/extendedagentcard"), None);
        assert_eq!(get("/old/v1/card"), Some(Ask::Rest(RestV0_3)));
        assert_eq!(get("/extendedAgentCard"), None);
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
