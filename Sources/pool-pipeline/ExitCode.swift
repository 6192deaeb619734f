/// The process exit codes of `pool-pipeline`, after BSD's sysexits where one fits.
enum ExitCode: Int32 {
    /// Done; captures that failed are reported but do not fail the command.
    case success = 0
    /// The run itself failed (listing or storing went wrong).
    case failure = 1
    /// A bad command line or a pipeline file that does not load (EX_USAGE).
    case usage = 64
    /// A source cannot be read: the run waits for permission (EX_NOINPUT).
    case noInput = 66
    /// The index cannot be opened or written (EX_IOERR).
    case ioError = 74
    /// A background run ended because the machine is hot, on battery or saving power; try again later
    /// (EX_TEMPFAIL).
    case temporaryFailure = 75
    /// Stopped by SIGINT; the next run carries on.
    case interrupted = 130
    /// Ended by SIGTERM; the next run carries on.
    case terminated = 143
}
