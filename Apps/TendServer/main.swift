import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// Bootstrap only: the options and the server's life are in ServerRunner, the container and the
// routes in Composition.
let server = ServerRunner(environment: ProcessInfo.processInfo.environment)
exit(server.run(Array(CommandLine.arguments.dropFirst())))
