//! The library side of `benches/tenants.sh`: builds a layer (with its AI Catalog) from the
//! cards `tenants_gen.py` wrote, then swaps one tenant's card through the handle again and
//! again, and prints the time of the start-up step and of each swap (p50, p99). A swap's
//! call returns once the new card (and the catalog listing it) is what requests get, so its
//! duration is the time for a change to be served.
//!
//! ```text
//! cargo bench --bench tenants_swap -- DIR [SWAPS]
//! ```

use std::time::{Instant, SystemTime};

use a2a_card::AgentCard;
use a2a_card::serve::{AgentCardLayer, CatalogOptions};

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let dir = std::path::PathBuf::from(args.next().expect("usage: tenants_swap DIR [SWAPS]"));
    let swaps: usize = args
        .next()
        .map_or(50, |n| n.parse().expect("SWAPS is a number"));
    let read = |path: &std::path::Path| {
        let bytes = std::fs::read(path).expect("a card file");
        AgentCard::from_json_slice(&bytes).expect("a card")
    };
    let started = Instant::now();
    let mut files: Vec<_> = std::fs::read_dir(dir.join("tenants"))
        .expect("DIR/tenants")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    let tenants: Vec<(String, AgentCard, SystemTime)> = files
        .iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let modified = std::fs::metadata(path).unwrap().modified().unwrap();
            (name, read(path), modified)
        })
        .collect();
    let read_done = started.elapsed();
    let rss_read = rss_kb() / 1024;
    let mut builder = AgentCardLayer::builder(read(&dir.join("main.json")))
        .last_modified(SystemTime::UNIX_EPOCH)
        .precompress(std::env::var_os("NO_COMPRESSION").is_none());
    if std::env::var_os("NO_CATALOG").is_none() {
        builder = builder.catalog(CatalogOptions::new().base_url("https://agents.example.com"));
    }
    let layer = builder.build().expect("the main card");
    let handle = layer.handle();
    let n = tenants.len();
    let (name, card, _) = tenants[n / 2].clone();
    let built = Instant::now();
    handle.replace_tenants(tenants).expect("the tenants");
    let publish = built.elapsed();
    println!(
        "tenants {n}: read+parse {:.2} s (RSS {rss_read} MB), replace_tenants (build + one catalog) {:.2} s, RSS {} MB",
        read_done.as_secs_f64(),
        publish.as_secs_f64(),
        rss_kb() / 1024
    );
    let mut times = Vec::with_capacity(swaps);
    for i in 0..swaps {
        let mut next = card.clone();
        next.version = format!("2.0.{i}");
        let t = Instant::now();
        handle
            .replace_tenant_modified_at(&name, next, SystemTime::now())
            .expect("a good card");
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "one tenant's swap through the handle ({swaps} swaps): p50 {:.1} ms, p99 {:.1} ms",
        at(0.5),
        at(0.99)
    );
}

/// This process's resident set, in KiB (Linux; 0 elsewhere).
fn rss_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}
