import FoundationEssentials
import Composition
#if canImport(Glibc)
import Glibc
#endif

// Bootstrap only: the command tree and the container are assembled by Composition.
let tend = TendCommandLine(environment: ProcessInfo.processInfo.environment)
exit(tend.run(Array(CommandLine.arguments.dropFirst())))
