//! Keys fetched from a JWKS URL, found directly or through an OpenID Connect discovery
//! document or RFC 8414 authorization server metadata: cached, refreshed when older than a
//! maximum age, refetched on an unknown `kid`, and never fetched more often than a minimum
//! interval, whatever tokens arrive.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::sign::Jwks;

use super::error::JwtError;
use super::fetch::{Fetcher, check_url};
use super::keys::KeySet;

/// Where the JWKS URL comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Locator {
    /// The JWKS URL itself.
    Jwks(String),
    /// An OpenID Connect discovery document (`.../.well-known/openid-configuration`).
    OpenIdConnect(String),
    /// RFC 8414 authorization server metadata.
    OAuthMetadata(String),
}

impl Locator {
    pub(crate) fn url(&self) -> &str {
        match self {
            Locator::Jwks(url) | Locator::OpenIdConnect(url) | Locator::OAuthMetadata(url) => url,
        }
    }
}

/// When to fetch.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Timing {
    pub(crate) min_refetch_interval: Duration,
    pub(crate) max_age: Duration,
    pub(crate) max_stale: Duration,
}

#[derive(Debug, Default)]
struct State {
    keys: Option<Arc<KeySet>>,
    fetched_at: Option<Instant>,
    last_attempt: Option<Instant>,
    jwks_uri: Option<String>,
}

/// A remote key set and its cache.
#[derive(Debug)]
pub(crate) struct RemoteKeys {
    locator: Locator,
    issuer: String,
    fetcher: Fetcher,
    timing: Timing,
    state: Mutex<State>,
    /// Held while fetching, so concurrent requests that need a fetch wait for one fetch
    /// instead of starting their own.
    fetching: tokio::sync::Mutex<()>,
}

impl RemoteKeys {
    pub(crate) fn new(
        locator: Locator,
        issuer: String,
        fetcher: Fetcher,
        timing: Timing,
    ) -> Result<Self, JwtError> {
        check_url(locator.url(), fetcher.allow_loopback_http)?;
        Ok(RemoteKeys {
            locator,
            issuer,
            fetcher,
            timing,
            state: Mutex::new(State::default()),
            fetching: tokio::sync::Mutex::new(()),
        })
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The cached keys; fetched first when there are none yet or they are older than the
    /// maximum age (within the rate limit).
    pub(crate) async fn current(&self) -> Option<Arc<KeySet>> {
        let (keys, fresh) = {
            let state = self.state();
            let fresh = state
                .fetched_at
                .is_some_and(|at| at.elapsed() < self.timing.max_age);
            (state.keys.clone(), fresh)
        };
        match keys {
            Some(keys) if fresh => Some(keys),
            _ => self.refetch().await,
        }
    }

    /// A token named a kid the cached keys lack: fetch again unless the last attempt was
    /// less than the minimum interval ago. Returns the keys there are afterwards.
    pub(crate) async fn refetch(&self) -> Option<Arc<KeySet>> {
        let _fetching = self.fetching.lock().await;
        {
            let mut state = self.state();
            let recent = state
                .last_attempt
                .is_some_and(|at| at.elapsed() < self.timing.min_refetch_interval);
            if recent {
                return self.usable(&state);
            }
            state.last_attempt = Some(Instant::now());
        }
        match self.fetch().await {
            Ok(keys) => Some(keys),
            Err(error) => {
                tracing::warn!(target: "a2a_card", %error, "fetching the token keys failed; keeping the keys already loaded, if not too old");
                self.usable(&self.state())
            }
        }
    }

    /// The cached keys unless they are older than the staleness limit.
    fn usable(&self, state: &State) -> Option<Arc<KeySet>> {
        let fresh_enough = state
            .fetched_at
            .is_some_and(|at| at.elapsed() < self.timing.max_stale);
        if fresh_enough {
            state.keys.clone()
        } else {
            None
        }
    }

    /// Fetches now, whatever the rate limit says (start-up, operator's request).
    pub(crate) async fn fetch_now(&self) -> Result<Arc<KeySet>, JwtError> {
        let _fetching = self.fetching.lock().await;
        self.state().last_attempt = Some(Instant::now());
        self.fetch().await
    }

    async fn fetch(&self) -> Result<Arc<KeySet>, JwtError> {
        let known = self.state().jwks_uri.clone();
        let jwks_uri = match (&self.locator, known) {
            (Locator::Jwks(url), _) => url.clone(),
            (_, Some(uri)) => uri,
            (locator, None) => {
                let uri = self.discover(locator.url()).await?;
                self.state().jwks_uri = Some(uri.clone());
                uri
            }
        };
        let body = match &self.locator {
            Locator::Jwks(_) => self.fetcher.get(&jwks_uri).await?,
            // Named by a document: held to the address classes of that document's URL.
            found => self.fetcher.get_found_at(&jwks_uri, found.url()).await?,
        };
        let jwks = Jwks::from_json(&body)?;
        let set = KeySet::from_jwks(&jwks);
        for reason in &set.skipped {
            tracing::debug!(target: "a2a_card", url = %jwks_uri, reason = %reason, "a key of the fetched JWKS is left out");
        }
        for kid in set.repeated_kids() {
            tracing::warn!(target: "a2a_card", url = %jwks_uri, kid = %kid, "several keys of the fetched JWKS share one kid; tokens naming it are checked with each");
        }
        let keys = Arc::new(set.usable()?);
        let mut state = self.state();
        state.keys = Some(keys.clone());
        state.fetched_at = Some(Instant::now());
        Ok(keys)
    }

    /// The `jwks_uri` of a discovery or metadata document, whose `issuer` must be the
    /// configured one.
    async fn discover(&self, url: &str) -> Result<String, JwtError> {
        let body = self.fetcher.get(url).await?;
        let problem = |reason: &str| JwtError::Discovery {
            url: url.to_owned(),
            reason: reason.to_owned(),
        };
        let Ok(Value::Object(document)) = serde_json::from_slice::<Value>(&body) else {
            return Err(problem("is not a JSON object"));
        };
        match document.get("issuer") {
            Some(Value::String(issuer)) if *issuer == self.issuer => {}
            Some(Value::String(issuer)) => {
                return Err(JwtError::IssuerMismatch {
                    url: url.to_owned(),
                    expected: self.issuer.clone(),
                    found: issuer.clone(),
                });
            }
            _ => return Err(problem("has no `issuer` string")),
        }
        let Some(Value::String(jwks_uri)) = document.get("jwks_uri") else {
            return Err(problem("has no `jwks_uri` string"));
        };
        check_url(jwks_uri, self.fetcher.allow_loopback_http)?;
        Ok(jwks_uri.clone())
    }
}

#[cfg(test)]
#[path = "remote_tests.rs"]
mod tests;
