//! [`parallel_map`]: work spread over the machine's cores, for what a host does once per
//! tenant (the layer's AI Catalog entries, a command line reading thousands of card files).

/// Maps `items` with `f` on every core (scoped threads, one contiguous chunk each), keeping
/// their order; on the calling thread when there is one core or one item. A panic in `f` is
/// raised again here. Meant for work of a millisecond or more per item, such as reading and
/// checking the card files of many tenants before
/// [`CardHandle::replace_tenants`](super::CardHandle::replace_tenants) (which builds the cards
/// on every core itself).
///
/// ```
/// use a2a_card::serve::parallel_map;
/// use a2a_card::validate::{Profile, validate_document};
///
/// let files = vec![br#"{"name": "A"}"#.to_vec(), b"not json".to_vec()];
/// let readable = parallel_map(files, |bytes| validate_document(&bytes, Profile::Spec, None).is_ok());
/// assert_eq!(readable, [true, false]);
/// ```
pub fn parallel_map<T, R, F>(items: Vec<T>, f: F) -> Vec<R>
where
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync,
{
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads < 2 || items.len() < 2 {
        return items.into_iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let mut chunks: Vec<Vec<T>> = Vec::with_capacity(threads);
    let mut items = items.into_iter();
    loop {
        let part: Vec<T> = items.by_ref().take(chunk).collect();
        if part.is_empty() {
            break;
        }
        chunks.push(part);
    }
    let f = &f;
    std::thread::scope(|scope| {
        let workers: Vec<_> = chunks
            .into_iter()
            .map(|part| scope.spawn(move || part.into_iter().map(f).collect::<Vec<R>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(done) => done,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_in_its_order() {
        let items: Vec<u32> = (0..1000).collect();
        let doubled = parallel_map(items, |i| i * 2);
        assert_eq!(doubled, (0..1000).map(|i| i * 2).collect::<Vec<_>>());
        assert!(parallel_map(Vec::<u32>::new(), |i| i).is_empty());
        assert_eq!(parallel_map(vec![7], |i: u32| i + 1), [8]);
    }

    #[test]
    fn a_panic_in_a_worker_reaches_the_caller() {
        let caught = std::panic::catch_unwind(|| {
            parallel_map((0..100).collect(), |i: u32| assert!(i != 57, "item 57"))
        });
        assert!(caught.is_err());
    }
}
