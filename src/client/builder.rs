//! Building a [`Client`]: its bounds, its policies and the roots it trusts.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rustls::RootCertStore;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;

use super::{
    AnyDestination, Client, ClientError, DestinationPolicy, PlainHttp, Resolve, SystemResolver,
};

/// How long one exchange may take by default, from connecting to the last byte of the body,
/// redirects included.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest body read by default; a card is a few kilobytes (a registry takes 10 KB).
pub const DEFAULT_MAX_BODY_BYTES: usize = 1024 * 1024;
/// Redirects followed by default before giving up.
pub const DEFAULT_MAX_REDIRECTS: usize = 3;

/// Where extra root certificates come from.
#[derive(Debug, Clone)]
enum Roots {
    File(PathBuf),
    Pem(Vec<u8>),
}

/// Builds a [`Client`]; see [`Client::builder`].
#[derive(Debug)]
pub struct ClientBuilder {
    user_agent: String,
    timeout: Duration,
    max_body_bytes: usize,
    max_redirects: usize,
    plain_http: PlainHttp,
    destinations: Arc<dyn DestinationPolicy>,
    resolver: Arc<dyn Resolve>,
    roots: Vec<Roots>,
    #[cfg(feature = "native-roots")]
    native_roots: bool,
}

impl Default for ClientBuilder {
    fn default() -> Self {
        ClientBuilder {
            user_agent: concat!("a2a-card/", env!("CARGO_PKG_VERSION")).to_owned(),
            timeout: DEFAULT_TIMEOUT,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_redirects: DEFAULT_MAX_REDIRECTS,
            plain_http: PlainHttp::default(),
            destinations: Arc::new(AnyDestination),
            resolver: Arc::new(SystemResolver),
            roots: Vec::new(),
            #[cfg(feature = "native-roots")]
            native_roots: false,
        }
    }
}

impl ClientBuilder {
    /// The `User-Agent` sent (default `a2a-card/VERSION`).
    pub fn user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = user_agent.into();
        self
    }

    /// The bound on one exchange, connecting to the last byte, redirects included
    /// (default [`DEFAULT_TIMEOUT`]).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The largest body read (default [`DEFAULT_MAX_BODY_BYTES`]).
    pub fn max_body_bytes(mut self, max: usize) -> Self {
        self.max_body_bytes = max;
        self
    }

    /// Redirects GET and HEAD follow (default [`DEFAULT_MAX_REDIRECTS`]); with 0 a redirect
    /// is returned as the answer.
    pub fn max_redirects(mut self, max: usize) -> Self {
        self.max_redirects = max;
        self
    }

    /// Where plain http may go (default [`PlainHttp::LoopbackOnly`]).
    pub fn plain_http(mut self, rule: PlainHttp) -> Self {
        self.plain_http = rule;
        self
    }

    /// Which addresses may be connected to (default [`AnyDestination`]). Callers that take
    /// URLs from others add their own restriction on top
    /// ([`Client::for_base`], [`Client::restrict_destinations`]): this policy is then asked
    /// last, only about addresses the client is about to connect to.
    pub fn destination_policy(mut self, policy: impl DestinationPolicy) -> Self {
        self.destinations = Arc::new(policy);
        self
    }

    /// Where host names are resolved (default [`SystemResolver`]).
    pub fn resolver(mut self, resolver: impl Resolve) -> Self {
        self.resolver = Arc::new(resolver);
        self
    }

    /// Also trusts the certificates of this PEM file (an agent behind a private CA), read
    /// when the client is built; it must hold at least one usable certificate.
    pub fn root_certificates_file(mut self, path: impl AsRef<Path>) -> Self {
        self.roots.push(Roots::File(path.as_ref().to_owned()));
        self
    }

    /// Also trusts the certificates in this PEM text.
    pub fn root_certificates_pem(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.roots.push(Roots::Pem(pem.into()));
        self
    }

    /// Also trusts the system's CA store, as OpenSSL would find it (`SSL_CERT_FILE` and
    /// `SSL_CERT_DIR` included). A store read only in part gives what could be read.
    #[cfg(feature = "native-roots")]
    pub fn native_roots(mut self) -> Self {
        self.native_roots = true;
        self
    }

    /// The client: the Mozilla roots of webpki-roots plus the roots asked for, TLS by
    /// rustls with ring.
    ///
    /// ```
    /// use a2a_card::client::Client;
    /// let missing = Client::builder().root_certificates_file("/no/such/ca.pem").build();
    /// assert!(missing.is_err());
    /// ```
    pub fn build(self) -> Result<Client, ClientError> {
        let mut roots = RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        #[cfg(feature = "native-roots")]
        if self.native_roots {
            roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
        }
        for given in &self.roots {
            add_roots(&mut roots, given)?;
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| ClientError::TlsSetup(e.to_string()))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let mut h2 = config.clone();
        h2.alpn_protocols = vec![b"h2".to_vec()];
        Ok(Client {
            tls: tokio_rustls::TlsConnector::from(Arc::new(config)),
            tls_h2: tokio_rustls::TlsConnector::from(Arc::new(h2)),
            http2: false,
            user_agent: self.user_agent,
            timeout: self.timeout,
            max_body_bytes: self.max_body_bytes,
            max_redirects: self.max_redirects,
            plain_http: self.plain_http,
            destinations: self.destinations,
            resolver: self.resolver,
            budget: None,
        })
    }
}

/// The largest CA file read: system bundles are a few hundred kilobytes.
const MAX_ROOTS_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// Adds every certificate of one PEM source; none usable is an error.
fn add_roots(roots: &mut RootCertStore, given: &Roots) -> Result<(), ClientError> {
    let (place, certificates) = match given {
        Roots::File(path) => (
            path.display().to_string(),
            crate::bounded_file::read_at_most(path, MAX_ROOTS_FILE_BYTES, "a CA file").and_then(
                |pem| {
                    CertificateDer::pem_slice_iter(&pem)
                        .collect::<Result<Vec<_>, _>>()
                        .map_err(|e| e.to_string())
                },
            ),
        ),
        Roots::Pem(pem) => (
            "the PEM text".to_owned(),
            CertificateDer::pem_slice_iter(pem)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string()),
        ),
    };
    let failed = |reason: String| ClientError::RootCertificates {
        place: place.clone(),
        reason,
    };
    let (added, _unusable) = roots.add_parsable_certificates(certificates.map_err(failed)?);
    if added == 0 {
        return Err(failed("no usable CERTIFICATE block in it".to_owned()));
    }
    Ok(())
}
