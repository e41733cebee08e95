import FoundationEssentials

/// Where Tend's shipped data (`Resources/`: quest content, food tables, `build-info`) is:
/// `TEND_RESOURCES`, else the installed copy found from the executable (`<prefix>/bin/tend` →
/// `<prefix>/share/tend`, or a `Resources` folder beside it), else the source tree this binary
/// was built from (a development build or `Scripts/run`). Nothing names the prefix, so an
/// installed tree works wherever it is moved.
public enum ResourceLocation {
    public static func resolve(environment: [String: String], executablePath: String = CommandLine.arguments.first ?? "") -> String {
        if let path = environment["TEND_RESOURCES"], !path.isEmpty { return path }
        let candidates = installedCandidates(executablePath: executablePath) + [sourceTree.appendingPathComponent("Resources").path]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/Quests") } ?? candidates.last!
    }

    /// `share/tend` and `Resources` beside the running binary, by `/proc/self/exe` (symlinks
    /// resolved: `/usr/local/bin/tend` may link into an installed tree) and by `argv[0]`.
    static func installedCandidates(executablePath: String) -> [String] {
        var candidates: [String] = []
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        for binary in [executable, executablePath] where binary.contains("/") {
            let folder = String(binary[..<binary.lastIndex(of: "/")!])
            candidates.append(folder + "/../share/tend")
            candidates.append(folder + "/Resources")
        }
        return candidates.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// Modules/Composition/ResourceLocation.swift → the repository's root.
    static var sourceTree: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The USDA SR24 table: `TEND_USDA`, else the copy installed with Tend's data
    /// (`share/tend/usda_sr24.jar`), else Debian's cronometer package if installed, else the
    /// copy `Scripts/setup` unpacked into the source tree's `.build/usda`.
    public static func usdaTable(environment: [String: String]) -> String? {
        if let path = environment["TEND_USDA"], !path.isEmpty { return path }
        let installed = resolve(environment: environment) + "/usda_sr24.jar"
        let candidates = [installed, "/usr/share/cronometer/usda_sr24.jar",
                          sourceTree.appendingPathComponent(".build/usda/usr/share/cronometer/usda_sr24.jar").path]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
