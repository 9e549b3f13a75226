//! Card JSON through everything `validate`, `migrate` and `serve` do with it: validation
//! (both profiles, both document kinds), reading v0.3 or v1.0, migration, v1.0 writing, the
//! v0.3 rendering and building the layer. Beyond never panicking: what is written reads back
//! to the same bytes and validates as the card itself does; the v0.3 rendering of a card
//! reads back as a card, whose rendering is the same again.
#![no_main]

use a2a_card::serve::{AgentCardLayer, Legacy};
use a2a_card::{
    validate::{validate_document, DocumentKind, Profile},
    AgentCard, CardVersion,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for (profile, kind) in [
        (Profile::Spec, None),
        (Profile::Registry, Some(DocumentKind::Card)),
        (Profile::Spec, Some(DocumentKind::McpTools)),
    ] {
        if let Ok(report) = validate_document(data, profile, kind) {
            for diagnostic in &report.diagnostics {
                let _ = diagnostic.to_string();
            }
            serde_json::to_vec(&report).expect("a report serializes");
        }
    }

    let Ok(read) = AgentCard::read(data) else {
        return;
    };
    let card = read.card;
    // v1.0 writing is stable: written, read and written again gives the same bytes.
    let written = card.to_json_vec();
    assert!(!written.is_empty(), "a card always serializes");
    let again = AgentCard::read(&written).expect("what we write reads back");
    assert_eq!(again.source_version, CardVersion::V1_0);
    assert_eq!(
        String::from_utf8_lossy(&again.card.to_json_vec()),
        String::from_utf8_lossy(&written),
        "v1.0 writing is not stable"
    );
    let pretty: serde_json::Value = serde_json::from_str(&card.to_json_pretty()).unwrap();
    assert_eq!(
        pretty,
        serde_json::from_slice::<serde_json::Value>(&written).unwrap()
    );
    let _ = card.validate(Profile::Spec);

    // The v0.3 rendering, its notes mapped back into the input as `migrate` does.
    let rendering = card.to_v03();
    for note in &rendering.notes {
        let _ = read.pointers.to_source(&note.pointer);
    }
    let v03 = serde_json::to_vec(&rendering.json).unwrap();
    let back = AgentCard::read(&v03).expect("the v0.3 rendering reads back as a card");
    // The rendering is a projection: rendering its reading again changes nothing. (Except
    // with tenants: v0.3 has none for the main interface, a loss the rendering notes.)
    if card
        .supported_interfaces
        .iter()
        .all(|i| i.tenant.is_empty())
    {
        assert_eq!(
            back.card.to_v03().json,
            rendering.json,
            "the v0.3 rendering is not stable"
        );
    }

    // The card as written is judged as the card itself is.
    let codes = |diagnostics: Vec<a2a_card::Diagnostic>| {
        let mut codes: Vec<_> = diagnostics
            .into_iter()
            .map(|d| (d.code, d.severity, d.pointer))
            .collect();
        codes.sort_by_key(|(code, _, pointer)| (code.as_str(), pointer.clone()));
        codes
    };
    let of_written = validate_document(&written, Profile::Spec, Some(DocumentKind::Card))
        .expect("what we write is JSON");
    assert_eq!(
        codes(of_written.diagnostics),
        codes(card.validate(Profile::Spec)),
        "validating the written card differs from validating the card"
    );

    // Serving: a card with errors is refused, never a panic.
    let _ = AgentCardLayer::builder(card).legacy(Legacy::V03).build();
});
