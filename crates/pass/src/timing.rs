//! Execution timing (`--mlir-timing`), reported in mlir-opt's format.
//!
//! Timers form a tree under a hidden root: the driver's phases (`Parser`, `Output`), the
//! top-level passes, and under each nested pass manager its `'<op>' Pipeline` with the
//! passes in it. A timer started again under the same parent with the same key accumulates
//! (a function pipeline is one timer however many functions ran through it).
//!
//! Work done on other threads is recorded in a separate tree per thread and merged when the
//! threads join, as MLIR merges its asynchronous timers: a merged timer's wall time is the
//! longest of the threads' (they overlapped), its user time their sum, and the user time
//! of the threads' work is added to every enclosing timer. So a run that used threads
//! shows a `User Time` column next to `Wall Time`, and a single-threaded run (where both
//! are equal) does not.

use std::time::{Duration, Instant};

use super::instrument::banner;

/// What identifies a timer among its siblings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimerKey {
    /// A phase of the driver (`Parser`, `Output`).
    Named(&'static str),
    /// A pass, by its position in the pipeline.
    Pass(usize),
    /// A nested-pass-manager adaptor, by its position among its siblings.
    Adaptor(usize),
    /// The pipeline of a nested pass manager, by anchor (`None`: `any`).
    Pipeline(Option<String>),
}

/// How the report is laid out (`--mlir-timing-display`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimingDisplay {
    /// Every timer once, merged by name and sorted by wall time.
    List,
    /// The timers nested as they ran.
    #[default]
    Tree,
}

#[derive(Debug, Clone)]
struct Node {
    key: TimerKey,
    name: String,
    parent: usize,
    children: Vec<usize>,
    wall: Duration,
    user: Duration,
    /// Left out of the tree report, its children shown in its place (the root, and the
    /// adaptor of a single nested pass manager).
    hidden: bool,
}

/// A tree of timers with a stack of running ones.
#[derive(Debug)]
pub struct Timing {
    nodes: Vec<Node>,
    active: Vec<(usize, Instant)>,
}

impl Default for Timing {
    fn default() -> Self {
        Self::new()
    }
}

impl Timing {
    /// A tree whose (hidden) root timer starts now.
    pub fn new() -> Self {
        Self {
            nodes: vec![Node {
                key: TimerKey::Named("root"),
                name: "root".into(),
                parent: 0,
                children: Vec::new(),
                wall: Duration::ZERO,
                user: Duration::ZERO,
                hidden: true,
            }],
            active: vec![(0, Instant::now())],
        }
    }

    fn current(&self) -> usize {
        self.active.last().map_or(0, |a| a.0)
    }

    /// Starts the timer `key` under the running one, creating it (named `name()`) on first
    /// use.
    pub fn start(&mut self, key: TimerKey, name: impl FnOnce() -> String) {
        let parent = self.current();
        let existing = self.nodes[parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].key == key);
        let idx = existing.unwrap_or_else(|| self.push(parent, key, name(), false));
        self.active.push((idx, Instant::now()));
    }

    fn push(&mut self, parent: usize, key: TimerKey, name: String, hidden: bool) -> usize {
        self.nodes.push(Node {
            key,
            name,
            parent,
            children: Vec::new(),
            wall: Duration::ZERO,
            user: Duration::ZERO,
            hidden,
        });
        let idx = self.nodes.len() - 1;
        self.nodes[parent].children.push(idx);
        idx
    }

    /// Stops the most recently started timer (never the root: see [`Timing::finish`]).
    pub fn stop(&mut self) {
        if self.active.len() > 1 {
            self.stop_top();
        }
    }

    fn stop_top(&mut self) {
        if let Some((i, t)) = self.active.pop() {
            let d = t.elapsed();
            self.nodes[i].wall += d;
            self.nodes[i].user += d;
        }
    }

    /// Leaves the running timer out of the tree report.
    pub fn hide_current(&mut self) {
        let c = self.current();
        self.nodes[c].hidden = true;
    }

    /// Runs `f` inside timer `name` (a driver phase).
    pub fn time<R>(&mut self, name: &'static str, f: impl FnOnce() -> R) -> R {
        self.start(TimerKey::Named(name), || name.to_string());
        let r = f();
        self.stop();
        r
    }

    /// Stops every running timer, the root included; the report covers the time until now.
    pub fn finish(&mut self) {
        while !self.active.is_empty() {
            self.stop_top();
        }
    }

    /// Merges the tree recorded by another thread (for work done on behalf of the running
    /// timer) under the running timer.
    pub(crate) fn merge_async(&mut self, other: &Timing) {
        let at = self.current();
        let mut added = Duration::ZERO;
        for &c in &other.nodes[0].children {
            added += other.nodes[c].user;
            self.merge_node(at, other, c);
        }
        let mut i = at;
        loop {
            self.nodes[i].user += added;
            if i == 0 {
                break;
            }
            i = self.nodes[i].parent;
        }
    }

    fn merge_node(&mut self, into_parent: usize, other: &Timing, o: usize) {
        let on = &other.nodes[o];
        let existing = self.nodes[into_parent]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].key == on.key);
        let target = match existing {
            Some(c) => {
                self.nodes[c].wall = self.nodes[c].wall.max(on.wall);
                self.nodes[c].user += on.user;
                c
            }
            None => {
                let c = self.push(into_parent, on.key.clone(), on.name.clone(), on.hidden);
                self.nodes[c].wall = on.wall;
                self.nodes[c].user = on.user;
                c
            }
        };
        for &oc in &on.children {
            self.merge_node(target, other, oc);
        }
    }

    /// The report, as mlir-opt prints it to stderr when it exits.
    pub fn report(&self, display: TimingDisplay) -> String {
        let total = (self.nodes[0].wall, self.nodes[0].user);
        let show_user = total.0 != total.1;
        let mut out = banner("... Execution time report ...");
        out.push_str(&format!(
            "  Total Execution Time: {:.4} seconds\n\n",
            total.0.as_secs_f64()
        ));
        if show_user {
            out.push_str("  ----User Time----");
        }
        out.push_str("  ----Wall Time----  ----Name----\n");
        let line = |out: &mut String, indent: usize, name: &str, t: (Duration, Duration)| {
            if show_user {
                out.push_str(&format!(
                    "  {:8.4} ({:5.1}%)",
                    t.1.as_secs_f64(),
                    percent(t.1, total.1)
                ));
            }
            out.push_str(&format!(
                "  {:8.4} ({:5.1}%)  {}{name}\n",
                t.0.as_secs_f64(),
                percent(t.0, total.0),
                " ".repeat(indent)
            ));
        };
        match display {
            TimingDisplay::Tree => self.tree(0, 0, &mut |i, n| {
                let node = &self.nodes[n];
                line(&mut out, i, &node.name, (node.wall, node.user));
            }),
            TimingDisplay::List => {
                let mut merged: Vec<(&str, Duration, Duration)> = Vec::new();
                for n in &self.nodes {
                    match merged.iter_mut().find(|m| m.0 == n.name) {
                        Some(m) => {
                            m.1 += n.wall;
                            m.2 += n.user;
                        }
                        None => merged.push((&n.name, n.wall, n.user)),
                    }
                }
                merged.sort_by_key(|m| std::cmp::Reverse(m.1));
                for (name, wall, user) in merged {
                    line(&mut out, 0, name, (wall, user));
                }
            }
        }
        let mut rest = total;
        for &c in &self.nodes[0].children {
            rest.0 = rest.0.saturating_sub(self.nodes[c].wall);
            rest.1 = rest.1.saturating_sub(self.nodes[c].user);
        }
        line(&mut out, 0, "Rest", rest);
        line(&mut out, 0, "Total", total);
        out
    }

    /// Visits the shown timers in tree order with their indentation.
    fn tree(&self, n: usize, indent: usize, f: &mut dyn FnMut(usize, usize)) {
        let node = &self.nodes[n];
        let child_indent = if node.hidden {
            indent
        } else {
            f(indent, n);
            indent + 2
        };
        for &c in &node.children {
            self.tree(c, child_indent, f);
        }
    }
}

fn percent(part: Duration, total: Duration) -> f64 {
    100.0 * part.as_secs_f64() / total.as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker tree holding `'func.func' Pipeline` > `CSE` with the given times (ms).
    fn worker(pipeline: u64, cse: u64) -> Timing {
        let mut w = Timing::new();
        w.start(TimerKey::Pipeline(Some("func.func".into())), || {
            "'func.func' Pipeline".into()
        });
        w.start(TimerKey::Pass(0), || "CSE".into());
        w.stop();
        w.stop();
        let ms = Duration::from_millis;
        (w.nodes[1].wall, w.nodes[1].user) = (ms(pipeline), ms(pipeline));
        (w.nodes[2].wall, w.nodes[2].user) = (ms(cse), ms(cse));
        w
    }

    #[test]
    fn threads_merge_with_the_longest_wall_time_and_the_summed_user_time() {
        let mut t = Timing::new();
        t.start(TimerKey::Adaptor(0), || {
            "Pipeline Collection : ['func.func']".into()
        });
        t.hide_current();
        t.merge_async(&worker(30, 20));
        t.merge_async(&worker(50, 10));
        t.stop();
        t.finish();
        let ms = Duration::from_millis;
        let find = |name: &str| t.nodes.iter().find(|n| n.name == name).unwrap();
        let pipeline = find("'func.func' Pipeline");
        assert_eq!((pipeline.wall, pipeline.user), (ms(50), ms(80)));
        let cse = find("CSE");
        assert_eq!((cse.wall, cse.user), (ms(20), ms(30)));
        // The threads' time counts as user time of every enclosing timer.
        assert!(t.nodes[1].user >= ms(80) && t.nodes[0].user >= ms(80));
        assert!(t.nodes[0].wall < ms(80));
        let report = t.report(TimingDisplay::Tree);
        assert!(report.contains("  ----User Time----  ----Wall Time----  ----Name----\n"));
        // The collection of one manager is hidden: its pipeline shows at the top level.
        assert!(report.contains("%)  'func.func' Pipeline\n"), "{report}");
        assert!(report.contains("%)    CSE\n"), "{report}");
    }

    #[test]
    fn one_thread_shows_wall_time_only() {
        let mut t = Timing::new();
        t.time("Parser", || ());
        t.finish();
        let report = t.report(TimingDisplay::List);
        assert!(
            report.contains("\n  ----Wall Time----  ----Name----\n"),
            "{report}"
        );
        assert!(report.contains("%)  root\n") && report.ends_with("%)  Total\n"));
    }
}
