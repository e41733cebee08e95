import FoundationEssentials
import Server
#if canImport(Glibc)
import Glibc
#endif

// Bootstrap only: options, container, routes and the server's life are in Server and Composition.
let server = ServerRunner(environment: ProcessInfo.processInfo.environment)
exit(server.run(Array(CommandLine.arguments.dropFirst())))
