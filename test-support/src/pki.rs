//! Test certificates made on the spot with rcgen: two CAs, a server certificate for
//! 127.0.0.1 and localhost, client certificates, and rustls client configurations that use
//! them. Used by the CLI's TLS tests, the library's client tests and the server's unit tests
//! of `tls`.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rcgen::{
    BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair,
    KeyUsagePurpose,
};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// A certificate authority that signs leaves.
pub struct Ca {
    issuer: Issuer<'static, KeyPair>,
    /// The CA's certificate, PEM.
    pub pem: String,
    /// The CA's certificate, DER.
    pub der: CertificateDer<'static>,
}

/// A certificate and its private key.
pub struct Leaf {
    /// The certificate, PEM.
    pub pem: String,
    /// The certificate, DER.
    pub der: CertificateDer<'static>,
    key: KeyPair,
}

impl Ca {
    /// A self-signed CA whose subject is `CN=<name>`.
    pub fn new(name: &str) -> Ca {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let key = KeyPair::generate().unwrap();
        let certificate = params.self_signed(&key).unwrap();
        Ca {
            pem: certificate.pem(),
            der: certificate.der().clone(),
            issuer: Issuer::new(params, key),
        }
    }

    /// A server certificate for 127.0.0.1 and localhost.
    pub fn server(&self) -> Leaf {
        self.leaf(
            "localhost",
            &["localhost", "127.0.0.1"],
            ExtendedKeyUsagePurpose::ServerAuth,
        )
    }

    /// A client certificate whose subject is `CN=<name>`.
    pub fn client(&self, name: &str) -> Leaf {
        self.leaf(name, &[], ExtendedKeyUsagePurpose::ClientAuth)
    }

    fn leaf(&self, name: &str, sans: &[&str], usage: ExtendedKeyUsagePurpose) -> Leaf {
        let sans: Vec<String> = sans.iter().map(|s| (*s).to_owned()).collect();
        let mut params = CertificateParams::new(sans).unwrap();
        params.distinguished_name.push(DnType::CommonName, name);
        params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
        params.extended_key_usages = vec![usage];
        params.use_authority_key_identifier_extension = true;
        let key = KeyPair::generate().unwrap();
        let certificate = params.signed_by(&key, &self.issuer).unwrap();
        Leaf {
            pem: certificate.pem(),
            der: certificate.der().clone(),
            key,
        }
    }
}

impl Leaf {
    /// The private key, PKCS#8 PEM.
    pub fn key_pem(&self) -> String {
        self.key.serialize_pem()
    }

    /// The private key, PKCS#8 DER.
    pub fn key_der(&self) -> PrivateKeyDer<'static> {
        PrivatePkcs8KeyDer::from(self.key.serialize_der()).into()
    }
}

/// Everything a TLS test needs: the test CA with a server and a client certificate, and a
/// client certificate from another CA.
pub struct Pki {
    /// The test CA.
    pub ca: Ca,
    /// Its server certificate for 127.0.0.1 and localhost.
    pub server: Leaf,
    /// Its client certificate, `CN=agent-client`.
    pub client: Leaf,
    /// Another CA, which the servers under test do not trust.
    pub other_ca: Ca,
    /// A client certificate of the other CA, `CN=stranger`.
    pub stranger: Leaf,
}

/// The files `serve --tls-cert/--tls-key/--client-ca` reads.
pub struct PkiFiles {
    /// The server's certificate chain (`--tls-cert`).
    pub cert: PathBuf,
    /// The server's private key (`--tls-key`).
    pub key: PathBuf,
    /// The test CA (`--client-ca`).
    pub client_ca: PathBuf,
}

impl Pki {
    /// Two fresh CAs and their certificates.
    #[allow(clippy::new_without_default)] // each call makes new keys: not a default value
    pub fn new() -> Pki {
        let ca = Ca::new("a2a-card test CA");
        let other_ca = Ca::new("another CA");
        Pki {
            server: ca.server(),
            client: ca.client("agent-client"),
            stranger: other_ca.client("stranger"),
            ca,
            other_ca,
        }
    }

    /// Writes the server's chain, its key and the client CA into `dir`.
    pub fn write(&self, dir: &Path) -> PkiFiles {
        let files = PkiFiles {
            cert: dir.join("server.pem"),
            key: dir.join("server.key"),
            client_ca: dir.join("client-ca.pem"),
        };
        std::fs::write(&files.cert, format!("{}{}", self.server.pem, self.ca.pem)).unwrap();
        std::fs::write(&files.key, self.server.key_pem()).unwrap();
        std::fs::write(&files.client_ca, &self.ca.pem).unwrap();
        files
    }

    /// A client that trusts the test CA, speaks only `versions` and presents `certificate`.
    pub fn client_config(
        &self,
        certificate: Option<&Leaf>,
        versions: &[&'static rustls::SupportedProtocolVersion],
    ) -> Arc<rustls::ClientConfig> {
        let mut roots = rustls::RootCertStore::empty();
        roots.add(self.ca.der.clone()).unwrap();
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let builder = rustls::ClientConfig::builder_with_provider(provider)
            .with_protocol_versions(versions)
            .unwrap()
            .with_root_certificates(roots);
        let mut config = match certificate {
            Some(leaf) => builder
                .with_client_auth_cert(vec![leaf.der.clone()], leaf.key_der())
                .unwrap(),
            None => builder.with_no_client_auth(),
        };
        config.alpn_protocols = vec![b"http/1.1".to_vec()];
        Arc::new(config)
    }
}
