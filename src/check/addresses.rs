//! Interface URLs that cannot be right for a card served from where it was fetched: on this
//! machine or a private network while the card comes from elsewhere, or plain http while the
//! card came over https. The usual cause is a card written for one deployment and served
//! behind a proxy, a load balancer or a platform URL.

use std::net::IpAddr;

use http::Uri;

use super::finding::{Place, finding, quoted};
use crate::client::AddressClass;
use crate::{AgentCard, Code, Diagnostic};

/// How to fix the URLs, said in every finding here.
const FIX: &str = "advertise the URL callers use: serve with `a2a-card serve --public-url \
                   https://PUBLIC-HOST/PREFIX` (or the layer's `public_url`), which rebases \
                   interface URLs that point at the agent itself";

/// Where a host is, as far as the URL itself says (IP literals and `localhost` names; other
/// names are not resolved here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Where {
    ThisMachine,
    Private,
    Elsewhere,
}

fn where_is(uri: &Uri) -> Where {
    let Some(host) = uri.host() else {
        return Where::Elsewhere;
    };
    if crate::validate::syntax::host_is_this_machine(host) {
        return Where::ThisMachine;
    }
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    match literal.parse::<IpAddr>().map(AddressClass::of) {
        Ok(AddressClass::Private | AddressClass::LinkLocal | AddressClass::UniqueLocal) => {
            Where::Private
        }
        _ => Where::Elsewhere,
    }
}

/// The findings for `card`'s interface URLs, the card having been fetched from `card_url`.
pub(super) fn interface_address_findings(
    card: &AgentCard,
    card_url: &str,
    findings: &mut Vec<Diagnostic>,
) {
    let Ok(served_from) = card_url.parse::<Uri>() else {
        return;
    };
    let served_where = where_is(&served_from);
    let served_https = served_from.scheme_str() == Some("https");
    for (index, interface) in card.supported_interfaces.iter().enumerate() {
        let Ok(url) = interface.url.parse::<Uri>() else {
            continue;
        };
        if !matches!(url.scheme_str(), Some("http" | "https")) {
            continue;
        }
        let place = || Place::pointer(card_url, format!("/supportedInterfaces/{index}/url"));
        let shown = quoted(&interface.url);
        match (where_is(&url), served_where) {
            (Where::ThisMachine, Where::ThisMachine) => {}
            (Where::ThisMachine, _) => findings.push(finding(
                Code::InterfaceOnLocalHost,
                place(),
                format!("{shown} names the serving machine itself, but the card was served from another host, so no caller reaches this interface; {FIX}"),
            )),
            (Where::Private, Where::Elsewhere) => findings.push(finding(
                Code::InterfaceOnPrivateAddress,
                place(),
                format!("{shown} is on a private network, but the card was served from a public host, so callers outside that network do not reach it; {FIX}"),
            )),
            _ => {}
        }
        if served_https && url.scheme_str() == Some("http") {
            findings.push(finding(
                Code::InterfaceDowngradesToHttp,
                place(),
                format!("{shown} is plain http, but the card came over https (TLS ends at a proxy or load balancer and the card names the hop behind it): callers would send messages and credentials in clear; {FIX}"),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(interface: &str, served_from: &str) -> Vec<Code> {
        let mut card = crate::__doctest::example_card();
        card.supported_interfaces.truncate(1);
        card.supported_interfaces[0].url = interface.to_owned();
        let mut findings = Vec::new();
        interface_address_findings(&card, served_from, &mut findings);
        for found in &findings {
            assert_eq!(found.pointer, "/supportedInterfaces/0/url");
            assert!(found.message.contains("--public-url"), "{}", found.message);
        }
        findings.into_iter().map(|d| d.code).collect()
    }

    const PUBLIC: &str = "https://agents.example.com/.well-known/agent-card.json";

    #[test]
    fn each_spelling_of_this_machine_is_flagged_from_another_host() {
        for url in [
            "https://0.0.0.0:8000/a2a",
            "https://127.0.0.1/a2a",
            "https://127.1.2.3/a2a",
            "https://localhost:8000/a2a",
            "https://LocalHost/a2a",
            "https://agent.localhost/a2a",
            "https://[::1]/a2a",
            "https://[::]/a2a",
            "https://[::ffff:127.0.0.1]/a2a",
        ] {
            assert_eq!(codes(url, PUBLIC), [Code::InterfaceOnLocalHost], "{url}");
            assert_eq!(
                codes(url, "https://10.0.0.1/x"),
                [Code::InterfaceOnLocalHost],
                "{url} from a private host"
            );
            assert_eq!(
                codes(url, "https://127.0.0.1:9/x"),
                [],
                "{url} served from this machine too"
            );
        }
    }

    #[test]
    fn private_addresses_are_flagged_from_a_public_host_only() {
        for url in [
            "https://10.0.0.5/a2a",
            "https://172.16.0.1/a2a",
            "https://192.168.1.1/a2a",
            "https://169.254.1.1/a2a",
            "https://[fd00::1]/a2a",
            "https://[fe80::1]/a2a",
        ] {
            assert_eq!(
                codes(url, PUBLIC),
                [Code::InterfaceOnPrivateAddress],
                "{url}"
            );
            assert_eq!(
                codes(url, "https://10.9.9.9/x"),
                [],
                "{url} from a private host"
            );
        }
        for url in [
            "https://172.32.0.1/a2a",
            "https://8.8.8.8/a2a",
            "https://agent-svc/a2a",
        ] {
            assert_eq!(codes(url, PUBLIC), [], "{url}");
        }
    }

    #[test]
    fn plain_http_is_flagged_only_when_the_card_came_over_https() {
        assert_eq!(
            codes("http://agents.example.com/a2a", PUBLIC),
            [Code::InterfaceDowngradesToHttp]
        );
        assert_eq!(
            codes(
                "http://agents.example.com/a2a",
                "http://agents.example.com/x"
            ),
            []
        );
        assert_eq!(codes("https://agents.example.com/a2a", PUBLIC), []);
        assert_eq!(
            codes("http://0.0.0.0:8000/a2a", PUBLIC),
            [Code::InterfaceOnLocalHost, Code::InterfaceDowngradesToHttp]
        );
    }
}
