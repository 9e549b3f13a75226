//! A card checked for publication (the registry profile) gets A2A-W023 for each interface URL
//! on the machine the agent runs on; the spec profile says nothing of it, and other hosts
//! never get it.

use a2a_card::{AgentCard, Code, validate::Profile};

fn card_with(url: &str) -> AgentCard {
    let mut card =
        AgentCard::from_json_slice(include_bytes!("../examples/agent-card.json")).unwrap();
    card.supported_interfaces[1].url = url.to_owned();
    card
}

fn w023(url: &str, profile: Profile) -> Vec<String> {
    card_with(url)
        .validate(profile)
        .into_iter()
        .filter(|d| d.code == Code::LocalInterfaceUrl)
        .map(|d| d.pointer)
        .collect()
}

#[test]
fn each_spelling_of_this_machine_is_flagged_for_publication_only() {
    for url in [
        "https://localhost/a2a",
        "https://LOCALHOST:8443/a2a",
        "https://agent.localhost/a2a",
        "https://127.0.0.1/a2a",
        "https://127.255.255.254/a2a",
        "https://0.0.0.0:8000/a2a",
        "https://[::1]/a2a",
        "https://[::]/a2a",
        "https://[::ffff:127.0.0.1]/a2a",
    ] {
        assert_eq!(
            w023(url, Profile::Registry),
            ["/supportedInterfaces/1/url"],
            "{url}"
        );
        assert!(w023(url, Profile::Spec).is_empty(), "{url}");
    }
}

#[test]
fn other_hosts_are_not_flagged() {
    for url in [
        "https://routes.example.com/a2a",
        "https://128.0.0.1/a2a",
        "https://1.0.0.0/a2a",
        "https://[::2]/a2a",
        "https://localhost.example.com/a2a",
        "https://10.0.0.1/a2a",
    ] {
        assert!(w023(url, Profile::Registry).is_empty(), "{url}");
    }
}
