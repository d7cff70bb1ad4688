//! Progress on stderr for long work (`slides --gif`, `sweep`, `simulate`): a bar drawn by
//! `indicatif` when stderr is a terminal, and nothing at all when it is not (a pipe, a file, a
//! test), so what a script reads from stderr is only the messages it expects. In the browser
//! there is no terminal: nothing is drawn and `indicatif` is not built.

/// A progress bar, or nothing when stderr is not a terminal.
pub struct Progress {
    #[cfg(not(target_arch = "wasm32"))]
    bar: Option<indicatif::ProgressBar>,
}

/// A sweep of fewer poses shows no bar: it is over before a bar would help.
pub const LONG_SWEEP: u64 = 2000;

/// A simulation of fewer steps shows no bar (20 seconds at 60 Hz).
pub const LONG_SIMULATION: u64 = 1200;

impl Progress {
    /// A bar for `len` items of `what` (`"poses"`, `"steps"`, `"frames"`), shown on stderr when
    /// it is a terminal and there are at least `min` items.
    pub fn new(len: u64, min: u64, what: &str) -> Progress {
        #[cfg(not(target_arch = "wasm32"))]
        {
            use std::io::IsTerminal;
            let bar = (len >= min && std::io::stderr().is_terminal()).then(|| {
                let bar = indicatif::ProgressBar::new(len);
                let style = indicatif::ProgressStyle::with_template(&format!(
                    "{{bar:40}} {{pos}}/{{len}} {what} {{elapsed}} (about {{eta}} to go) {{msg}}"
                ))
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
                bar.set_style(style);
                bar
            });
            Progress { bar }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let _ = (len, min, what);
            Progress {}
        }
    }

    /// Whether a bar is drawn (stderr is a terminal and the work is long).
    pub fn shown(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.bar.is_some();
        #[cfg(target_arch = "wasm32")]
        false
    }

    /// One more item done.
    pub fn inc(&self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    /// Says what the work is doing now (after the bar).
    pub fn say(&self, message: &str) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(b) = &self.bar {
            b.set_message(message.to_string());
        }
        #[cfg(target_arch = "wasm32")]
        let _ = message;
    }

    /// The work is over: the bar is taken off the terminal.
    pub fn finish(&self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
