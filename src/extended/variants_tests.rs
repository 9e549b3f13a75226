//! Unit tests of the extended card's views: which skills a caller sees (each skill's
//! `securityRequirements` are an OR of ANDs, with scopes) and which signatures each view
//! carries.

use std::collections::BTreeSet;

use http::request::Parts;

use super::*;
use crate::security::{Grant, Verdict, Verifier, VerifyFuture};
use crate::{SchemeKind, SecurityScheme};

/// `key` and `key2` are API keys (`X-Key`, `X-Key2`); `oauth` is a bearer scheme whose test
/// verifier grants the scopes listed in `X-Oauth`.
struct HeaderGrant;

impl Verifier for HeaderGrant {
    fn fits(&self, _: &SecurityScheme) -> Result<(), String> {
        Ok(())
    }

    fn verify<'a>(&'a self, request: &'a Parts, scheme: &'a SecurityScheme) -> VerifyFuture<'a> {
        let header = match scheme.kind() {
            Some(SchemeKind::ApiKey(key)) => key.name.clone(),
            _ => "X-Oauth".to_owned(),
        };
        let verdict = match request
            .headers
            .get(header.as_str())
            .map(|v| v.to_str().unwrap())
        {
            None => Verdict::Missing,
            Some("-") => Verdict::Rejected("test says no"),
            Some(scopes) => Verdict::Accepted(
                Grant::subject("caller").with_scopes(scopes.split(' ').filter(|s| !s.is_empty())),
            ),
        };
        Box::pin(std::future::ready(verdict))
    }
}

/// Skills: `open` (no requirements), `ab` (oauth A AND B), `a-or-key2` (oauth A, or key2),
/// `c-or-a-and-key2` (oauth C, or oauth A AND key2), `key-and-key2` (key AND key2) and
/// `ab-twin` (the same requirements as `ab`, so the same group).
const CARD: &str = r#"{
  "name": "Extended", "description": "The extended card.", "version": "1.0.0",
  "supportedInterfaces": [{"url": "https://x.example/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {"extendedAgentCard": true},
  "securitySchemes": {
    "key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key"}},
    "key2": {"apiKeySecurityScheme": {"location": "header", "name": "X-Key2"}},
    "oauth": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}
  },
  "securityRequirements": [{"schemes": {"key": {}}}, {"schemes": {"oauth": {}}}],
  "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [
    {"id": "open", "name": "Open", "description": "d", "tags": ["t"]},
    {"id": "ab", "name": "AB", "description": "d", "tags": ["t"],
     "securityRequirements": [{"schemes": {"oauth": {"list": ["A", "B"]}}}]},
    {"id": "a-or-key2", "name": "A or key2", "description": "d", "tags": ["t"],
     "securityRequirements": [{"schemes": {"oauth": {"list": ["A"]}}}, {"schemes": {"key2": {}}}]},
    {"id": "c-or-a-and-key2", "name": "C or A and key2", "description": "d", "tags": ["t"],
     "securityRequirements": [{"schemes": {"oauth": {"list": ["C"]}}},
                              {"schemes": {"oauth": {"list": ["A"]}, "key2": {}}}]},
    {"id": "key-and-key2", "name": "key and key2", "description": "d", "tags": ["t"],
     "securityRequirements": [{"schemes": {"key": {}, "key2": {}}}]},
    {"id": "ab-twin", "name": "AB again", "description": "d", "tags": ["t"],
     "securityRequirements": [{"schemes": {"oauth": {"list": ["A", "B"]}}}]}
  ]
}"#;

const ALL: [&str; 6] = [
    "open",
    "ab",
    "a-or-key2",
    "c-or-a-and-key2",
    "key-and-key2",
    "ab-twin",
];

fn card() -> AgentCard {
    AgentCard::from_json_str(CARD).unwrap()
}

fn security(card: &AgentCard) -> CardSecurity {
    CardSecurity::builder(card)
        .verifier("key", HeaderGrant)
        .verifier("key2", HeaderGrant)
        .verifier("oauth", HeaderGrant)
        .build()
        .unwrap()
}

fn run<T>(future: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

/// The served v1.0 card of a view.
fn served(variant: &Variant) -> AgentCard {
    AgentCard::from_json_slice(&variant.v1_0.identity().body).unwrap()
}

fn skill_ids(card: &AgentCard) -> BTreeSet<String> {
    card.skills.iter().map(|s| s.id.clone()).collect()
}

/// The skills a caller with these headers sees, in a card built with `extended`.
fn seen_by(
    extended: &ExtendedCard,
    security: &CardSecurity,
    headers: &[(&str, &str)],
) -> BTreeSet<String> {
    let mut request = http::Request::get("/extendedAgentCard");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let (parts, ()) = request.body(()).unwrap().into_parts();
    let mut verdicts = Verdicts::default();
    let variant = run(extended.for_caller(security, &parts, &mut verdicts));
    skill_ids(&served(&variant))
}

fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| (*s).to_owned()).collect()
}

/// A caller's headers and the skills it must see.
type Caller = (
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
);

/// Each caller and the skills it must see, for the card above.
const CALLERS: &[Caller] = &[
    // Authenticated with the API key alone, no scopes at all.
    (&[("X-Key", "")], &["open"]),
    // Authenticated with a token that lacks the scopes a skill needs.
    (&[("X-Oauth", "")], &["open"]),
    (&[("X-Oauth", "Z")], &["open"]),
    // A of A AND B: not ab (nor its twin); A alone is an alternative of a-or-key2.
    (&[("X-Oauth", "A")], &["open", "a-or-key2"]),
    (&[("X-Oauth", "B")], &["open"]),
    (
        &[("X-Oauth", "A B")],
        &["open", "ab", "ab-twin", "a-or-key2"],
    ),
    (&[("X-Oauth", "a b")], &["open"]),
    (&[("X-Oauth", "AB")], &["open"]),
    // C is the first alternative of c-or-a-and-key2 on its own.
    (&[("X-Oauth", "C")], &["open", "c-or-a-and-key2"]),
    // key2 alone: the second alternative of a-or-key2, half of the others.
    (&[("X-Key2", "")], &["open", "a-or-key2"]),
    // A and key2: both members of the second alternative of c-or-a-and-key2.
    (
        &[("X-Oauth", "A"), ("X-Key2", "")],
        &["open", "a-or-key2", "c-or-a-and-key2"],
    ),
    // key and key2: the AND of key-and-key2.
    (
        &[("X-Key", ""), ("X-Key2", "")],
        &["open", "a-or-key2", "key-and-key2"],
    ),
    // A rejected key2 meets nothing that needs it.
    (&[("X-Key", ""), ("X-Key2", "-")], &["open"]),
    (&[("X-Oauth", "A"), ("X-Key2", "-")], &["open", "a-or-key2"]),
    // Everything.
    (&[("X-Key", ""), ("X-Key2", ""), ("X-Oauth", "A B C")], &ALL),
    // Nothing at all (the card-level check would refuse this caller first).
    (&[], &["open"]),
];

#[test]
fn a_caller_sees_the_skills_whose_requirements_it_meets() {
    let card = card();
    let security = security(&card);
    let extended = ExtendedCard::new(card, None, false).unwrap();
    assert!(matches!(extended.views, Views::Prebuilt(_)));
    for (headers, expected) in CALLERS {
        assert_eq!(
            seen_by(&extended, &security, headers),
            set(expected),
            "{headers:?}"
        );
    }
}

#[test]
fn views_built_on_demand_agree_with_the_prebuilt_ones() {
    let card = card();
    let security = security(&card);
    let mut extended = ExtendedCard::new(card, None, false).unwrap();
    extended.views = Views::Cached(Mutex::new(HashMap::new()));
    for (headers, expected) in CALLERS {
        assert_eq!(
            seen_by(&extended, &security, headers),
            set(expected),
            "{headers:?}"
        );
    }
}

#[test]
fn skills_with_equal_requirements_share_a_group() {
    let extended = ExtendedCard::new(card(), None, false).unwrap();
    assert_eq!(extended.groups.len(), 4);
    assert_eq!(
        extended.skill_group,
        [None, Some(0), Some(1), Some(2), Some(3), Some(0)]
    );
    let Views::Prebuilt(views) = &extended.views else {
        panic!("four groups are prebuilt")
    };
    assert_eq!(views.len(), 16);
    // View `bits` shows group i when bit i is set.
    assert_eq!(skill_ids(&served(&views[0])), set(&["open"]));
    assert_eq!(
        skill_ids(&served(&views[0b0001])),
        set(&["open", "ab", "ab-twin"])
    );
    assert_eq!(
        skill_ids(&served(&views[0b0100])),
        set(&["open", "c-or-a-and-key2"])
    );
    assert_eq!(skill_ids(&served(&views[0b1111])), set(&ALL));
}

mod signatures {
    use super::*;
    use crate::sign::{Algorithm, CardSigner, CardVerifier, SigningKey, TrustStore};

    /// One signature per view (the spec's form): these tests are about views, not forms.
    fn signer(kid: &str) -> CardSigner {
        CardSigner::new(SigningKey::generate(Algorithm::EdDsa).unwrap(), kid)
            .only_form(crate::sign::PayloadForm::Spec)
    }

    fn verifier(signer: &CardSigner) -> CardVerifier {
        CardVerifier::new(TrustStore::new().with_key(signer.trusted_key()))
    }

    fn views(extended: &ExtendedCard) -> &[Arc<Variant>] {
        match &extended.views {
            Views::Prebuilt(views) => views,
            Views::Cached(_) => panic!("few groups: prebuilt"),
        }
    }

    /// Each signature of `card` on its own verifies over the card's bytes with `verifier`.
    fn each_verifies(card: &AgentCard, verifier: &CardVerifier) -> bool {
        card.signatures.iter().all(|signature| {
            let mut alone = card.clone();
            alone.signatures = vec![signature.clone()];
            verifier.verify(&alone).is_ok()
        })
    }

    fn contains(haystack: &[u8], needle: &str) -> bool {
        haystack
            .windows(needle.len())
            .any(|window| window == needle.as_bytes())
    }

    #[test]
    fn a_filtered_view_of_a_signed_card_drops_its_signature() {
        let publisher = signer("publisher");
        let card = publisher.sign(&card()).unwrap();
        let original = card.signatures[0].signature.clone();
        let extended = ExtendedCard::new(card.clone(), None, false).unwrap();
        let views = views(&extended);
        let full = views.len() - 1;
        for (bits, variant) in views.iter().enumerate() {
            let served = served(variant);
            if bits == full {
                // Every skill shown: the card as it arrived, its signature verifying over
                // the bytes served.
                assert_eq!(served.signatures, card.signatures);
                assert!(verifier(&publisher).verify(&served).is_ok());
            } else {
                assert!(served.skills.len() < card.skills.len(), "view {bits:04b}");
                // The publisher's signature would not verify over these bytes: gone.
                let mut with_original = served.clone();
                with_original.signatures = card.signatures.clone();
                assert!(verifier(&publisher).verify(&with_original).is_err());
                assert!(served.signatures.is_empty(), "view {bits:04b}");
                assert!(!contains(&variant.v1_0.identity().body, &original));
                assert!(!contains(&variant.v0_3.identity().body, &original));
            }
        }
    }

    #[test]
    fn a_filtered_view_is_signed_afresh_over_exactly_its_bytes() {
        let publisher = signer("publisher");
        let layer = Arc::new(signer("layer"));
        let card = publisher.sign(&card()).unwrap();
        let original = card.signatures[0].signature.clone();
        let extended = ExtendedCard::new(card.clone(), Some(&layer), false).unwrap();
        let views = views(&extended);
        let full = views.len() - 1;
        let mut fresh = BTreeSet::new();
        for (bits, variant) in views.iter().enumerate() {
            let served = served(variant);
            if bits == full {
                assert_eq!(
                    served.signatures, card.signatures,
                    "the original, untouched"
                );
                assert!(each_verifies(&served, &verifier(&publisher)));
                continue;
            }
            assert_eq!(served.signatures.len(), 1, "view {bits:04b}");
            assert!(each_verifies(&served, &verifier(&layer)), "view {bits:04b}");
            assert!(
                verifier(&publisher).verify(&served).is_err(),
                "view {bits:04b}"
            );
            assert!(!contains(&variant.v1_0.identity().body, &original));
            assert!(!contains(&variant.v0_3.identity().body, &original));
            // Over its own bytes: another view's signature does not verify here.
            fresh.insert(served.signatures[0].signature.clone());
        }
        assert_eq!(fresh.len(), full, "one signature per filtered view");
        let other = served(&views[0]).signatures[0].clone();
        let mut moved = served(&views[1]);
        moved.signatures = vec![other];
        assert!(verifier(&layer).verify(&moved).is_err());
    }

    #[test]
    fn every_view_of_an_unsigned_card_is_signed_when_a_signer_is_set() {
        let layer = Arc::new(signer("layer"));
        let extended = ExtendedCard::new(card(), Some(&layer), false).unwrap();
        for (bits, variant) in views(&extended).iter().enumerate() {
            let served = served(variant);
            assert_eq!(served.signatures.len(), 1, "view {bits:04b}");
            assert!(each_verifies(&served, &verifier(&layer)), "view {bits:04b}");
        }
        // Without a signer, nothing is signed.
        let plain = ExtendedCard::new(card(), None, false).unwrap();
        for variant in views(&plain) {
            assert!(served(variant).signatures.is_empty());
        }
    }

    #[test]
    fn too_many_views_to_sign_up_front_is_refused() {
        let mut card = card();
        let template = card.skills[1].clone();
        card.skills.clear();
        for i in 0..=MAX_PREBUILT_GROUPS {
            let mut skill = template.clone();
            skill.id = format!("s{i}");
            skill.security_requirements[0]
                .schemes
                .get_mut("oauth")
                .unwrap()
                .list = vec![format!("scope{i}")];
            card.skills.push(skill);
        }
        let layer = Arc::new(signer("layer"));
        assert!(matches!(
            ExtendedCard::new(card.clone(), Some(&layer), false),
            Err(ExtendedError::TooManySignedViews { .. })
        ));
        let unsigned = ExtendedCard::new(card, None, false).unwrap();
        assert!(matches!(unsigned.views, Views::Cached(_)));
    }
}

#[test]
fn the_v0_3_operations_get_the_v0_3_rendering() {
    let extended = ExtendedCard::new(card(), None, false).unwrap();
    let Views::Prebuilt(views) = &extended.views else {
        panic!("prebuilt")
    };
    let full = &views[views.len() - 1];
    let body = |operation| full.rendering(operation).identity().body.clone();
    assert_ne!(full.v1_0.identity().body, full.v0_3.identity().body);
    assert_eq!(
        body(ExtendedCardOperation::JsonRpcV0_3),
        full.v0_3.identity().body
    );
    assert_eq!(
        body(ExtendedCardOperation::RestV0_3),
        full.v0_3.identity().body
    );
    assert_eq!(
        body(ExtendedCardOperation::JsonRpcV1_0),
        full.v1_0.identity().body
    );
    assert_eq!(
        body(ExtendedCardOperation::RestV1_0),
        full.v1_0.identity().body
    );
}

/// A card with seven groups (seven skills, each needing its own scope): 128 views, more than
/// are built with the layer or kept.
fn seven_groups() -> AgentCard {
    let mut card = card();
    let template = card.skills[1].clone();
    card.skills.truncate(1);
    for i in 0..7 {
        let mut skill = template.clone();
        skill.id = format!("s{i}");
        skill.security_requirements[0]
            .schemes
            .get_mut("oauth")
            .unwrap()
            .list = vec![format!("scope{i}")];
        card.skills.push(skill);
    }
    card
}

/// The content coding a client asking for gzip and brotli gets for this view.
fn coding(variant: &Variant) -> Option<&'static str> {
    let mut headers = http::HeaderMap::new();
    headers.insert(
        http::header::ACCEPT_ENCODING,
        http::HeaderValue::from_static("gzip, br"),
    );
    variant
        .v1_0
        .select(
            &headers,
            crate::http_headers::conditional::VaryingHeaders::of(&headers),
        )
        .coding
}

/// Every view of seven groups, in order.
fn all_shown() -> impl Iterator<Item = Vec<bool>> {
    (0..128_usize).map(|bits| (0..7).map(|i| bits & (1 << i) != 0).collect())
}

#[test]
fn views_past_the_bound_are_built_but_not_kept() {
    for precompress in [false, true] {
        let extended = ExtendedCard::new(seven_groups(), None, precompress).unwrap();
        let Views::Cached(cache) = &extended.views else {
            panic!("seven groups are built on demand")
        };
        let kept = |cache: &Mutex<HashMap<Vec<bool>, Arc<Variant>>>| cache.lock().unwrap().len();
        for (n, shown) in all_shown().enumerate() {
            let variant = extended.cached(cache, shown.clone());
            let expected_skills = 1 + shown.iter().filter(|s| **s).count();
            assert_eq!(served(&variant).skills.len(), expected_skills);
            if n < MAX_CACHED_VARIANTS {
                assert_eq!(kept(cache), n + 1, "view {n} is kept");
                // Kept views are encoded ahead when precompression is on.
                let expected = precompress.then_some("br");
                assert_eq!(coding(&variant), expected, "view {n}");
                // Asked again: the same view, not another build.
                assert!(Arc::ptr_eq(&variant, &extended.cached(cache, shown)));
            } else {
                assert_eq!(kept(cache), MAX_CACHED_VARIANTS, "view {n} is not kept");
                // Built for one request: never encoded.
                assert_eq!(coding(&variant), None, "view {n}");
                assert!(!Arc::ptr_eq(&variant, &extended.cached(cache, shown)));
            }
        }
    }
}
