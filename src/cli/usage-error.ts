/** A problem with the command line: reported in one line with a pointer to --help, exit code 2. */
export class UsageError extends Error {}

/** Something that keeps the server from starting (a port, a host, a directory): reported in one line, exit code 2. */
export class StartupError extends Error {}
