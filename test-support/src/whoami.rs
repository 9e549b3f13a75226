//! A server for the card-security tests (`security_jwt.rs`, `extended_http.rs`), behind the
//! feature `whoami`: it needs the library's `auth` feature, which the rest of this crate
//! does not.

use std::convert::Infallible;

use bytes::Bytes;
use http::{Request, Response};
use hyper::body::Incoming;

use crate::TestServer;

/// Every route behind `RequireCardSecurityLayer` with `security`, answering with who the
/// caller is: the `AuthContext`'s subject and scopes as JSON.
pub fn guarded_whoami(security: a2a_card::security::CardSecurity) -> TestServer {
    use a2a_card::security::{AuthContext, RequireCardSecurityLayer};
    use tower::Layer;
    let inner = tower::service_fn(|request: Request<Incoming>| async move {
        let auth = request.extensions().get::<AuthContext>().cloned().unwrap();
        let body = serde_json::json!({"subject": auth.subject, "scopes": auth.scopes});
        let body = http_body_util::Full::new(Bytes::from(body.to_string()));
        Ok::<_, Infallible>(Response::new(body))
    });
    TestServer::start(
        RequireCardSecurityLayer::builder(security)
            .build()
            .layer(inner),
    )
}
