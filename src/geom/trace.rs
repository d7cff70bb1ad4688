//! Trace sinks: how an algorithm reports its steps without knowing who listens.
//!
//! Every traced algorithm takes `&mut impl Trace<Step>`. The fast path passes [`NoTrace`], whose
//! [`Trace::ENABLED`] is `false`: the closure that would build a step is never called and the
//! optimiser removes it. The app and the report pass a `Vec<Step>` and draw or print what it
//! recorded. The algorithm's arithmetic is the same either way, so traced and untraced calls
//! return identical results.
//!
//! Steps are recorded in the *pair frame*: world coordinates minus the `origin` that the
//! top-level query reports (body A's position). Keeping the numbers small keeps a pair far from
//! the world origin precise; add `origin` back to draw.

/// A sink for an algorithm's steps.
pub trait Trace<S> {
    /// Whether steps are recorded at all.
    const ENABLED: bool;

    /// Records one step; `make` is only called when the sink is enabled.
    fn step(&mut self, make: impl FnOnce() -> S);
}

/// The sink that records nothing: the fast path.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<S> Trace<S> for NoTrace {
    const ENABLED: bool = false;

    #[inline(always)]
    fn step(&mut self, _make: impl FnOnce() -> S) {}
}

impl<S> Trace<S> for Vec<S> {
    const ENABLED: bool = true;

    #[inline]
    fn step(&mut self, make: impl FnOnce() -> S) {
        self.push(make());
    }
}
