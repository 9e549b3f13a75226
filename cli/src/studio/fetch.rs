//! Fetching a published card for the studio's fetch API, with the library's HTTP(S) client.

use std::path::Path;

pub(crate) use a2a_card::client::parse_http_url;
use a2a_card::client::{Client, ClientError, Outgoing, PlainHttp};
use bytes::Bytes;
use http::header::{ACCEPT, CONTENT_TYPE};
use http::{HeaderValue, Method};
use serde::Serialize;

/// What the studio sends as its User-Agent.
pub(crate) const USER_AGENT: &str = concat!("a2a-card-studio/", env!("CARGO_PKG_VERSION"));

/// The studio's client: any published card (plain http too: the page shows what was
/// served), the Mozilla roots, the system's CA store and the `--ca-file` certificates.
/// Redirects reach only the address classes of the URL typed (`Client::for_base`): a
/// published card on a public address cannot redirect the studio to this machine, the
/// cloud metadata address or the local network.
pub(crate) struct Fetcher(Client);

impl Fetcher {
    pub(crate) fn new(ca_file: Option<&Path>, user_agent: &str) -> Result<Self, ClientError> {
        let mut builder = Client::builder()
            .user_agent(user_agent)
            .plain_http(PlainHttp::Allowed)
            .native_roots();
        if let Some(path) = ca_file {
            builder = builder.root_certificates_file(path);
        }
        builder.build().map(Fetcher)
    }
}

/// What fetching one URL gave: where it ended up, what answered, and the body.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Fetched {
    /// The URL asked for.
    pub(crate) url: String,
    /// Every URL a redirect led to, in order (the last one answered).
    pub(crate) redirects: Vec<String>,
    pub(crate) status: Option<u16>,
    pub(crate) content_type: Option<String>,
    /// Body size in bytes.
    pub(crate) size: Option<usize>,
    pub(crate) error: Option<String>,
    #[serde(skip)]
    pub(crate) body: Option<Bytes>,
}

/// GETs `url`, following up to three redirects, each only to the classes of address `url`
/// itself resolves to (global ones always). Never fails: what went wrong is in `error`,
/// next to whatever was learnt before it went wrong.
pub(crate) async fn get(fetcher: &Fetcher, url: &str) -> Fetched {
    match parse_http_url(url) {
        Ok(uri) => get_with(&fetcher.0.for_base(&uri).await, url).await,
        // get_with reports the same error.
        Err(_) => get_with(&fetcher.0, url).await,
    }
}

/// The cards an AI Catalog at `base` lists (`urls`), one after another: each URL and its
/// redirects only to the classes of address `base` resolves to (a catalog on a public host
/// cannot send the studio to this machine or the local network), all of them within
/// [`LISTED_BUDGET`].
pub(crate) async fn get_listed(
    fetcher: &Fetcher,
    base: &http::Uri,
    urls: &[String],
) -> Vec<Fetched> {
    let client = fetcher.0.with_budget(LISTED_BUDGET).for_base(base).await;
    let mut fetched = Vec::with_capacity(urls.len());
    for url in urls {
        fetched.push(get_with(&client, url).await);
    }
    fetched
}

/// How long fetching the cards of one catalog may take in all.
const LISTED_BUDGET: std::time::Duration = std::time::Duration::from_secs(30);

impl Fetched {
    fn new(url: &str) -> Self {
        Fetched {
            url: url.to_owned(),
            redirects: Vec::new(),
            status: None,
            content_type: None,
            size: None,
            error: None,
            body: None,
        }
    }
}

/// GETs `url` with `client` (its destination policy already set).
async fn get_with(client: &Client, url: &str) -> Fetched {
    let mut fetched = Fetched::new(url);
    let uri = match parse_http_url(url) {
        Ok(uri) => uri,
        Err(error) => {
            fetched.error = Some(error.to_string());
            return fetched;
        }
    };
    let request = Outgoing::new(Method::GET).header(
        ACCEPT,
        HeaderValue::from_str(&format!(
            "{}, application/json;q=0.9, */*;q=0.1",
            a2a_card::protocol::A2A_JSON
        ))
        .expect("a media type list is a header value"),
    );
    let exchange = client.send(&uri, &request).await;
    fetched.redirects = exchange.redirects.iter().map(ToString::to_string).collect();
    match exchange.result {
        Err(error) => fetched.error = Some(error.to_string()),
        Ok(response) => {
            fetched.status = Some(response.status().as_u16());
            fetched.content_type = response
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body = response.into_body();
            fetched.size = Some(body.len());
            fetched.body = Some(body);
        }
    }
    fetched
}
