//! The vault's write lock: `.vault-agent/write.lock`, held with `flock` while a program
//! changes the vault (a write-back, an appended log, the index being created), so that
//! `watch`, `serve`, `input`, `import` and `process` running at once on the same vault
//! take turns instead of overwriting each other's changes. It is held for one change at a
//! time, never across a model call, so nobody waits long. The OS releases it when the
//! holder exits, even on kill -9.

use std::fs::File;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The lock file under an agent folder.
pub fn lock_path(agent_dir: &Path) -> PathBuf {
    agent_dir.join("write.lock")
}

/// A held write lock; released when dropped.
#[derive(Debug)]
pub struct WriteLock {
    _file: File,
}

impl WriteLock {
    /// Waits until no other program holds the vault's write lock, then holds it. Locks are
    /// per open file: a program must not take it twice at once (it would wait on itself).
    pub fn acquire(agent_dir: &Path) -> Result<WriteLock> {
        std::fs::create_dir_all(agent_dir).map_err(|e| Error::io(agent_dir, e))?;
        let path = lock_path(agent_dir);
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| Error::io(&path, e))?;
        lock(&file).map_err(|e| Error::io(&path, e))?;
        Ok(WriteLock { _file: file })
    }
}

#[cfg(unix)]
fn lock(file: &File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    loop {
        // SAFETY: the descriptor is open for the lifetime of `file`.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return Ok(());
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

#[cfg(not(unix))]
fn lock(_file: &File) -> std::io::Result<()> {
    // No advisory lock here: writers still check the note's hash before replacing it.
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    #[test]
    fn a_second_holder_waits_for_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let agent = dir.path().join(".vault-agent");
        let first = WriteLock::acquire(&agent).unwrap();
        let (tx, rx) = mpsc::channel();
        let agent2 = agent.clone();
        let waiter = std::thread::spawn(move || {
            let _second = WriteLock::acquire(&agent2).unwrap();
            tx.send(()).unwrap();
        });
        assert!(
            rx.recv_timeout(Duration::from_millis(200)).is_err(),
            "the second holder did not wait"
        );
        drop(first);
        rx.recv_timeout(Duration::from_secs(5))
            .expect("the second holder gets the lock once it is released");
        waiter.join().unwrap();
    }
}
