//! The `vault-agent` binary; all logic lives in the library.

fn main() -> std::process::ExitCode {
    vault_agent::cli::main()
}
