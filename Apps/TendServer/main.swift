import FoundationEssentials
import Composition
#if canImport(Glibc)
import Glibc
#endif

// Bootstrap only: options, container, routes and the server's life are in Composition.
let server = ServerRunner(environment: ProcessInfo.processInfo.environment)
exit(server.run(Array(CommandLine.arguments.dropFirst())))
