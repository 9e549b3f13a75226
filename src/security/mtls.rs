//! Mutual TLS: satisfied when the TLS layer verified a client certificate.

use http::request::Parts;

use super::scheme_verifier::{Grant, Verdict, Verifier, VerifyFuture};
use crate::{SchemeKind, SecurityScheme};

/// The request extension a TLS acceptor inserts after it verified the client's certificate
/// chain against its trusted client CAs. `a2a-card serve --client-ca` inserts it; with
/// another TLS terminator, insert it yourself for connections whose client certificate was
/// verified (and only those):
///
/// ```
/// use a2a_card::security::{ClientCertificate, Grant, MutualTls, Verdict, Verifier};
/// let mut request = http::Request::new(());
/// let der = vec![0x30, 0x82]; // the leaf certificate, DER
/// request.extensions_mut().insert(ClientCertificate::new(der, Some("CN=agent-client".into())));
/// // What the verifier of an mtlsSecurityScheme then finds:
/// let (parts, ()) = request.into_parts();
/// let scheme = a2a_card::SecurityScheme::mutual_tls();
/// let runtime = tokio::runtime::Builder::new_current_thread().build()?;
/// let verdict = runtime.block_on(MutualTls.verify(&parts, &scheme));
/// assert_eq!(verdict, Verdict::Accepted(Grant::subject("CN=agent-client")));
/// let (parts, ()) = http::Request::new(()).into_parts();
/// assert_eq!(runtime.block_on(MutualTls.verify(&parts, &scheme)), Verdict::Missing);
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// Behind a proxy that terminates TLS, do not build it from a forwarded header unless the
/// proxy is the only way in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientCertificate {
    der: Vec<u8>,
    subject: Option<String>,
}

impl ClientCertificate {
    /// The verified leaf certificate (DER) and, when known, its subject for logs and
    /// [`AuthContext`](super::AuthContext).
    ///
    /// ```
    /// let cert = a2a_card::security::ClientCertificate::new(vec![1, 2], None);
    /// assert_eq!(cert.der(), &[1, 2]);
    /// ```
    pub fn new(der: Vec<u8>, subject: Option<String>) -> Self {
        ClientCertificate { der, subject }
    }

    /// The verified leaf certificate (DER), with its subject read from it: `CN=<common
    /// name>`, or none when the certificate has no common name or one that is not plain
    /// text (the subject is informative; the chain verification is what counts).
    ///
    /// ```
    /// let cert = a2a_card::security::ClientCertificate::from_der(vec![0x30, 0x00]);
    /// assert_eq!(cert.subject(), None); // not a certificate: no subject, never a panic
    /// ```
    #[cfg(feature = "mtls-subject")]
    pub fn from_der(der: Vec<u8>) -> Self {
        let subject = super::cert_subject::common_name(&der.as_slice().into());
        ClientCertificate { der, subject }
    }

    /// The leaf certificate, DER encoded.
    ///
    /// ```
    /// let cert = a2a_card::security::ClientCertificate::new(vec![7], None);
    /// assert_eq!(cert.der().len(), 1);
    /// ```
    pub fn der(&self) -> &[u8] {
        &self.der
    }

    /// The certificate's subject, when the acceptor provided it.
    ///
    /// ```
    /// let cert = a2a_card::security::ClientCertificate::new(vec![], Some("CN=a".into()));
    /// assert_eq!(cert.subject(), Some("CN=a"));
    /// ```
    pub fn subject(&self) -> Option<&str> {
        self.subject.as_deref()
    }
}

/// Satisfies an `mtlsSecurityScheme` when the request carries a [`ClientCertificate`].
///
/// ```
/// use a2a_card::security::{MutualTls, Verifier};
/// assert!(MutualTls.fits(&a2a_card::SecurityScheme::mutual_tls()).is_ok());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct MutualTls;

impl Verifier for MutualTls {
    fn fits(&self, scheme: &SecurityScheme) -> Result<(), String> {
        match scheme.kind() {
            Some(SchemeKind::MutualTls(_)) => Ok(()),
            _ => Err("an mtlsSecurityScheme".into()),
        }
    }

    fn verify<'a>(&'a self, request: &'a Parts, _scheme: &'a SecurityScheme) -> VerifyFuture<'a> {
        let verdict = match request.extensions.get::<ClientCertificate>() {
            Some(cert) => Verdict::Accepted(Grant {
                subject: cert.subject.clone(),
                ..Grant::default()
            }),
            None => Verdict::Missing,
        };
        Box::pin(std::future::ready(verdict))
    }
}
