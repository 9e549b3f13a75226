//! Which requests are extended-card requests, derived from the public card's interfaces.

use http::Method;

use super::error::ExtendedError;
use crate::AgentInterface;

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ask {
    /// `GET {path}/extendedAgentCard` (and `/{tenant}/extendedAgentCard`): v1.0 JSON.
    Rest,
    /// `GET {path}/v1/card` on a v0.3 HTTP+JSON interface: the v0.3 rendering.
    RestV03,
    /// A POST to a JSON-RPC interface: the method decides (read from the body).
    JsonRpc,
}

/// The routes, as plain paths.
#[derive(Debug, Clone, Default)]
pub(crate) struct Routes {
    rest: Vec<String>,
    rest_v03: Vec<String>,
    jsonrpc: Vec<String>,
}

impl Routes {
    /// One route set per interface whose binding is HTTP+JSON or JSONRPC; other bindings
    /// (gRPC, custom) are not HTTP routes this layer can answer and are skipped.
    pub(crate) fn from_interfaces(interfaces: &[AgentInterface]) -> Result<Self, ExtendedError> {
        let mut routes = Routes::default();
        for (index, interface) in interfaces.iter().enumerate() {
            let binding = interface.protocol_binding.as_str();
            if binding != "HTTP+JSON" && binding != "JSONRPC" {
                continue;
            }
            let path = path_of(&interface.url).ok_or_else(|| ExtendedError::Unroutable {
                pointer: format!("/supportedInterfaces/{index}/url"),
                url: interface.url.clone(),
            })?;
            if binding == "JSONRPC" {
                push_unique(&mut routes.jsonrpc, path);
            } else if interface.protocol_version.starts_with("0.") {
                push_unique(&mut routes.rest_v03, format!("{path}/v1/card"));
            } else {
                push_unique(&mut routes.rest, path);
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
        if self.rest_v03.iter().any(|p| p == path) {
            return Some(Ask::RestV03);
        }
        let base = path.strip_suffix("/extendedAgentCard")?;
        let rest_route = self.rest.iter().any(|p| {
            base == p
                || base
                    .strip_prefix(p.as_str())
                    .and_then(|t| t.strip_prefix('/'))
                    .is_some_and(|tenant| !tenant.is_empty() && !tenant.contains('/'))
        });
        rest_route.then_some(Ask::Rest)
    }

    /// True when no route exists (the public card declares no HTTP interface).
    pub(crate) fn is_empty(&self) -> bool {
        self.rest.is_empty() && self.rest_v03.is_empty() && self.jsonrpc.is_empty()
    }
}

fn push_unique(list: &mut Vec<String>, path: String) {
    if !list.contains(&path) {
        list.push(path);
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
        assert_eq!(post, Some(Ask::Rest));
        let get = |p| routes.ask(&Method::GET, p);
        assert_eq!(get("/a2a/rest/extendedAgentCard"), Some(Ask::Rest));
        assert_eq!(get("/a2a/rest/acme/extendedAgentCard"), Some(Ask::Rest));
        assert_eq!(get("/a2a/rest/a/b/extendedAgentCard"), None);
        assert_eq!(get("/a2a/rest//extendedAgentCard"), None);
        assert_eq!(get("/a2a/rest/extendedagentcard"), None);
        assert_eq!(get("/old/v1/card"), Some(Ask::RestV03));
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
            Some(Ask::Rest)
        );
    }
}
