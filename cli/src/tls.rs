//! `serve --tls-cert/--tls-key [--client-ca]`: the options; the rustls configuration and
//! the client-certificate service are the library's (`a2a_card_server::tls`).

use std::path::{Path, PathBuf};

use a2a_card_server::tls::PemInput;

use crate::output::shown_path;
use clap::Args;
use tokio_rustls::TlsAcceptor;

/// The TLS options of `serve`.
#[derive(Debug, Args)]
pub(crate) struct TlsArgs {
    /// Serve HTTPS with this certificate chain (PEM, leaf first); needs --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert (PEM: PKCS#8, PKCS#1 or SEC1).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Ask clients for a certificate and verify it against these CAs (PEM); a verified one
    /// satisfies the card's mtlsSecurityScheme. Clients without one still get the public card.
    // Client certificates are verified exactly when this is set: an `[mtls]` auth section
    // needs it.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub(crate) client_ca: Option<PathBuf>,
}

impl TlsArgs {
    /// The acceptor these options describe; `None` without `--tls-cert` (plain HTTP). Errors
    /// name the option, the file and what is wrong with it.
    pub(crate) fn acceptor(&self) -> Result<Option<TlsAcceptor>, String> {
        let (Some(cert), Some(key)) = (&self.tls_cert, &self.tls_key) else {
            return Ok(None);
        };
        let chain = pem("--tls-cert", cert)?;
        let key = pem("--tls-key", key)?;
        let client_ca = match &self.client_ca {
            Some(path) => Some(pem("--client-ca", path)?),
            None => None,
        };
        a2a_card_server::tls::acceptor(&chain, &key, client_ca.as_ref())
            .map(Some)
            .map_err(|e| e.to_string())
    }
}

/// A PEM file read with the cap on input files, named `option path` in messages.
fn pem(option: &str, path: &Path) -> Result<PemInput, String> {
    let bytes = crate::input::read_file(path, option)?;
    Ok(PemInput::new(
        format!("{option} {}", shown_path(path)),
        bytes,
    ))
}
