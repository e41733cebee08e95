import FoundationEssentials

/// Where Tend's shipped data (`Resources/`: quest content, …) is: `TEND_RESOURCES`, else a
/// `Resources` folder beside the executable or in `../share/tend`, else the source tree this
/// binary was built from (a development build or `Scripts/run`).
public enum ResourceLocation {
    public static func resolve(environment: [String: String], executablePath: String = CommandLine.arguments.first ?? "") -> String {
        if let path = environment["TEND_RESOURCES"], !path.isEmpty { return path }
        var candidates: [String] = []
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        for binary in [executable, executablePath] where binary.contains("/") {
            let folder = String(binary[..<binary.lastIndex(of: "/")!])
            candidates.append(folder + "/Resources")
            candidates.append(folder + "/../share/tend")
        }
        // Modules/Composition/ResourceLocation.swift → the repository's Resources folder.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(source.appendingPathComponent("Resources").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/Quests") } ?? candidates.last!
    }

    /// The USDA SR24 table: `TEND_USDA`, else Debian's cronometer package if installed, else
    /// the copy `Scripts/setup` unpacked into the source tree's `.build/usda`.
    public static func usdaTable(environment: [String: String]) -> String? {
        if let path = environment["TEND_USDA"], !path.isEmpty { return path }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = ["/usr/share/cronometer/usda_sr24.jar",
                          source.appendingPathComponent(".build/usda/usr/share/cronometer/usda_sr24.jar").path]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
